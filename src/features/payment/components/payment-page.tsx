import { useState, type ReactNode } from 'react';
import App from 'antd/es/app';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Select from 'antd/es/select';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import type { Dayjs } from 'dayjs';
import { BILL_ACT } from '@contract/bills';
import { CLEARING, CLEARING_LABEL, CLEARINGS, type Clearing } from '@contract/discount';
import {
  OVERDUE_REASON_MAX,
  PAYMENT_ANSWER_BUSINESS_DAYS,
  PRESENTATION_PERIOD_DAYS,
  PAYMENT_REFUSAL,
  PAYMENT_REFUSAL_CODES,
  PAYMENT_REFUSAL_TEXT_MAX,
  PAYMENT_SIDES,
  PAYMENT_STATE_COLOR,
  PAYMENT_STATE_LABEL,
  REFUSAL_NO_FUNDS,
  REFUSAL_OTHER,
  type PaymentRefusalCode,
  type PaymentSide,
  type PaymentState,
} from '@contract/payment';
import type { PaymentCandidate, PaymentRecord } from '@contract/payment-schemas';
import { ConfirmActModal } from '@/components/act-summary/act-summary';
import { CardTitle } from '@/components/card-title/card-title';
import { useListState } from '@/components/list-card/list-card';
import { SidedListCard } from '@/components/list-card/sided-list-card';
import { RowActions } from '@/components/row-actions/row-actions';
import { PagedTable } from '@/components/paged-table/paged-table';
import { paymentMessages } from '@/locales/zh-CN/payment';
import { formatYuan } from '@/utils/amount';
import { formatDateTime } from '@/utils/date-time';
import {
  useExportPaymentsMutation,
  usePayPresentationMutation,
  usePaymentCandidatesQuery,
  usePaymentsQuery,
  usePresentPaymentMutation,
  useRefusePresentationMutation,
  useWithdrawPresentationMutation,
} from '@/features/payment/api/payment-api';
import { AnswerCountdown } from './answer-countdown';
import styles from './payment.module.css';

const text = paymentMessages;
const PAGE_SIZE = 10;
const DATE_FORMAT = 'YYYY-MM-DD';
/** DC08 is the bank's answer when the acceptor's account is short, not one the acceptor gives. */
const ACCEPTOR_REFUSAL_CODES = PAYMENT_REFUSAL_CODES.filter((code) => code !== REFUSAL_NO_FUNDS);
/** The answers and the withdrawal a presentation's row may offer, in the order they are shown. */
const ROW_ACTS = [BILL_ACT.pay, BILL_ACT.refusePayment, BILL_ACT.withdraw] as const;

interface ListFilter {
  state?: PaymentState;
  packageNo?: string;
  dueFrom?: string;
  dueTo?: string;
}

interface FilterFields {
  state?: PaymentState;
  packageNo?: string;
  due?: [Dayjs | null, Dayjs | null] | null;
}

/** The filter form as the list call takes it: the number trimmed, the due dates as days, empty values left out. */
function paymentFilterOf(values: FilterFields): ListFilter {
  const [from, to] = values.due ?? [null, null];
  return {
    ...(values.state ? { state: values.state } : {}),
    ...(values.packageNo?.trim() ? { packageNo: values.packageNo.trim() } : {}),
    ...(from ? { dueFrom: from.format(DATE_FORMAT) } : {}),
    ...(to ? { dueTo: to.format(DATE_FORMAT) } : {}),
  };
}

export interface PaymentPageProps {
  /** The list first shown: the acceptor's to-do opens on what it must answer. */
  initialSide?: PaymentSide;
  canExport: boolean;
  /** A row's link to the bill's detail, and the drawer it opens. */
  detail: { link: (packageId: string) => ReactNode; drawer: ReactNode };
  /** The way to 应付票据, what the organisation pays as acceptor by due date. */
  payableLink?: ReactNode;
}

/** An act on a row: presenting a candidate, or answering or withdrawing a presentation. */
type Acting =
  | { kind: 'present'; candidate: PaymentCandidate }
  | { kind: 'pay' | 'refusePayment' | 'withdraw'; record: PaymentRecord };

