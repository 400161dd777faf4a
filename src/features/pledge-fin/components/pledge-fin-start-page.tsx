import { useEffect, useState } from 'react';
import Alert from 'antd/es/alert';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import DatePicker from 'antd/es/date-picker';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Select from 'antd/es/select';
import Tag from 'antd/es/tag';
import type { ColumnsType } from 'antd/es/table';
import Timeline from 'antd/es/timeline';
import { skipToken } from '@reduxjs/toolkit/query';
import Big from 'big.js';
import dayjs, { type Dayjs } from 'dayjs';
import { Link, useNavigate } from 'react-router';
import { CIRCULATION } from '@contract/bills';
import type { Holding } from '@contract/bills-schemas';
import { PLEDGE_STATUS_COLOR, PLEDGE_STATUS_LABEL } from '@contract/pledge';
import {
  APPROVAL_RESULT,
  PLEDGE_FIN_ACTION_LABEL,
  PLEDGE_FIN_CANCELLABLE,
  PLEDGE_FIN_STATE,
  PURPOSE_MAX,
  REPAYMENT_MODE_LABEL,
  OPINION_MAX,
  type PledgeFinState,
} from '@contract/pledge-fin';
import type {
  PledgeCostRequest,
  PledgeFinBill,
  PledgeFinDetail,
  PledgeFinProduct,
  SchedulePayment,
} from '@contract/pledge-fin-schemas';
import { AmountInput } from '@/components/amount-input/amount-input';
import { amountRules, amountText, isAmount } from '@/components/amount-input/amount';
import { CardTitle } from '@/components/card-title/card-title';
import { Table } from '@/components/data-table/data-table';
import { useLiveFigures } from '@/components/offer-form/live-figures';
import { paths, pledgeFinancingStartPath } from '@/config/paths';
import { scrollToFirstError } from '@/lib/form';
import { commonMessages } from '@/locales/zh-CN/common';
import { pledgeFinMessages } from '@/locales/zh-CN/pledge-fin';
import { amountInWords, formatYuan } from '@/utils/amount';
import { formatDateTime, shanghaiToday } from '@/utils/date-time';
import {
  useApprovePledgeFinMutation,
  useCancelPledgeFinMutation,
  useOrgFinanceConfigQuery,
  usePledgeCostQuery,
  usePledgeFinDetailQuery,
  usePledgeFinHistoryQuery,
  usePledgeFinProductsQuery,
  useSavePledgeFinMutation,
  useSubmitPledgeFinMutation,
} from '../api/pledge-fin-api';
import { NEW_FINANCING, startPathOf } from './pledge-fin-list-page';
import { PaymentsTable, RepaymentSection, RestOwedSection } from './pledge-fin-repayment';
import { SigningSection, type ContractSigner } from './pledge-fin-signing';
import { PledgeFinStateTag } from './pledge-fin-state';
import styles from './pledge-fin.module.css';

const text = pledgeFinMessages;

export interface PledgeFinStartPageProps {
  /** open-add, sign, interest or detail (spec section 2). */
  page: string;
  /** The financing's id, or `new` for an application not yet saved. */
  bizId: string;
  orgId: string;
  /** The organisation's received holdings (the ledger's held list); the pledgeable are offered. */
  holdings: Holding[];
  holdingsLoading: boolean;
  /** Whether the user holds 质押融资审批. */
  canApprove: boolean;
  /** How the sign page signs the contracts (the e-contract module's pieces, composed by the screen). */
  signer?: ContractSigner;
}

/** The pledge-financing start page: the application form (open-add), or the financing as it stands. */
export function PledgeFinStartPage(props: PledgeFinStartPageProps) {
  if (props.page === 'open-add') return <OpenAdd {...props} />;
  return (
    <FinancingView page={props.page} id={props.bizId} canApprove={props.canApprove} signer={props.signer} />
  );
}

interface ApplicationForm {
  productId?: string;
  holdingIds?: string[];
  amount?: string;
  maturityDate?: Dayjs;
  purpose?: string;
}

/** What may be lent against a bill at the product's ratio, rounded down to the fen as the server does. */
const pledgeValueOf = (amount: string, ratio: string) =>
  new Big(amount).times(ratio).div(100).round(2, Big.roundDown).toFixed(2);

