import Form from 'antd/es/form';
import Input from 'antd/es/input/Input';
import { bankMessages } from '@/locales/zh-CN/bank';
import { transferAmountRules } from './transfer-amount';

const text = bankMessages.amountInput;

export interface TransferAmountInputProps {
  value?: string;
  onChange?: (value: string) => void;
  id?: string;
  disabled?: boolean;
  'aria-describedby'?: string;
}

/**
 * The amount a verification transfer brought, in yuan (use with transferAmountRules): decimal keyboard on
 * phones, 元 after it, only digits and one point kept as typed.
 */
export function TransferAmountInput({ value, onChange, ...rest }: TransferAmountInputProps) {
  return (
    <Input
      {...rest}
      value={value}
      onChange={(event) => onChange?.(event.target.value.replace(/[^\d.]/g, ''))}
      inputMode="decimal"
      autoComplete="off"
      maxLength={8}
      placeholder={text.placeholder}
      suffix={<span aria-hidden="true">{text.unit}</span>}
    />
  );
}

/** The form field `amount` of an amount check: 到账金额（元）, the input and its rules. */
export function TransferAmountField() {
  return (
    <Form.Item name="amount" label={`${text.label}（${text.unit}）`} rules={transferAmountRules}>
      <TransferAmountInput />
    </Form.Item>
  );
}
