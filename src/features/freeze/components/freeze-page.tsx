import { useState, type ReactNode } from 'react';
import Card from 'antd/es/card';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { FREEZE_STATUS, FREEZE_STATUSES, type FreezeStatus } from '@contract/freeze';
import type { FreezeListQuery, FreezeRecord } from '@contract/freeze-schemas';
import { CardTitle } from '@/components/card-title/card-title';
import { LIST_PAGE_SIZE, useListState } from '@/components/list-card/list-card';
import { ChoiceFilter, TextFilter, trimmedFilter } from '@/components/list-filter-bar/filter-fields';
import { ListFilterBar } from '@/components/list-filter-bar/list-filter-bar';
import { PagedTable } from '@/components/paged-table/paged-table';
import { freezeMessages } from '@/locales/zh-CN/freeze';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import { useExportFreezesMutation, useFreezesQuery } from '@/features/freeze/api/freeze-api';

const text = freezeMessages;

interface ListFilter {
  status?: FreezeStatus;
  packageNo?: string;
}

export interface FreezePageProps {
  /** Whether 导出 is offered (the user can open the export centre for the file). */
  canExport: boolean;
  /** A row's link to the bill's detail (its history shows 冻结 and 解除冻结), and the drawer it opens. */
  detail: { link: (packageId: string) => ReactNode; drawer: ReactNode };
}

function FreezeTable({
  label,
  query,
  emptyText,
  detail,
  page,
  onPage,
}: {
  label: string;
  query: Omit<FreezeListQuery, 'page' | 'size'>;
  emptyText: string;
  detail: FreezePageProps['detail'];
  page: number;
  onPage: (page: number) => void;
}) {
  const list = useFreezesQuery({ page, size: LIST_PAGE_SIZE, ...query });
  const columns: ColumnsType<FreezeRecord> = [
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.range, dataIndex: 'range', key: 'range' },
    { title: text.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
    { title: text.dueDate, dataIndex: 'dueDate', key: 'dueDate' },
    { title: text.risk, key: 'risk', render: (_, f) => text.risks[f.risk] },
    { title: text.authority, dataIndex: 'authority', key: 'authority' },
    { title: text.documentNo, dataIndex: 'documentNo', key: 'documentNo' },
    { title: text.frozenAt, key: 'frozenAt', render: (_, f) => formatDateTime(f.frozenAt) },
    {
      title: text.status,
      key: 'status',
      render: (_, f) => (
        <>
          <Tag color={f.status === FREEZE_STATUS.active ? 'blue' : 'default'}>{text.statuses[f.status]}</Tag>
          {f.liftedAt && `${text.lifted}：${f.liftAuthority ?? ''}（${f.liftDocumentNo ?? ''}）`}
        </>
      ),
    },
    { title: text.actions, key: 'actions', render: (_, f) => detail.link(f.packageId) },
  ];
  return (
    <PagedTable<FreezeRecord>
      list={list}
      page={page}
      pageSize={LIST_PAGE_SIZE}
      onPage={onPage}
      aria-label={label}
      rowKey="id"
      columns={columns}
      emptyText={emptyText}
      failedText={text.loadFailed}
    />
  );
}

/**
 * 冻结/解冻: the organisation's bills frozen now, then every freeze record with its authority and document,
 * filtered by status and package number. Freezes come from the bill registry, so the page only reads.
 */
export function FreezePage({ detail, canExport }: FreezePageProps) {
  const [exportList, exporting] = useExportFreezesMutation();
  const [activePage, setActivePage] = useState(0);
  const records = useListState<ListFilter>();
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16 }}>
      <Card title={<CardTitle level={1}>{text.title}</CardTitle>}>
        <p>{text.intro}</p>
        <FreezeTable
          label={text.frozenTitle}
          query={{ status: FREEZE_STATUS.active }}
          emptyText={text.emptyFrozen}
          detail={detail}
          page={activePage}
          onPage={setActivePage}
        />
      </Card>
      <Card title={<CardTitle>{text.recordsTitle}</CardTitle>}>
        <ListFilterBar<ListFilter, ListFilter>
          name="freezes-filter"
          filterOf={trimmedFilter}
          onSearch={records.search}
          exportList={
            canExport ? { run: () => exportList(records.filter), loading: exporting.isLoading } : undefined
          }
        >
          <ChoiceFilter
            name="status"
            label={text.statusFilter}
            placeholder={text.allStatuses}
            options={FREEZE_STATUSES.map((value) => ({ value, label: text.statuses[value] }))}
            width={120}
          />
          <TextFilter
            name="packageNo"
            label={text.packageNoFilter}
            placeholder={text.packageNoPlaceholder}
            maxLength={30}
          />
        </ListFilterBar>
        <FreezeTable
          label={text.recordsTitle}
          query={records.filter}
          emptyText={text.empty}
          detail={detail}
          page={records.page}
          onPage={records.setPage}
        />
      </Card>
      {detail.drawer}
    </div>
  );
}