/**
 * 提示付款: above, the holder's received bills that are due and not yet presented, each presented (or, past
 * the presentation period, presented late with a reason); below, the presentations it made and those it must
 * answer as acceptor, filterable and exportable, the acceptor's with the time left to answer.
 */
export function PaymentPage({ initialSide = 'presenter', canExport, detail, payableLink }: PaymentPageProps) {
  const { message } = App.useApp();
  const listState = useListState<ListFilter, PaymentSide>(initialSide);
  const { side } = listState;
  const [candidatePage, setCandidatePage] = useState(0);
  const [acting, setActing] = useState<Acting | null>(null);
  const [answerForm] = Form.useForm<{
    reason?: string;
    clearing?: Clearing;
    code?: PaymentRefusalCode;
    text?: string;
  }>();

  const candidates = usePaymentCandidatesQuery({ page: candidatePage, size: PAGE_SIZE });
  const query = { side, ...listState.filter };
  const list = usePaymentsQuery({ page: listState.page, size: listState.size, ...query });
  const [present, presenting] = usePresentPaymentMutation();
  const [pay, paying] = usePayPresentationMutation();
  const [refuse, refusing] = useRefusePresentationMutation();
  const [withdraw, withdrawing] = useWithdrawPresentationMutation();
  const [exportList, exporting] = useExportPaymentsMutation();

  const close = () => {
    setActing(null);
    answerForm.resetFields();
  };

  const runAct = async () => {
    if (!acting) return;
    if (acting.kind === 'present') {
      const { candidate } = acting;
      let overdueReason: string | undefined;
      if (candidate.overdue) {
        // A missing reason is shown beside its field; the dialog stays open.
        const typed = await answerForm.validateFields(['reason']).catch(() => null);
        if (!typed) return;
        overdueReason = typed.reason?.trim();
      }
      const result = await present({
        holdingId: candidate.holdingId,
        ...(overdueReason ? { overdueReason } : {}),
      });
      if ('data' in result) void message.success(text.presented);
    } else if (acting.kind === 'pay') {
      const typed = await answerForm.validateFields(['clearing']).catch(() => null);
      if (!typed) return;
      const result = await pay({ id: acting.record.id, clearing: typed.clearing ?? CLEARING.online });
      // 线上 clearing the bank refused is a refusal for lack of funds: the server's words say which.
      if ('data' in result) {
        if (result.data?.state === 'paid') void message.success(text.paid);
        else void message.warning(PAYMENT_REFUSAL[REFUSAL_NO_FUNDS]);
      }
    } else if (acting.kind === 'refusePayment') {
      const typed = await answerForm.validateFields(['code', 'text']).catch(() => null);
      if (!typed?.code) return;
      const words = typed.text?.trim();
      const result = await refuse({
        id: acting.record.id,
        code: typed.code,
        ...(words ? { text: words } : {}),
      });
      if ('data' in result) void message.success(text.refused);
    } else {
      const result = await withdraw(acting.record.id);
      if ('data' in result) void message.success(text.withdrawn);
    }
    close();
  };

  const candidateColumns: ColumnsType<PaymentCandidate> = [
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.range, dataIndex: 'range', key: 'range' },
    { title: text.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
    { title: text.dueDate, dataIndex: 'maturityDate', key: 'maturityDate' },
    { title: text.acceptor, key: 'acceptor', render: (_, c) => c.acceptor.name },
    {
      title: text.periodEnd,
      key: 'periodEnd',
      render: (_, c) =>
        c.overdue ? (
          <>
            <Tag color="orange">{text.overdueTag}</Tag>
            <span className={styles.note}>{text.lastDay(c.lastDay)}</span>
          </>
        ) : (
          c.periodEnd
        ),
    },
    {
      title: text.actions,
      key: 'actions',
      render: (_, c) => (
        <RowActions
          detail={detail.link(c.packageId)}
          acts={['present']}
          names={{ present: c.overdue ? text.presentOverdue : text.present }}
          onAct={() => setActing({ kind: 'present', candidate: c })}
        />
      ),
    },
  ];

  const readAt = list.fulfilledTimeStamp ?? 0;
  const columns: ColumnsType<PaymentRecord> = [
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.range, dataIndex: 'range', key: 'range' },
    { title: text.amount, dataIndex: 'amount', key: 'amount', align: 'right', render: formatYuan },
    { title: text.dueDate, dataIndex: 'maturityDate', key: 'maturityDate' },
    side === 'presenter'
      ? { title: text.acceptor, key: 'acceptor', render: (_, p) => p.acceptor.name }
      : { title: text.presenter, key: 'presenter', render: (_, p) => p.presenter.name },
    {
      title: text.presentedOn,
      key: 'presentedOn',
      render: (_, p) => (
        <>
          {p.presentedOn}
          <span className={styles.note}>{text.presentedBy[p.presentedBy]}</span>
          {p.overdue && (
            <span className={styles.note}>
              {text.overdueReasonShown}：{p.overdueReason}
            </span>
          )}
        </>
      ),
    },
    {
      title: text.answerDue,
      key: 'answerDue',
      render: (_, p) =>
        p.answerLeftSeconds === null ? (
          p.answerDue
        ) : (
          <>
            <AnswerCountdownCell seconds={p.answerLeftSeconds} readAt={readAt} />
            <span className={styles.note}>{text.dueAt(formatDateTime(p.answerDueAt))}</span>
          </>
        ),
    },
    {
      title: text.status,
      key: 'state',
      render: (_, p) => (
        <>
          <Tag color={PAYMENT_STATE_COLOR[p.state]}>{PAYMENT_STATE_LABEL[p.state]}</Tag>
          {p.clearing && (
            <span className={styles.note}>{text.clearingShown(CLEARING_LABEL[p.clearing])}</span>
          )}
          {p.refusalCode && (
            <span className={styles.note}>
              {text.refusedAs(p.refusalCode, PAYMENT_REFUSAL[p.refusalCode])}
              {p.refusalText ? `：${p.refusalText}` : ''}
            </span>
          )}
        </>
      ),
    },
    {
      title: text.actions,
      key: 'actions',
      render: (_, p) => (
        <RowActions
          detail={detail.link(p.packageId)}
          acts={ROW_ACTS}
          offered={p.actions}
          names={text}
          danger={[BILL_ACT.refusePayment]}
          onAct={(kind) => setActing({ kind, record: p })}
        />
      ),
    },
  ];

  const summaryOf = (operation: string, r: PaymentRecord | PaymentCandidate, counterparty: string) => ({
    operation,
    packageNo: r.packageNo,
    amount: r.amount,
    counterparty,
    range: r.range,
  });

  return (
    <div className={styles.page}>
      <Card title={<CardTitle level={1}>{text.title}</CardTitle>}>
        <p className={styles.intro}>{text.intro(PRESENTATION_PERIOD_DAYS, PAYMENT_ANSWER_BUSINESS_DAYS)}</p>
        <h2 className={styles.sectionTitle}>{text.candidatesTitle}</h2>
        <PagedTable<PaymentCandidate>
          list={candidates}
          page={candidatePage}
          pageSize={PAGE_SIZE}
          onPage={setCandidatePage}
          aria-label={text.candidatesLabel}
          rowKey="holdingId"
          columns={candidateColumns}
          emptyText={text.candidatesEmpty}
          failedText={text.candidatesFailed}
          hideOnSinglePage
        />
      </Card>
      <SidedListCard<PaymentRecord, FilterFields, ListFilter, PaymentSide>
        text={text}
        extra={payableLink}
        state={listState}
        sides={PAYMENT_SIDES}
        filterName="payments-filter"
        statuses={PAYMENT_STATE_LABEL}
        statusField="state"
        packageNoMax={30}
        filterOf={paymentFilterOf}
        exportList={canExport ? { run: () => exportList(query), loading: exporting.isLoading } : undefined}
        list={list}
        columns={columns}
      >
        <Form.Item name="due" label={text.dueFilter}>
          <DatePicker.RangePicker
            allowEmpty={[true, true]}
            placeholder={[text.dueFrom, text.dueTo]}
            format={DATE_FORMAT}
          />
        </Form.Item>
      </SidedListCard>
      {acting?.kind === 'present' && !acting.candidate.overdue && (
        <ConfirmActModal
          summary={summaryOf(text.present, acting.candidate, acting.candidate.acceptor.name)}
          loading={presenting.isLoading}
          onConfirm={() => void runAct()}
          onCancel={close}
        />
      )}
      {acting?.kind === 'withdraw' && (
        <ConfirmActModal
          summary={summaryOf(text.withdrawOperation, acting.record, acting.record.acceptor.name)}
          loading={withdrawing.isLoading}
          onConfirm={() => void runAct()}
          onCancel={close}
        />
      )}
      {acting &&
        (acting.kind === 'pay' || acting.kind === 'refusePayment' || acting.kind === 'present') &&
        (acting.kind !== 'present' || acting.candidate.overdue) && (
          <Modal
            open
            title={
              acting.kind === 'pay'
                ? text.payOperation
                : acting.kind === 'refusePayment'
                  ? text.refuseOperation
                  : text.presentOverdue
            }
            okText={
              acting.kind === 'pay'
                ? text.pay
                : acting.kind === 'refusePayment'
                  ? text.refusePayment
                  : text.presentOverdue
            }
            okButtonProps={{ danger: acting.kind === 'refusePayment' }}
            cancelText={text.cancel}
            onOk={() => void runAct()}
            onCancel={close}
            confirmLoading={paying.isLoading || refusing.isLoading || presenting.isLoading}
            destroyOnHidden
          >
            <dl className={styles.facts}>
              <dt>{text.packageNo}</dt>
              <dd>{acting.kind === 'present' ? acting.candidate.packageNo : acting.record.packageNo}</dd>
              <dt>{text.amount}</dt>
              <dd>
                {formatYuan(acting.kind === 'present' ? acting.candidate.amount : acting.record.amount)}
              </dd>
              <dt>{acting.kind === 'present' ? text.acceptor : text.presenter}</dt>
              <dd>
                {acting.kind === 'present' ? acting.candidate.acceptor.name : acting.record.presenter.name}
              </dd>
            </dl>
            <Form
              form={answerForm}
              layout="vertical"
              name={`payment-${acting.kind}`}
              initialValues={{ clearing: CLEARING.online }}
            >
              {acting.kind === 'present' && (
                <Form.Item
                  name="reason"
                  label={text.overdueReason}
                  extra={text.overdueHint(OVERDUE_REASON_MAX)}
                  rules={[{ required: true, whitespace: true, message: text.overdueReasonRequired }]}
                >
                  <Input.TextArea maxLength={OVERDUE_REASON_MAX} showCount rows={3} />
                </Form.Item>
              )}
              {acting.kind === 'pay' && (
                <Form.Item name="clearing" label={text.clearing} extra={text.clearingHint}>
                  <Radio.Group
                    options={CLEARINGS.map((value) => ({ value, label: CLEARING_LABEL[value] }))}
                  />
                </Form.Item>
              )}
              {acting.kind === 'refusePayment' && (
                <>
                  <Form.Item
                    name="code"
                    label={text.refusalCode}
                    rules={[{ required: true, message: text.refusalCodeRequired }]}
                  >
                    <Select
                      aria-label={text.refusalCode}
                      options={ACCEPTOR_REFUSAL_CODES.map((code) => ({
                        value: code,
                        label: text.refusedAs(code, PAYMENT_REFUSAL[code]),
                      }))}
                    />
                  </Form.Item>
                  <Form.Item
                    name="text"
                    label={text.refusalText}
                    rules={[
                      // Required with 其他 only: read from the form when it is checked, not from the last render.
                      ({ getFieldValue }) => ({
                        validator: async (_, value?: string) => {
                          if (getFieldValue('code') === REFUSAL_OTHER && !value?.trim())
                            throw new Error(text.refusalTextRequired);
                        },
                      }),
                    ]}
                  >
                    <Input.TextArea maxLength={PAYMENT_REFUSAL_TEXT_MAX} showCount rows={3} />
                  </Form.Item>
                </>
              )}
            </Form>
          </Modal>
        )}
      {detail.drawer}
    </div>
  );
}

function AnswerCountdownCell({ seconds, readAt }: { seconds: number; readAt: number }) {
  return readAt === 0 ? null : <AnswerCountdown seconds={seconds} readAt={readAt} />;
}
