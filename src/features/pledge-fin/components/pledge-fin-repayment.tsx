import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Descriptions from 'antd/es/descriptions';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { PLEDGE_FIN_STATE } from '@contract/pledge-fin';
import type { PledgeFinDetail, SchedulePayment } from '@contract/pledge-fin-schemas';
import { CardTitle } from '@/components/card-title/card-title';
import { Table } from '@/components/data-table/data-table';
import { pledgeFinMessages } from '@/locales/zh-CN/pledge-fin';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import { usePayPledgeFinInstallmentMutation, useRetryPledgeFinRestMutation } from '../api/pledge-fin-api';
import styles from './pledge-fin.module.css';

const text = pledgeFinMessages;

/**
 * The interest page (还息中): the payment due now, overdue with its penalty once its day has passed, paid
 * from the settlement account after a confirmation (the request layer asks for the QR or SMS code); the
 * last one repays the principal and frees the bills.
 */
export function RepaymentSection({ financing }: { financing: PledgeFinDetail }) {
  const { message, modal } = App.useApp();
  const [pay, paying] = usePayPledgeFinInstallmentMutation();
  const due = financing.nextPayment;
  if (financing.state !== PLEDGE_FIN_STATE.repaying || !due) {
    return <Alert type="info" showIcon title={text.interestStateHint} />;
  }
  const askPay = () =>
    modal.confirm({
      title: text.payConfirmTitle(due.seq),
      content: text.payConfirm(formatYuan(due.amount)),
      okText: text.confirm,
      cancelText: text.close,
      // The confirmation closes before the call: the verification dialog that follows must not sit under it.
      onOk: () => {
        void pay({ id: financing.id, seq: due.seq })
          .unwrap()
          .then((paid) =>
            message.success(paid.state === PLEDGE_FIN_STATE.settled ? text.settledNow : text.paid),
          )
          .catch(() => undefined);
      },
    });
  return (
    <Card title={<CardTitle>{text.nextPayment}</CardTitle>}>
      <Descriptions column={{ xs: 1, md: 2 }} size="small" aria-label={text.nextPayment}>
        <Descriptions.Item label={text.seq}>{text.paymentSeq(due.seq)}</Descriptions.Item>
        <Descriptions.Item label={text.dueDate}>
          {due.dueDate}
          {due.overdueDays > 0 && (
            <Tag color="red" className={styles.overdue}>
              {text.overdueTag(due.overdueDays)}
            </Tag>
          )}
        </Descriptions.Item>
        <Descriptions.Item label={text.interestColumn}>{formatYuan(due.interest)}</Descriptions.Item>
        <Descriptions.Item label={text.principalColumn}>{formatYuan(due.principal)}</Descriptions.Item>
        <Descriptions.Item label={text.overdueDays}>{due.overdueDays}</Descriptions.Item>
        <Descriptions.Item label={text.penalty}>{formatYuan(due.penalty)}</Descriptions.Item>
        {partlyPaid(due.paidSoFar) && (
          <Descriptions.Item label={text.paidSoFar}>{formatYuan(due.paidSoFar)}</Descriptions.Item>
        )}
        <Descriptions.Item label={text.amountDue}>
          <span className={styles.money}>{formatYuan(due.amount)}</span>
        </Descriptions.Item>
        {financing.owed !== null && (
          <Descriptions.Item label={text.owed}>{formatYuan(financing.owed)}</Descriptions.Item>
        )}
      </Descriptions>
      <p>{due.last ? text.lastPaymentHint : text.earlyHint}</p>
      <Button type="primary" loading={paying.isLoading} onClick={askPay}>
        {text.pay(due.seq)}
      </Button>
    </Card>
  );
}

/**
 * What the institution still owes of the proceeds of a bill that matured pledged, its bank having refused the
 * transfer: said on every sub-page, with the way to ask for it again once the account can receive it.
 */
export function RestOwedSection({ financing }: { financing: PledgeFinDetail }) {
  const { message, modal } = App.useApp();
  const [retry, retrying] = useRetryPledgeFinRestMutation();
  const owed = financing.restOwed;
  if (owed === null) return null;
  const askRetry = () =>
    modal.confirm({
      title: text.retryRestConfirmTitle,
      content: text.retryRestConfirm(formatYuan(owed)),
      okText: text.confirm,
      cancelText: text.close,
      onOk: async () => {
        const done = await retry({ id: financing.id });
        if ('data' in done) {
          void (done.data?.restOwed === null
            ? message.success(text.restPaid)
            : message.warning(text.restStillRefused));
        }
      },
    });
  return (
    <Alert
      type="warning"
      showIcon
      title={text.restOwedHint(formatYuan(owed))}
      action={
        <Button size="small" type="primary" loading={retrying.isLoading} onClick={askRetry}>
          {text.retryRest}
        </Button>
      }
    />
  );
}

/** A payment the proceeds of a matured pledged bill paid part of: the wire's yuan text is never negative. */
const partlyPaid = (paidSoFar: string) => paidSoFar !== '0.00';

/** The schedule with what was paid of it: when, by whom, any penalty, and what remains of one paid in part. */
export function PaymentsTable({ financing }: { financing: PledgeFinDetail }) {
  const paid = new Map(financing.payments.map((p) => [p.seq, p]));
  const due = financing.nextPayment;
  const part = due && partlyPaid(due.paidSoFar) ? due : null;
  const columns: ColumnsType<SchedulePayment> = [
    { title: text.seq, dataIndex: 'seq', key: 'seq' },
    { title: text.dueDate, dataIndex: 'endDate', key: 'due' },
    { title: text.interestColumn, key: 'interest', align: 'right', render: (_, p) => formatYuan(p.interest) },
    {
      title: text.principalColumn,
      key: 'principal',
      align: 'right',
      render: (_, p) => formatYuan(p.principal),
    },
    {
      title: text.penalty,
      key: 'penalty',
      align: 'right',
      render: (_, p) => formatYuan(paid.get(p.seq)?.penalty ?? '0.00'),
    },
    {
      title: text.statusColumn,
      key: 'status',
      render: (_, p) => {
        if (paid.has(p.seq)) return <Tag color="green">{text.paidStatus}</Tag>;
        if (part?.seq === p.seq) return <Tag color="orange">{text.partPaidStatus}</Tag>;
        return <Tag>{text.unpaidStatus}</Tag>;
      },
    },
    {
      title: text.paidAt,
      key: 'paidAt',
      render: (_, p) => {
        const payment = paid.get(p.seq);
        if (payment) return `${formatDateTime(payment.paidAt)} ${payment.payerName}`;
        if (part?.seq === p.seq) return text.partPaid(formatYuan(part.paidSoFar), formatYuan(part.amount));
        return '—';
      },
    },
  ];
  return (
    <Table<SchedulePayment>
      rowKey="seq"
      size="small"
      aria-label={text.paymentsTitle}
      columns={columns}
      dataSource={financing.cost?.schedule ?? []}
      pagination={false}
    />
  );
}
