import type { ReactNode } from 'react';
import App from 'antd/es/app';
import Button from 'antd/es/button';
import Card from 'antd/es/card';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import type { ColumnsType } from 'antd/es/table';
import Tag from 'antd/es/tag';
import { APPLICATION_STATUS_COLOR, APPLICATION_STATUS_LABEL, CIRCULATION } from '@contract/bills';
import type { Holding } from '@contract/bills-schemas';
import { DISCOUNT_RATE_MAX_PERCENT } from '@contract/discount';
import type { DiscountListFilter, DiscountRecord, DiscountTrialRequest } from '@contract/discount-schemas';
import { amountText, isAmount } from '@/components/amount-input/amount';
import { CardTitle } from '@/components/card-title/card-title';
import { ListCard, useListState } from '@/components/list-card/list-card';
import { DiscountFigures } from '@/components/offer-form/discount-figures';
import {
  INTEREST_TERMS_START,
  InterestTermsFields,
  payerTerms,
  payerTermsComplete,
  type InterestTerms,
} from '@/components/offer-form/interest-terms-fields';
import { useLiveFigures } from '@/components/offer-form/live-figures';
import { RowActions } from '@/components/row-actions/row-actions';
import { StatusCell } from '@/components/status-cell/status-cell';
import { RangeOfferFields, type RangeOffer } from '@/components/range-offer/range-offer-fields';
import { scrollToFirstError } from '@/lib/form';
import { commonMessages } from '@/locales/zh-CN/common';
import { discountMessages } from '@/locales/zh-CN/discount';
import { formatYuan } from '@/utils/amount';
import { formatDateTime, shanghaiToday } from '@/utils/date-time';
import {
  useApplyDiscountMutation,
  useDiscountsQuery,
  useDiscountTrialQuery,
  useExportDiscountsMutation,
  useInstitutionsQuery,
  useWithdrawDiscountMutation,
} from '@/features/discount/api/discount-api';
import { DiscountFilterFields, discountFilterOf, type DiscountFilterForm } from './discount-filter-fields';
import styles from './discount.module.css';

const text = discountMessages;
const RATE_TEXT = /^\d{1,2}(\.\d{1,4})?$/;

interface DiscountForm extends RangeOffer, InterestTerms {
  annualRate: string;
}

const rateOk = (rate: string | undefined) =>
  !!rate && RATE_TEXT.test(rate.trim()) && Number(rate) > 0 && Number(rate) < DISCOUNT_RATE_MAX_PERCENT;

/** What the calculator is asked for the form as typed, or null while it is incomplete. */
function trialArgs(values: Partial<DiscountForm>, holding: Holding | undefined): DiscountTrialRequest | null {
  if (!holding || !values.amount || !isAmount(values.amount) || !rateOk(values.annualRate)) return null;
  if (!payerTermsComplete(values)) return null;
  return {
    faceAmount: amountText(values.amount),
    annualRate: values.annualRate!.trim(),
    discountDate: shanghaiToday(),
    maturityDate: holding.dueDate,
    ...payerTerms(values),
  };
}

/**
 * 贴现: choose a held negotiable bill, the part and the institution, the rate, who pays the interest and
 * how the money moves; the calculator answers as the user types. Below, the organisation's discounts with
 * their terms and answers; a pending one may be withdrawn.
 */
export interface DiscountPageProps {
  /** The organisation's received holdings (the ledger's held list); the negotiable are offered. */
  holdings: Holding[];
  holdingsLoading: boolean;
  /** A row's link to the bill's detail, and the drawer it opens. */
  detail: { link: (packageId: string) => ReactNode; drawer: ReactNode };
  /** Whether 我的贴现 offers 导出 (the user can open the export centre for the file). */
  canExport: boolean;
}

