import Big from 'big.js';
import type { Rule } from 'antd/es/form';
import { TRANSFER_AMOUNT_MAX_FEN, TRANSFER_AMOUNT_MIN_FEN, YUAN_INPUT } from '@contract/bank-account';
import { bankMessages } from '@/locales/zh-CN/bank';

const text = bankMessages.amountInput;

/**
 * A transfer amount as typed, to integer fen (big.js, never a float); null when it is not a yuan amount with at
 * most two decimals between 0.01 and 0.99, the only amounts a verification transfer can have.
 */
export function transferAmountFen(typed: string): number | null {
  const value = typed.trim();
  if (!YUAN_INPUT.test(value)) return null;
  const fen = Number(new Big(value).times(100).toFixed(0));
  return fen >= TRANSFER_AMOUNT_MIN_FEN && fen <= TRANSFER_AMOUNT_MAX_FEN ? fen : null;
}

/** The amount as it is sent: two decimals, '0.5' -> '0.50'. */
export const transferAmountText = (typed: string): string => new Big(typed.trim()).toFixed(2);

export const transferAmountRules: Rule[] = [
  { required: true, whitespace: true, message: text.required },
  {
    validator: async (_rule, value: unknown) => {
      const typed = typeof value === 'string' ? value.trim() : '';
      if (typed !== '' && transferAmountFen(typed) === null) throw new Error(text.invalid);
    },
  },
];
