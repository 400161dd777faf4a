import App from 'antd/es/app';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Modal from 'antd/es/modal';
import Typography from 'antd/es/typography';
import type { DiscountQuote, DiscountQuoteSet, DiscountRecord } from '@contract/discount-schemas';
import { AmountInput } from '@/components/amount-input/amount-input';
import { amountFen, amountRules, amountText, isAmount } from '@/components/amount-input/amount';
import { DiscountFigures } from '@/components/offer-form/discount-figures';
import {
  INTEREST_TERMS_START,
  InterestTermsFields,
  payerTerms,
  payerTermsComplete,
  type InterestTerms,
} from '@/components/offer-form/interest-terms-fields';
import { useLiveFigures } from '@/components/offer-form/live-figures';
import { commonMessages } from '@/locales/zh-CN/common';
import { easeDiscountMessages } from '@/locales/zh-CN/ease-discount';
import { formatYuan } from '@/utils/amount';
import { useQuoteTrialQuery, useTakeQuoteMutation } from '@/features/ease-discount/api/ease-discount-api';
import styles from './ease-discount.module.css';

const text = easeDiscountMessages;

interface TakeFields extends InterestTerms {
  amount: string;
}

export interface TakeQuoteModalProps {
  set: DiscountQuoteSet;
  quote: DiscountQuote;
  /** Whether the bill may be split: if not, only its whole amount is discounted. */
  splittable: boolean;
  onClose: () => void;
  onApplied: (record: DiscountRecord) => void;
}

/**
 * Applying for a discount with a chosen quote, in one step: the bill, the institution and the rate are the
 * quote's (the server takes the rate from the quote, not from here); the holder chooses the part, who pays
 * the interest and how the money moves, and sees the calculator's figures for them.
 */
export function TakeQuoteModal({ set, quote, splittable, onClose, onApplied }: TakeQuoteModalProps) {
  const { message } = App.useApp();
  const [form] = Form.useForm<TakeFields>();
  const values = Form.useWatch([], form) as Partial<TakeFields> | undefined;
  const [apply, applying] = useTakeQuoteMutation();
  const maxFen = amountFen(set.amount) ?? undefined;

  const typedArgs =
    values?.amount && isAmount(values.amount, { maxFen }) && payerTermsComplete(values)
      ? {
          faceAmount: amountText(values.amount),
          annualRate: quote.annualRate ?? '',
          discountDate: set.discountDate,
          maturityDate: set.maturityDate,
          ...payerTerms(values),
        }
      : null;
  const { figures, working } = useLiveFigures(typedArgs, useQuoteTrialQuery);

  const submit = async (typed: TakeFields) => {
    const result = await apply({
      quoteId: quote.id,
      holdingId: set.holdingId,
      institutionOrgId: quote.institution.orgId,
      amount: amountText(typed.amount),
      ...payerTerms(typed),
      clearing: typed.clearing,
    });
    if ('data' in result && result.data) {
      void message.success(text.applied);
      onApplied(result.data);
    }
  };

  return (
    <Modal
      open
      title={text.takeTitle(quote.institution.name)}
      okText={text.takeSubmit}
      cancelText={text.cancel}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={applying.isLoading}
      destroyOnHidden
    >
      <Descriptions column={1} size="small" aria-label={text.quoteTerms}>
        <Descriptions.Item label={text.bill}>
          {text.quotesFor(set.packageNo, set.range, formatYuan(set.amount))}
        </Descriptions.Item>
        <Descriptions.Item label={text.institution}>{quote.institution.name}</Descriptions.Item>
        <Descriptions.Item label={text.rate}>{`${quote.annualRate}%`}</Descriptions.Item>
      </Descriptions>
      <Form<TakeFields>
        form={form}
        name="take-quote"
        layout="vertical"
        className={styles.takeForm}
        initialValues={{ amount: set.amount, ...INTEREST_TERMS_START }}
        onFinish={(typed) => void submit(typed)}
      >
        <Form.Item
          name="amount"
          label={text.partAmount}
          rules={amountRules({
            requiredLabel: text.partAmount,
            ...(maxFen === undefined ? {} : { maxFen }),
          })}
          extra={splittable ? text.partHint : text.wholeOnly}
        >
          <AmountInput withUnit disabled={!splittable} />
        </Form.Item>
        <InterestTermsFields text={text} />
      </Form>
      <DiscountFigures
        figures={figures}
        text={{ trialTitle: text.trialTitle, interest: text.interest, netAmount: text.net }}
        empty={
          <Typography.Text type="secondary">
            {working ? commonMessages.calculating : text.trialEmpty}
          </Typography.Text>
        }
      />
    </Modal>
  );
}
