import Form from 'antd/es/form';
import { bankMessages } from '@/locales/zh-CN/bank';
import { AmountInput } from '@/components/amount-input/amount-input';
import { transferAmountRules } from './transfer-amount';

const text = bankMessages.amountInput;

export interface TransferAmountInputProps {
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  disabled?: boolean;
  'aria-describedby'?: string;
}

/**
 * The amount a verification transfer brought, in yuan (use with transferAmountRules): the shared amount field
 * with 元 after it and the range as its placeholder.
 */
export function TransferAmountInput(props: TransferAmountInputProps) {
  return <AmountInput {...props} placeholder={text.placeholder} withUnit />;
}

/** The form field `amount` of an amount check: 到账金额（元）, the input and its rules. */
export function TransferAmountField() {
  return (
    <Form.Item name="amount" label={`${text.label}（${text.unit}）`} rules={transferAmountRules}>
      <TransferAmountInput />
    </Form.Item>
  );
}
