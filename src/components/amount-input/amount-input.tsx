import type { CSSProperties } from 'react';
import InputNumber from 'antd/es/input-number';
import { amountMessages } from '@/locales/zh-CN/amount';
import { groupThousands, normaliseAmount, sameAmount } from './amount';

export interface AmountInputProps {
  /** The amount as a plain decimal string ('1000000.5'), or null when the field is empty. */
  value?: string | null;
  onChange?: (value: string | null) => void;
  id?: string;
  placeholder?: string;
  disabled?: boolean;
  style?: CSSProperties;
  /** Shows 元 after the figure. */
  withUnit?: boolean;
  'aria-label'?: string;
  'aria-describedby'?: string;
}

/**
 * What the field shows: what the user typed, normalised and grouped, while it is the value ('1000.' and
 * '1.50' stay as typed rather than becoming the number's shortest form), else the value. Defined once, as
 * InputNumber redraws its text whenever the formatter it is given changes.
 */
function shown(value: string | undefined, { input }: { input: string }) {
  const typed = normaliseAmount(input);
  return groupThousands(sameAmount(typed, value ?? '') ? typed : String(value ?? ''));
}

const parse = (displayed: string | undefined) => normaliseAmount(displayed ?? '');

/**
 * A yuan amount as people type it (use with amountRules): what is typed or pasted with separators, spaces
 * or full-width digits ('1,000,000.00', '1 000 000', '１０００') is read as the plain decimal, and the field
 * shows the integer part in groups of three as the user types. The value is a decimal string, never a
 * float (antd's InputNumber in string mode). It neither rounds nor clamps: an amount with too many decimals
 * or beyond the bounds stays as typed, for the rules to say what is wrong with it.
 */
export function AmountInput({ withUnit = false, style, ...rest }: AmountInputProps) {
  return (
    <InputNumber<string>
      {...rest}
      stringMode
      controls={false}
      keyboard={false}
      inputMode="decimal"
      autoComplete="off"
      style={{ width: '100%', ...style }}
      formatter={shown}
      parser={parse}
      suffix={withUnit ? <span aria-hidden="true">{amountMessages.unit}</span> : undefined}
    />
  );
}