function OpenAdd({ bizId, orgId, holdings, holdingsLoading }: PledgeFinStartPageProps) {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<ApplicationForm>();
  const values = (Form.useWatch([], form) as ApplicationForm | undefined) ?? {};
  const existing = usePledgeFinDetailQuery(bizId === NEW_FINANCING ? skipToken : bizId);
  const products = usePledgeFinProductsQuery();
  const config = useOrgFinanceConfigQuery(orgId || skipToken);
  const [save, saving] = useSavePledgeFinMutation();
  const [submit, submitting] = useSubmitPledgeFinMutation();
  const today = shanghaiToday();

  const draft = existing.data;
  useEffect(() => {
    if (!draft) return;
    if (draft.state !== PLEDGE_FIN_STATE.draft) {
      void navigate(startPathOf(draft), { replace: true });
      return;
    }
    form.setFieldsValue({
      productId: draft.product?.id,
      holdingIds: draft.bills.map((bill) => bill.holdingId),
      amount: draft.amount ?? undefined,
      maturityDate: draft.maturityDate ? dayjs(draft.maturityDate) : undefined,
      purpose: draft.purpose || undefined,
    });
  }, [draft, form, navigate]);

  const product: PledgeFinProduct | undefined = products.data?.find((p) => p.id === values.productId);
  const line = config.data?.creditLines.find((l) => l.institution.orgId === product?.institution.orgId);
  const choices = holdings.filter(
    (h) => h.circulation === CIRCULATION.negotiable && !h.noTransfer && h.dueDate > today,
  );
  const chosen = choices.filter((h) => values.holdingIds?.includes(h.id));
  const pledgeValue =
    product && chosen.length > 0
      ? chosen
          .reduce((sum, h) => sum.plus(pledgeValueOf(h.amount, product.pledgeRatio)), new Big(0))
          .toFixed(2)
      : null;
  const earliest = chosen.map((h) => h.dueDate).sort()[0] ?? null;
  const maturity = values.maturityDate?.format('YYYY-MM-DD');
  const costArgs: PledgeCostRequest | null =
    product && values.amount && isAmount(values.amount) && maturity && maturity > today
      ? {
          principal: amountText(values.amount),
          productId: product.id,
          valueDate: today,
          maturityDate: maturity,
        }
      : null;
  const { figures, working } = useLiveFigures(costArgs, usePledgeCostQuery);

  const saveDraft = async () => {
    const typed = form.getFieldsValue();
    const result = await save({
      ...(bizId === NEW_FINANCING ? {} : { id: bizId }),
      ...(typed.productId ? { productId: typed.productId } : {}),
      holdingIds: typed.holdingIds ?? [],
      ...(typed.amount && isAmount(typed.amount) ? { amount: amountText(typed.amount) } : {}),
      ...(typed.maturityDate ? { maturityDate: typed.maturityDate.format('YYYY-MM-DD') } : {}),
      purpose: typed.purpose ?? '',
    });
    if ('data' in result && result.data) {
      void message.success(text.saved);
      if (bizId === NEW_FINANCING) {
        void navigate(pledgeFinancingStartPath('open-add', result.data.id), { replace: true });
      }
    }
  };

  const onFinish = async (typed: ApplicationForm) => {
    const result = await submit({
      ...(bizId === NEW_FINANCING ? {} : { id: bizId }),
      productId: typed.productId!,
      holdingIds: typed.holdingIds!,
      amount: amountText(typed.amount!),
      maturityDate: typed.maturityDate!.format('YYYY-MM-DD'),
      purpose: typed.purpose!.trim(),
    });
    if ('data' in result && result.data) {
      void message.success(text.submitted);
      void navigate(startPathOf(result.data));
    }
  };

  return (
    <div className={styles.page}>
      <div className={styles.row}>
        <Card title={<CardTitle level={1}>{text.openAddTitle}</CardTitle>} className={styles.formCard}>
          <p className={styles.intro}>{text.intro}</p>
          <Form<ApplicationForm>
            form={form}
            name="pledge-fin"
            layout="vertical"
            scrollToFirstError={scrollToFirstError}
            onFinish={(typed) => void onFinish(typed)}
          >
            <Form.Item
              name="productId"
              label={text.product}
              rules={[{ required: true, message: text.productRequired }]}
              extra={
                product && (
                  <>
                    {text.productTerms(
                      formatYuan(product.minAmount),
                      formatYuan(product.maxAmount),
                      product.maxTermDays,
                      REPAYMENT_MODE_LABEL[product.repaymentMode],
                    )}
                    <br />
                    {line
                      ? text.creditLine(formatYuan(line.available), formatYuan(line.line))
                      : text.noCreditLine}
                  </>
                )
              }
            >
              <Select
                placeholder={text.productPlaceholder}
                loading={products.isFetching}
                options={(products.data ?? []).map((p) => ({
                  value: p.id,
                  label: text.productOption(p.name, p.institution.name, p.annualRate, p.pledgeRatio),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="holdingIds"
              label={text.billsLabel}
              rules={[{ required: true, message: text.billsRequired }]}
              extra={
                <>
                  {text.billsHint}
                  {pledgeValue && (
                    <>
                      <br />
                      {text.pledgeValue(formatYuan(pledgeValue))}
                    </>
                  )}
                </>
              }
            >
              <Select
                mode="multiple"
                placeholder={text.billsPlaceholder}
                loading={holdingsLoading}
                optionFilterProp="label"
                options={choices.map((h) => ({
                  value: h.id,
                  label: text.billOption(
                    h.packageNo,
                    formatYuan(h.amount),
                    h.dueDate,
                    product ? formatYuan(pledgeValueOf(h.amount, product.pledgeRatio)) : null,
                  ),
                }))}
              />
            </Form.Item>
            <Form.Item
              name="amount"
              label={text.amount}
              rules={amountRules({ requiredLabel: text.amount })}
              extra={
                values.amount && isAmount(values.amount)
                  ? text.capitals(amountInWords(amountText(values.amount)))
                  : undefined
              }
            >
              <AmountInput placeholder={text.amountPlaceholder} withUnit />
            </Form.Item>
            <Form.Item
              name="maturityDate"
              label={text.maturityDate}
              rules={[{ required: true, message: text.maturityRequired }]}
              extra={text.maturityHint(earliest)}
            >
              <DatePicker
                style={{ width: '100%' }}
                disabledDate={(date) =>
                  date.format('YYYY-MM-DD') <= today ||
                  (earliest !== null && date.format('YYYY-MM-DD') > earliest)
                }
              />
            </Form.Item>
            <Form.Item
              name="purpose"
              label={text.purpose}
              rules={[{ required: true, whitespace: true, message: text.purposeRequired }]}
            >
              <Input placeholder={text.purposePlaceholder} maxLength={PURPOSE_MAX} />
            </Form.Item>
            <div className={styles.buttons}>
              <Button onClick={() => void saveDraft()} loading={saving.isLoading}>
                {text.saveDraft}
              </Button>
              <Button type="primary" htmlType="submit" loading={submitting.isLoading}>
                {text.submit}
              </Button>
            </div>
          </Form>
        </Card>
        <Card title={<CardTitle>{text.costTitle}</CardTitle>} className={styles.costCard}>
          {figures ? (
            <>
              <Descriptions column={1} size="small" aria-label={text.costTitle}>
                <Descriptions.Item label={text.valueDate}>{figures.valueDate}</Descriptions.Item>
                <Descriptions.Item label={text.maturityDate}>{figures.maturityDate}</Descriptions.Item>
                <Descriptions.Item label={text.days}>{figures.days}</Descriptions.Item>
                <Descriptions.Item label={text.annualRate}>{`${figures.annualRate}%`}</Descriptions.Item>
                <Descriptions.Item label={text.interest}>
                  <span className={styles.money}>{formatYuan(figures.interest)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={text.fee}>
                  <span className={styles.money}>{formatYuan(figures.fee)}</span>
                </Descriptions.Item>
                <Descriptions.Item label={text.netAmount}>
                  <strong className={styles.money}>{formatYuan(figures.netAmount)}</strong>
                </Descriptions.Item>
              </Descriptions>
              <ScheduleTable schedule={figures.schedule} />
            </>
          ) : (
            <p className={styles.intro}>{working ? commonMessages.calculating : text.costEmpty}</p>
          )}
        </Card>
      </div>
    </div>
  );
}

function ScheduleTable({ schedule }: { schedule: SchedulePayment[] }) {
  const columns: ColumnsType<SchedulePayment> = [
    { title: text.seq, dataIndex: 'seq', key: 'seq' },
    { title: text.dueDate, dataIndex: 'endDate', key: 'due' },
    { title: text.days, dataIndex: 'days', key: 'days' },
    { title: text.interestColumn, key: 'interest', align: 'right', render: (_, p) => formatYuan(p.interest) },
    {
      title: text.principalColumn,
      key: 'principal',
      align: 'right',
      render: (_, p) => formatYuan(p.principal),
    },
  ];
  return (
    <Table<SchedulePayment>
      rowKey="seq"
      size="small"
      aria-label={text.schedule}
      columns={columns}
      dataSource={schedule}
      pagination={false}
    />
  );
}

const TITLE: Record<string, string> = { sign: text.signTitle, interest: text.interestTitle };

/**
 * The states whose signing or pay-out the borrower may still have to act on (sign, ask the institution to
 * sign again, ask for the pay-out again): their detail shows the sign page's section too, since the list, the
 * entry link and the to-dos of a failure lead there.
 */
const WAITS_TO_SIGN: readonly string[] = [PLEDGE_FIN_STATE.signing, PLEDGE_FIN_STATE.lending];

function FinancingView({
  page,
  id,
  canApprove,
  signer,
}: {
  page: string;
  id: string;
  canApprove: boolean;
  signer?: ContractSigner | undefined;
}) {
  const { message, modal } = App.useApp();
  const detail = usePledgeFinDetailQuery(id);
  const history = usePledgeFinHistoryQuery(id);
  const [approve, approving] = useApprovePledgeFinMutation();
  const [cancel] = useCancelPledgeFinMutation();
  const [opinion, setOpinion] = useState('');
  const [opinionError, setOpinionError] = useState(false);
  const title = TITLE[page] ?? text.detailTitle;

  if (detail.isError) {
    return (
      <Card title={<CardTitle level={1}>{title}</CardTitle>}>
        <Alert type="error" showIcon title={text.notFound} />
        <p>
          <Link to={paths.pledgeFinancing}>{text.back}</Link>
        </p>
      </Card>
    );
  }
  const financing: PledgeFinDetail | undefined = detail.data;

  const answer = async (result: (typeof APPROVAL_RESULT)[keyof typeof APPROVAL_RESULT]) => {
    const typed = opinion.trim();
    if (result === APPROVAL_RESULT.reject && typed === '') {
      setOpinionError(true);
      return;
    }
    setOpinionError(false);
    const done = await approve({ id, result, ...(typed ? { opinion: typed } : {}) });
    if ('data' in done)
      void message.success(result === APPROVAL_RESULT.approve ? text.approved : text.rejected);
  };

  const askCancel = () =>
    modal.confirm({
      title: text.cancel,
      content: text.cancelConfirm,
      okText: text.confirm,
      cancelText: text.close,
      onOk: async () => {
        const done = await cancel({ id });
        if ('data' in done) void message.success(text.cancelled);
      },
    });

  const billColumns: ColumnsType<PledgeFinBill> = [
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.range, dataIndex: 'range', key: 'range' },
    { title: text.billAmount, key: 'amount', align: 'right', render: (_, b) => formatYuan(b.amount) },
    { title: text.acceptor, dataIndex: 'acceptorName', key: 'acceptor' },
    { title: text.billMaturity, dataIndex: 'maturityDate', key: 'maturity' },
    {
      title: text.pledgeValueTotal,
      key: 'value',
      align: 'right',
      render: (_, b) => formatYuan(b.pledgeValue),
    },
    {
      title: text.pledgeStatus,
      key: 'pledgeStatus',
      render: (_, b) =>
        b.pledgeStatus ? (
          <Tag color={PLEDGE_STATUS_COLOR[b.pledgeStatus]}>{PLEDGE_STATUS_LABEL[b.pledgeStatus]}</Tag>
        ) : (
          '—'
        ),
    },
  ];

  return (
    <div className={styles.page}>
      <Card
        title={<CardTitle level={1}>{title}</CardTitle>}
        loading={detail.isLoading}
        extra={
          financing &&
          PLEDGE_FIN_CANCELLABLE.includes(financing.state) && (
            <Button danger onClick={askCancel}>
              {text.cancel}
            </Button>
          )
        }
      >
        {financing && (
          <Descriptions column={{ xs: 1, md: 2 }} size="small" aria-label={title}>
            <Descriptions.Item label={text.finNo}>{financing.finNo}</Descriptions.Item>
            <Descriptions.Item label={text.state}>
              <PledgeFinStateTag state={financing.state as PledgeFinState} />
            </Descriptions.Item>
            <Descriptions.Item label={text.institution}>
              {financing.institution?.name ?? '—'}
            </Descriptions.Item>
            <Descriptions.Item label={text.product}>{financing.product?.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={text.amount}>
              <span className={styles.money}>{financing.amount ? formatYuan(financing.amount) : '—'}</span>
            </Descriptions.Item>
            <Descriptions.Item label={text.annualRate}>
              {financing.annualRate ? `${financing.annualRate}%` : '—'}
            </Descriptions.Item>
            <Descriptions.Item label={text.valueDate}>{financing.valueDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={text.maturityDate}>{financing.maturityDate ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={text.pledgeValueTotal}>
              {formatYuan(financing.pledgeValue)}
            </Descriptions.Item>
            <Descriptions.Item label={text.purpose}>{financing.purpose || '—'}</Descriptions.Item>
            <Descriptions.Item label={text.applicant}>{financing.applicantName}</Descriptions.Item>
            <Descriptions.Item label={text.approver}>{financing.approverName ?? '—'}</Descriptions.Item>
            {financing.cost && (
              <>
                <Descriptions.Item label={text.interest}>
                  {formatYuan(financing.cost.interest)}
                </Descriptions.Item>
                <Descriptions.Item label={text.netAmount}>
                  {formatYuan(financing.cost.netAmount)}
                </Descriptions.Item>
              </>
            )}
            {financing.netPaidOut && (
              <>
                <Descriptions.Item label={text.netPaidOut}>
                  {formatYuan(financing.netPaidOut)}
                </Descriptions.Item>
                <Descriptions.Item label={text.paidOutAt}>
                  {financing.paidOutAt ? formatDateTime(financing.paidOutAt) : '—'}
                </Descriptions.Item>
              </>
            )}
          </Descriptions>
        )}
      </Card>
      {financing && (page === 'sign' || WAITS_TO_SIGN.includes(financing.state)) && (
        <SigningSection id={id} state={financing.state as PledgeFinState} signer={signer} />
      )}
      {financing && <RestOwedSection financing={financing} />}
      {financing && page === 'interest' && <RepaymentSection financing={financing} />}
      {financing?.state === PLEDGE_FIN_STATE.approving && canApprove && (
        <Card title={<CardTitle>{text.approveTitle}</CardTitle>}>
          <Form layout="vertical">
            <Form.Item
              label={text.opinionLabel}
              htmlFor="pledge-fin-opinion"
              validateStatus={opinionError ? 'error' : undefined}
              help={opinionError ? text.opinionRequired : undefined}
            >
              <Input.TextArea
                id="pledge-fin-opinion"
                rows={2}
                maxLength={OPINION_MAX}
                placeholder={text.opinionPlaceholder}
                value={opinion}
                onChange={(event) => setOpinion(event.target.value)}
              />
            </Form.Item>
            <div className={styles.buttons}>
              <Button
                type="primary"
                loading={approving.isLoading}
                onClick={() => void answer(APPROVAL_RESULT.approve)}
              >
                {text.approve}
              </Button>
              <Button
                danger
                loading={approving.isLoading}
                onClick={() => void answer(APPROVAL_RESULT.reject)}
              >
                {text.reject}
              </Button>
            </div>
          </Form>
        </Card>
      )}
      {financing && (
        <Card title={<CardTitle>{text.billsLabel}</CardTitle>}>
          <Table<PledgeFinBill>
            rowKey="holdingId"
            size="small"
            aria-label={text.billsLabel}
            columns={billColumns}
            dataSource={financing.bills}
            pagination={false}
          />
        </Card>
      )}
      {financing?.cost && (
        <Card title={<CardTitle>{text.schedule}</CardTitle>}>
          {financing.netPaidOut ? (
            <PaymentsTable financing={financing} />
          ) : (
            <ScheduleTable schedule={financing.cost.schedule} />
          )}
        </Card>
      )}
      <Card title={<CardTitle>{text.history}</CardTitle>} loading={history.isLoading}>
        <Timeline
          items={(history.data ?? []).map((entry) => ({
            key: entry.id,
            color:
              entry.action === 'REJECT' || entry.action === 'CANCEL'
                ? 'red'
                : entry.action === 'APPROVE'
                  ? 'green'
                  : 'blue',
            title: formatDateTime(entry.at),
            content: (
              <>
                {text.historyLine(entry.operatorName, PLEDGE_FIN_ACTION_LABEL[entry.action])}
                {entry.opinion && `：${entry.opinion}`}
              </>
            ),
          }))}
        />
      </Card>
    </div>
  );
}
