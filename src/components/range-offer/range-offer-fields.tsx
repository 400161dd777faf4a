import Form from 'antd/es/form';
import Select from 'antd/es/select';
import type { Holding } from '@contract/bills-schemas';
import type { Institution } from '@contract/institution-schemas';
import { AmountInput } from '@/components/amount-input/amount-input';
import { amountRules } from '@/components/amount-input/amount';
import { formatYuan } from '@/utils/amount';

/** What the fields hold, as the enclosing form names them. */
export interface RangeOffer {
  holdingId: string;
  /** Yuan as typed; the whole holding's until the user changes it. */
  amount: string;
  institutionOrgId: string;
}

/** The words of one act (贴现, 质押): what the bill, its part and the institution are called. */
export interface RangeOfferText {
  holding: string;
  holdingPlaceholder: string;
  holdingRequired: string;
  holdingOption: (packageNo: string, range: string, amount: string, dueDate: string) => string;
  amount: string;
  amountPlaceholder: string;
  /** Under the amount when the chosen bill may not be split. */
  wholeOnly: string;
  institution: string;
  institutionPlaceholder: string;
  institutionRequired: string;
}

export interface RangeOfferFieldsProps {
  /** The holdings the act may take; the page decides which (negotiable, the act among their actions). */
  holdings: Holding[];
  holdingsLoading: boolean;
  institutions: Institution[];
  institutionsLoading: boolean;
  text: RangeOfferText;
}

/**
 * The front of a held bill offered to a financial institution, inside the act's Form: the holding (its
 * whole amount filled in on choosing it), the part, whole only where the bill may not be split, and the
 * institution. The server takes the front `amount` of the holding's range (docs/domain.md, ranges).
 */
export function RangeOfferFields({
  holdings,
  holdingsLoading,
  institutions,
  institutionsLoading,
  text,
}: RangeOfferFieldsProps) {
  const form = Form.useFormInstance<RangeOffer>();
  const chosenId = Form.useWatch('holdingId', form) as string | undefined;
  const holding = holdings.find((h) => h.id === chosenId);
  return (
    <>
      <Form.Item
        name="holdingId"
        label={text.holding}
        rules={[{ required: true, message: text.holdingRequired }]}
      >
        <Select
          placeholder={text.holdingPlaceholder}
          loading={holdingsLoading}
          options={holdings.map((h) => ({
            value: h.id,
            label: text.holdingOption(h.packageNo, h.range, formatYuan(h.amount), h.dueDate),
          }))}
          onChange={(id: string) => {
            const chosen = holdings.find((h) => h.id === id);
            form.setFieldValue('amount', chosen ? chosen.amount : undefined);
          }}
        />
      </Form.Item>
      <Form.Item
        name="amount"
        label={text.amount}
        rules={amountRules({ requiredLabel: text.amount })}
        extra={holding && !holding.splittable ? text.wholeOnly : undefined}
      >
        <AmountInput
          placeholder={text.amountPlaceholder}
          withUnit
          disabled={!!holding && !holding.splittable}
        />
      </Form.Item>
      <Form.Item
        name="institutionOrgId"
        label={text.institution}
        rules={[{ required: true, message: text.institutionRequired }]}
      >
        <Select
          placeholder={text.institutionPlaceholder}
          loading={institutionsLoading}
          options={institutions.map((i) => ({ value: i.orgId, label: i.name }))}
        />
      </Form.Item>
    </>
  );
}