export function DiscountPage({ holdings, holdingsLoading, detail, canExport }: DiscountPageProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<DiscountForm>();
  const values = Form.useWatch([], form) as Partial<DiscountForm> | undefined;
  const institutions = useInstitutionsQuery();
  const listState = useListState<DiscountListFilter>();
  const list = useDiscountsQuery({ page: listState.page, size: listState.size, ...listState.filter });
  const [apply, applying] = useApplyDiscountMutation();
  const [withdraw] = useWithdrawDiscountMutation();
  const [exportList, exporting] = useExportDiscountsMutation();

  const choices = holdings.filter((h) => h.circulation === CIRCULATION.negotiable && !h.noTransfer);
  const holding = choices.find((h) => h.id === values?.holdingId);
  const { figures, working } = useLiveFigures(trialArgs(values ?? {}, holding), useDiscountTrialQuery);

  const submit = async (typed: DiscountForm) => {
    const result = await apply({
      holdingId: typed.holdingId,
      institutionOrgId: typed.institutionOrgId,
      amount: amountText(typed.amount),
      annualRate: typed.annualRate.trim(),
      ...payerTerms(typed),
      clearing: typed.clearing,
    });
    if ('data' in result) {
      void message.success(text.applied);
      form.resetFields();
    }
  };

  const columns: ColumnsType<DiscountRecord> = [
    { title: text.packageNo, dataIndex: 'packageNo', key: 'packageNo' },
    { title: text.range, dataIndex: 'range', key: 'range' },
    {
      title: text.partAmount,
      dataIndex: 'amount',
      key: 'amount',
      align: 'right',
      render: formatYuan,
    },
    { title: text.institutionColumn, key: 'institution', render: (_, d) => d.institution.name },
    { title: text.rateColumn, key: 'rate', render: (_, d) => `${d.annualRate}%` },
    { title: text.interest, dataIndex: 'interest', key: 'interest', align: 'right', render: formatYuan },
    { title: text.netAmount, dataIndex: 'netAmount', key: 'net', align: 'right', render: formatYuan },
    { title: text.clearingColumn, key: 'clearing', render: (_, d) => text.clearings[d.clearing] },
    { title: text.appliedAt, key: 'appliedAt', render: (_, d) => formatDateTime(d.appliedAt) },
    {
      title: text.status,
      key: 'status',
      render: (_, d) => (
        <StatusCell
          color={APPLICATION_STATUS_COLOR[d.status]}
          label={APPLICATION_STATUS_LABEL[d.status]}
          reason={{ label: text.reason, text: d.reason }}
        >
          {d.paid && <Tag color="green">{text.paid}</Tag>}
        </StatusCell>
      ),
    },
    {
      title: text.actions,
      key: 'actions',
      render: (_, d) => (
        <RowActions
          detail={detail.link(d.packageId)}
          acts={d.status === 'pending' ? ['withdraw'] : []}
          names={text}
          onAct={() => void withdraw(d.id).then((r) => 'data' in r && void message.success(text.withdrawn))}
        />
      ),
    },
  ];

  return (
    <div className={styles.page}>
      <div className={styles.applyRow}>
        <Card title={<CardTitle level={1}>{text.title}</CardTitle>} className={styles.applyCard}>
          <p className={styles.intro}>{text.applyIntro}</p>
          <Form<DiscountForm>
            form={form}
            name="discount"
            layout="vertical"
            initialValues={INTEREST_TERMS_START}
            scrollToFirstError={scrollToFirstError}
            onFinish={(typed) => void submit(typed)}
          >
            <RangeOfferFields
              holdings={choices}
              holdingsLoading={holdingsLoading}
              institutions={institutions.data ?? []}
              institutionsLoading={institutions.isFetching}
              text={text}
            />
            <Form.Item
              name="annualRate"
              label={text.rate}
              rules={[
                { required: true, message: text.rateRequired },
                {
                  validator: async (_, value: string | undefined) => {
                    if (value && !rateOk(value)) throw new Error(text.rateInvalid);
                  },
                },
              ]}
            >
              <Input placeholder={text.ratePlaceholder} inputMode="decimal" />
            </Form.Item>
            <InterestTermsFields text={text} />
            <p className={styles.kind}>
              {text.kind}：{text.buyout}
            </p>
            <Button type="primary" htmlType="submit" loading={applying.isLoading}>
              {text.submit}
            </Button>
          </Form>
        </Card>
        <Card title={<CardTitle>{text.trialTitle}</CardTitle>} className={styles.trialCard}>
          <DiscountFigures
            figures={figures}
            text={text}
            whole
            empty={<p className={styles.intro}>{working ? commonMessages.calculating : text.trialEmpty}</p>}
          />
        </Card>
      </div>
      <ListCard<DiscountRecord, DiscountFilterForm, DiscountListFilter>
        title={text.listTitle}
        className={styles.listCard}
        filter={{
          name: 'discounts-filter',
          filterOf: discountFilterOf,
          exportList: canExport
            ? { run: () => exportList(listState.filter), loading: exporting.isLoading }
            : undefined,
        }}
        state={listState}
        table={{
          list,
          'aria-label': text.listTitle,
          rowKey: 'id',
          columns,
          emptyText: text.empty,
          failedText: text.loadFailed,
        }}
      >
        <DiscountFilterFields institutions={institutions.data ?? []} />
      </ListCard>
      {detail.drawer}
    </div>
  );
}
