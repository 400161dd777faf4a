import { useState } from 'react';
import { useSearchParams } from 'react-router';
import Alert from 'antd/es/alert';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Space from 'antd/es/space';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { SIGN_WORKBENCH_BILL_PARAM } from '@contract/bills';
import type { BillApplication } from '@contract/bills-schemas';
import { billMessages } from '@/locales/zh-CN/bills';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import { usePendingApplicationsQuery } from '@/features/bills/api/bills-api';
import { useBillDetail } from './bill-detail-drawer';
import { useBillListFilter } from './bill-filter-bar';
import { PENDING_LIST_PREFIX, pendingListArgs } from './bill-list-params';
import { BillList } from './bill-list';
import { BatchAnswerModal, type BatchKind } from './batch-answer';
import { useLedgerActs } from './ledger-acts';
import { CardTitle } from '@/components/card-title/card-title';

const text = billMessages;

/**
 * 待签收: applications waiting for the organisation's answer, signed or refused here one by one or several at
 * once (one confirmation, a result per row). Opened from a to-do notice (`?bill=`), it shows that bill's
 * applications until the user asks for all of them.
 */
export function SignWorkbenchPage({ canExport = false }: { canExport?: boolean }) {
  const [params] = useSearchParams();
  const packageId = params.get(SIGN_WORKBENCH_BILL_PARAM) || undefined;
  const list = useBillListFilter(PENDING_LIST_PREFIX);
  const detail = useBillDetail();
  const acts = useLedgerActs();
  const pending = usePendingApplicationsQuery(pendingListArgs(params));
  const [selected, setSelected] = useState<BillApplication[]>([]);
  const [batch, setBatch] = useState<BatchKind | null>(null);
  // The same filter over every bill, from the first page: Back returns to the one bill.
  const showAll = () => list.search(list.filter, (next) => next.delete(SIGN_WORKBENCH_BILL_PARAM));
  // Only rows still on the page stay selected (a row answered elsewhere leaves it).
  const rows = pending.data?.content ?? [];
  const chosen = selected.filter((row) => rows.some((r) => r.id === row.id));

  const columns: ColumnsType<BillApplication> = [
    { title: text.kind, key: 'kind', render: (_, a) => <Tag color="gold">{a.kindLabel}</Tag> },
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.applicant, key: 'applicant', render: (_, a) => a.applicant.name },
    // On a phone the range and the time applied wait in the bill's 详情 (and the row's checkbox names the
    // range): the table's first render on the list's first screen is the page's heaviest work there.
    { title: text.range, dataIndex: 'range', key: 'range', responsive: ['md'] },
    { title: text.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
    { title: text.dueDate, dataIndex: 'dueDate', key: 'dueDate' },
    {
      title: text.appliedAt,
      key: 'appliedAt',
      responsive: ['md'],
      render: (_, a) => formatDateTime(a.appliedAt),
    },
    {
      title: text.actions,
      key: 'actions',
      render: (_, a) => (
        <>
          {detail.link(a.packageId)}
          {acts.buttons(
            {
              packageId: a.packageId,
              packageNo: a.packageNo,
              applicationId: a.id,
              kindLabel: a.kindLabel,
              amount: a.amount,
              counterparty: a.applicant.name,
              range: a.range,
            },
            a.actions,
          )}
        </>
      ),
    },
  ];

  return (
    <Card title={<CardTitle level={1}>{text.workbenchTitle}</CardTitle>}>
      {packageId && (
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 16 }}
          title={text.oneBillOnly(pending.data?.content[0]?.packageNo ?? '')}
          action={
            <Button size="small" onClick={showAll}>
              {text.showAll}
            </Button>
          }
        />
      )}
      <Space style={{ marginBottom: 12 }}>
        <Button type="primary" disabled={chosen.length === 0} onClick={() => setBatch('sign')}>
          {text.batchSign}
        </Button>
        <Button danger disabled={chosen.length === 0} onClick={() => setBatch('refuse')}>
          {text.batchRefuse}
        </Button>
      </Space>
      <BillList
        state={list}
        result={pending}
        columns={columns}
        emptyText={text.emptyPending}
        counterpartyLabel={text.applicant}
        list="bills-pending"
        canExport={canExport}
        restrictedTo={{ packageId }}
        rowSelection={{
          selectedRowKeys: chosen.map((row) => row.id),
          onChange: (_, picked) => setSelected(picked),
          getCheckboxProps: (row) => ({ 'aria-label': text.pickRow(row.packageNo, row.range) }),
        }}
      />
      {batch && (
        <BatchAnswerModal
          kind={batch}
          rows={chosen}
          onClose={(answered) => {
            setBatch(null);
            if (answered) setSelected([]);
          }}
        />
      )}
      {acts.modal}
      {detail.drawer}
    </Card>
  );
}
