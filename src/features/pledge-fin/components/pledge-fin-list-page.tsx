import { useState } from 'react';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import { Link, useNavigate } from 'react-router';
import {
  PLEDGE_FIN_START_PAGE,
  PLEDGE_FIN_STATE,
  PLEDGE_FIN_STATE_LABEL,
  PLEDGE_FIN_STATES,
} from '@contract/pledge-fin';
import type { PledgeFinFilter, PledgeFinSummary } from '@contract/pledge-fin-schemas';
import { CardTitle } from '@/components/card-title/card-title';
import { useListState } from '@/components/list-card/list-card';
import { compactFilter } from '@/components/list-filter-bar/filter-fields';
import { PagedTable } from '@/components/paged-table/paged-table';
import { pledgeFinancingStartPath } from '@/config/paths';
import { pledgeFinMessages } from '@/locales/zh-CN/pledge-fin';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import { usePledgeFinancingsQuery } from '../api/pledge-fin-api';
import { PledgeFinStateTag } from './pledge-fin-state';
import styles from './pledge-fin.module.css';

const text = pledgeFinMessages;
/** The id the start page takes for an application not yet saved. */
export const NEW_FINANCING = 'new';

/** Where a financing opens: its state's sub-page (spec section 2), the detail for any other state. */
export const startPathOf = (financing: Pick<PledgeFinSummary, 'id' | 'state'>) =>
  pledgeFinancingStartPath(PLEDGE_FIN_START_PAGE[financing.state] ?? 'detail', financing.id);

/** 质押融资's list (融资服务): the organisation's financings, newest first, with the start of a new one. */
export function PledgeFinListPage() {
  const [typed, setTyped] = useState<PledgeFinFilter>({});
  const listState = useListState<PledgeFinFilter>();
  const list = usePledgeFinancingsQuery({
    page: listState.page,
    size: listState.size,
    filter: listState.filter,
  });
  const navigate = useNavigate();

  const search = (next: PledgeFinFilter) => listState.search(compactFilter(next));

  const columns: ColumnsType<PledgeFinSummary> = [
    { title: text.finNo, dataIndex: 'finNo', key: 'finNo' },
    { title: text.institution, key: 'institution', render: (_, f) => f.institution?.name ?? '—' },
    { title: text.product, key: 'product', render: (_, f) => f.product?.name ?? '—' },
    {
      title: text.amount,
      key: 'amount',
      align: 'right',
      render: (_, f) => <span className={styles.money}>{f.amount ? formatYuan(f.amount) : '—'}</span>,
    },
    { title: text.maturityDate, key: 'maturity', render: (_, f) => f.maturityDate ?? '—' },
    { title: text.billCount, key: 'bills', render: (_, f) => text.bills(f.billCount) },
    { title: text.applicant, dataIndex: 'applicantName', key: 'applicant' },
    { title: text.createdAt, key: 'createdAt', render: (_, f) => formatDateTime(f.createdAt) },
    { title: text.state, key: 'state', render: (_, f) => <PledgeFinStateTag state={f.state} /> },
    {
      title: text.actions,
      key: 'actions',
      render: (_, f) => (
        <Link
          to={startPathOf(f)}
          aria-label={`${f.state === PLEDGE_FIN_STATE.draft ? text.continueEdit : text.view}${f.finNo}`}
        >
          {f.state === PLEDGE_FIN_STATE.draft ? text.continueEdit : text.view}
        </Link>
      ),
    },
  ];

  return (
    <div className={styles.page}>
      <Card
        title={<CardTitle level={1}>{text.title}</CardTitle>}
        extra={
          <Button
            type="primary"
            onClick={() => void navigate(pledgeFinancingStartPath('open-add', NEW_FINANCING))}
          >
            {text.start}
          </Button>
        }
      >
        <p className={styles.intro}>{text.intro}</p>
        <div className={styles.filters}>
          <Input
            aria-label={text.finNoFilter}
            placeholder={text.finNoFilter}
            className={styles.filterInput}
            value={typed.finNo ?? ''}
            onChange={(event) => setTyped({ ...typed, finNo: event.target.value })}
            onPressEnter={() => search(typed)}
          />
          <Select
            aria-label={text.stateFilter}
            className={styles.filterInput}
            value={typed.state ?? ''}
            onChange={(state: string) => {
              const next = { ...typed, state };
              setTyped(next);
              search(next);
            }}
            options={[
              { value: '', label: text.allStates },
              ...PLEDGE_FIN_STATES.map((state) => ({ value: state, label: PLEDGE_FIN_STATE_LABEL[state] })),
            ]}
          />
          <Button onClick={() => search(typed)}>{text.search}</Button>
        </div>
        <PagedTable<PledgeFinSummary>
          list={list}
          page={listState.page}
          pageSize={listState.size}
          onPage={listState.setPage}
          aria-label={text.listTitle}
          rowKey="id"
          columns={columns}
          emptyText={text.empty}
          failedText={text.loadFailed}
        />
      </Card>
    </div>
  );
}
