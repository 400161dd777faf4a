import Form from 'antd/es/form';
import Input from 'antd/es/input';
import Radio from 'antd/es/radio';
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

/** A discount's terms beside the rate, as the enclosing form names them. */
export interface InterestTerms {
  interestPayer: InterestPayer;
  /** Per cent, as typed; only when the interest is paid by agreement (PT03). */
  buyerSharePercent?: string;
  clearing: Clearing;
}

/** What a discount form starts with: the seller pays the interest, the money moves online. */
export const INTEREST_TERMS_START: InterestTerms = {
  interestPayer: INTEREST_PAYER.seller,
  clearing: CLEARING.online,
};

/** The words of one form (贴现, 轻松贴's 申请贴现). */
export interface InterestTermsText {
  payer: string;
  share: string;
  sharePlaceholder: string;
  shareRequired: string;
  clearing: string;
}

const SHARE_TEXT = /^\d{1,3}(\.\d{1,2})?$/;

/** A buyer's share of the interest: 0 to 100 per cent with at most two decimals. */
export const shareOk = (share: string | undefined): boolean =>
  !!share && SHARE_TEXT.test(share.trim()) && Number(share) <= 100;

/** Whether the payer's part of the form as typed is complete (a share given when paid by agreement). */
export const payerTermsComplete = (values: Partial<InterestTerms>): boolean =>
  values.interestPayer !== INTEREST_PAYER.agreement || shareOk(values.buyerSharePercent);

/** The payer's part of a request (the calculator's or the application's): the share only by agreement. */
export function payerTerms(values: Partial<InterestTerms>): {
  interestPayer: InterestPayer;
  buyerSharePercent?: string;
} {
  const interestPayer = values.interestPayer ?? INTEREST_PAYER.seller;
  return interestPayer === INTEREST_PAYER.agreement
    ? { interestPayer, buyerSharePercent: values.buyerSharePercent?.trim() ?? '' }
    : { interestPayer };
}

/**
 * Who pays the interest (付息方式), the buyer's share when by agreement, and how the money moves (清算方式):
 * fields of the enclosing antd form.
 */
export function InterestTermsFields({ text }: { text: InterestTermsText }) {
  const payer = Form.useWatch<InterestPayer | undefined>('interestPayer');
  return (
    <>
      <Form.Item name="interestPayer" label={text.payer}>
        <Radio.Group
          options={INTEREST_PAYERS.map((value) => ({ value, label: INTEREST_PAYER_LABEL[value] }))}
        />
      </Form.Item>
      {payer === INTEREST_PAYER.agreement && (
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
    </>
  );
}
