import { useEffect, useState } from 'react';
import { skipToken } from '@reduxjs/toolkit/query';
import App from 'antd/es/app';
import Descriptions from 'antd/es/descriptions';
import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Modal from 'antd/es/modal';
import Radio from 'antd/es/radio';
import Typography from 'antd/es/typography';
import {
  CLEARING,
  CLEARINGS,
  CLEARING_LABEL,
  INTEREST_PAYER,
  INTEREST_PAYERS,
  INTEREST_PAYER_LABEL,
  type Clearing,
  type InterestPayer,
} from '@contract/discount';
import type { DiscountQuote, DiscountQuoteSet, DiscountRecord } from '@contract/discount-schemas';
import { AmountInput } from '@/components/amount-input/amount-input';
import { amountFen, amountRules, amountText, isAmount } from '@/components/amount-input/amount';
import { easeDiscountMessages } from '@/locales/zh-CN/ease-discount';
import { formatYuan } from '@/utils/amount';
import { useQuoteTrialQuery, useTakeQuoteMutation } from '@/features/ease-discount/api/ease-discount-api';
import styles from './ease-discount.module.css';

const text = easeDiscountMessages;
const SHARE_TEXT = /^\d{1,3}(\.\d{1,2})?$/;
const shareOk = (share: string | undefined) =>
  !!share && SHARE_TEXT.test(share.trim()) && Number(share) <= 100;
/** The calculator is asked once the user stops typing for this long. */
const TRIAL_DEBOUNCE_MS = 300;

interface TakeFields {
  amount: string;
  interestPayer: InterestPayer;
  buyerSharePercent?: string;
  clearing: Clearing;
}

function useDebounced<T>(value: T, delayMs: number): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), delayMs);
    return () => clearTimeout(timer);
  }, [value, delayMs]);
  return settled;
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
  const payer = values?.interestPayer ?? INTEREST_PAYER.seller;
  const agreement = payer === INTEREST_PAYER.agreement;

  const typedArgs =
    values?.amount && isAmount(values.amount, { maxFen }) && (!agreement || shareOk(values.buyerSharePercent))
      ? {
          faceAmount: amountText(values.amount),
          annualRate: quote.annualRate ?? '',
          discountDate: set.discountDate,
          maturityDate: set.maturityDate,
          interestPayer: payer,
          ...(agreement ? { buyerSharePercent: values.buyerSharePercent!.trim() } : {}),
        }
      : null;
  const args = useDebounced(typedArgs, TRIAL_DEBOUNCE_MS);
  const trial = useQuoteTrialQuery(args ?? skipToken);
  const figures = args && !trial.isError ? trial.currentData : undefined;

  const submit = async (typed: TakeFields) => {
    const result = await apply({
      quoteId: quote.id,
      holdingId: set.holdingId,
      institutionOrgId: quote.institution.orgId,
      amount: amountText(typed.amount),
      interestPayer: typed.interestPayer,
      ...(typed.interestPayer === INTEREST_PAYER.agreement
        ? { buyerSharePercent: typed.buyerSharePercent?.trim() ?? '' }
        : {}),
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
        initialValues={{
          amount: set.amount,
          interestPayer: INTEREST_PAYER.seller,
          clearing: CLEARING.online,
        }}
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
        <Form.Item name="interestPayer" label={text.payer}>
          <Radio.Group
            options={INTEREST_PAYERS.map((value) => ({ value, label: INTEREST_PAYER_LABEL[value] }))}
          />
        </Form.Item>
        {agreement && (
          <Form.Item
            name="buyerSharePercent"
            label={text.share}
            rules={[
              { required: true, message: text.shareRequired },
              {
                validator: async (_, value: string | undefined) => {
                  if (value && !shareOk(value)) throw new Error(text.sharePlaceholder);
                },
              },
            ]}
          >
            <Input placeholder={text.sharePlaceholder} inputMode="decimal" />
          </Form.Item>
        )}
        <Form.Item name="clearing" label={text.clearing}>
          <Radio.Group options={CLEARINGS.map((value) => ({ value, label: CLEARING_LABEL[value] }))} />
        </Form.Item>
      </Form>
      {figures ? (
        <Descriptions column={1} size="small" aria-label={text.trialTitle}>
          <Descriptions.Item label={text.interest}>
            <span className={styles.money}>{formatYuan(figures.interest)}</span>
          </Descriptions.Item>
          <Descriptions.Item label={text.net}>
            <strong className={styles.money}>{formatYuan(figures.netAmount)}</strong>
          </Descriptions.Item>
        </Descriptions>
      ) : (
        <Typography.Text type="secondary">{text.trialEmpty}</Typography.Text>
      )}
    </Modal>
  );
}
