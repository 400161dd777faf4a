import { Fragment, useState } from 'react';
import Button from 'antd/es/button';
import Descriptions from 'antd/es/descriptions';
import Drawer from 'antd/es/drawer';
import Skeleton from 'antd/es/skeleton';
import type { ColumnsType } from 'antd/es/table';
import { Table } from '@/components/data-table/data-table';
import Timeline from 'antd/es/timeline';
import Typography from 'antd/es/typography';
import Space from 'antd/es/space';
import { skipToken } from '@reduxjs/toolkit/query';
import { billRange } from '@contract/bills';
import type { BillEvent, Holding } from '@contract/bills-schemas';
import { billMessages } from '@/locales/zh-CN/bills';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import { useBillDetailQuery } from '@/features/bills/api/bills-api';
import { BillStatusTag, CirculationTag, ListError } from './bill-parts';
import { BillFace } from './bill-face';
import { useLedgerActs } from './ledger-acts';
import { amountFen } from '@/components/amount-input/amount';

const text = billMessages;

// A holding that ended is history: its last flags (已锁定 while it left) are not shown as if still held.
const holdingColumns: ColumnsType<Holding> = [
  { title: text.range, dataIndex: 'range', key: 'range' },
  { title: text.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
  {
    title: text.status,
    key: 'status',
    render: (_, h) => (h.endedAt === null ? <BillStatusTag status={h.billStatus} /> : '--'),
  },
  {
    title: text.circulation,
    key: 'circulation',
    render: (_, h) => (h.endedAt === null ? <CirculationTag flag={h.circulation} /> : text.holdingEnded),
  },
  {
    title: text.held,
    key: 'held',
    render: (_, h) => (h.endedAt === null ? text.held : `${text.ended} ${formatDateTime(h.endedAt)}`),
  },
];

function eventLine(event: BillEvent): string {
  const parties = [event.from?.name, event.to?.name].filter(Boolean).join(' → ');
  const reason = event.reason ? `，${text.reason}：${event.reason}` : '';
  return `${event.label} · ${parties} · ${formatYuan(event.amount)} 元（${event.range}）${reason}`;
}

/**
 * A bill list's 详情: `link(packageId)` is the row's link that opens the detail, `drawer` the drawer the
 * screen renders once, beside its lists.
 */
export function useBillDetail() {
  const [id, setId] = useState<string | null>(null);
  // Drawn from its first opening on (and kept, so it can slide out): a list's first paint does not carry
  // the drawer, its acts and antd's styles for them.
  const [opened, setOpened] = useState(false);
  const open = (packageId: string | null) => {
    if (packageId !== null) setOpened(true);
    setId(packageId);
  };
  return {
    link: (packageId: string) => (
      <Button type="link" onClick={() => open(packageId)}>
        {text.detail}
      </Button>
    ),
    open,
    drawer: opened ? <BillDetailDrawer id={id} onClose={() => setId(null)} /> : null,
  };
}

/** 票据详情: the face, parties and dates, the organisation's holdings, and the chain as a timeline. */
export function BillDetailDrawer({ id, onClose }: { id: string | null; onClose: () => void }) {
  const detail = useBillDetailQuery(id ?? skipToken);
  // The bill asked for and no other: `data` would go on showing the bill opened before, acts and all, until
  // this one's answer arrives.
  const data = detail.currentData;
  const acts = useLedgerActs();
  const wholeRange = data ? billRange(data.bill.splittable, 1, amountFen(data.bill.amount) ?? 0) : '';
  return (
    <Drawer open={id !== null} onClose={onClose} title={text.detailTitle} size="large" destroyOnHidden>
      <ListError error={detail.error} onRetry={() => void detail.refetch()} />
      {!data && detail.isFetching && <Skeleton active />}
      {data && (
        <>
          <Descriptions column={2} size="small" bordered>
            <Descriptions.Item label={text.packageNo} span={2}>
              <Typography.Text copyable>{data.bill.packageNo}</Typography.Text>
            </Descriptions.Item>
            <Descriptions.Item label={text.amount}>{formatYuan(data.bill.amount)}</Descriptions.Item>
            <Descriptions.Item label={text.status}>
              <BillStatusTag status={data.bill.billStatus} />
            </Descriptions.Item>
            <Descriptions.Item label={text.drawer}>{data.bill.drawer.name}</Descriptions.Item>
            <Descriptions.Item label={text.acceptor}>{data.bill.acceptor.name}</Descriptions.Item>
            <Descriptions.Item label={text.payee}>{data.bill.payee.name}</Descriptions.Item>
            <Descriptions.Item label={text.noTransfer}>
              {data.bill.noTransfer ? '是' : '否'}
            </Descriptions.Item>
            <Descriptions.Item label={text.issueDate}>{data.bill.issueDate}</Descriptions.Item>
            <Descriptions.Item label={text.dueDate}>{data.bill.dueDate}</Descriptions.Item>
            <Descriptions.Item label={text.remark} span={2}>
              {data.bill.remark || '--'}
            </Descriptions.Item>
          </Descriptions>
          {(data.bill.actions.length > 0 || data.applications.some((a) => a.actions.length > 0)) && (
            <Space wrap style={{ marginTop: 12 }} data-testid="detail-acts">
              {acts.buttons(
                {
                  packageId: data.bill.id,
                  packageNo: data.bill.packageNo,
                  amount: data.bill.amount,
                  counterparty: data.bill.payee.name,
                  acceptor: data.bill.acceptor.name,
                  range: wholeRange,
                },
                data.bill.actions,
              )}
              {data.applications.map((a) => (
                <Fragment key={a.id}>
                  {acts.buttons(
                    {
                      packageId: a.packageId,
                      packageNo: a.packageNo,
                      applicationId: a.id,
                      kindLabel: a.kindLabel,
                      amount: a.amount,
                      counterparty: a.actions.includes('withdraw') ? a.receiver.name : a.applicant.name,
                      range: a.range,
                    },
                    a.actions,
                  )}
                </Fragment>
              ))}
            </Space>
          )}
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {text.face}
          </Typography.Title>
          <BillFace detail={data} />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {text.myHoldings}
          </Typography.Title>
          <Table
            rowKey="id"
            size="small"
            columns={holdingColumns}
            dataSource={data.holdings}
            pagination={false}
            locale={{ emptyText: text.emptyHeld }}
          />
          <Typography.Title level={5} style={{ marginTop: 24 }}>
            {text.chain}
          </Typography.Title>
          <Timeline
            items={data.events.map((event) => ({
              key: event.id,
              color: event.type === 'refused' ? 'red' : event.type === 'signed' ? 'green' : 'blue',
              title: formatDateTime(event.at),
              content: eventLine(event),
            }))}
          />
        </>
      )}
      {acts.modal}
    </Drawer>
  );
}
