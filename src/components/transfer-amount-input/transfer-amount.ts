import type { Rule } from 'antd/es/form';
import { TRANSFER_AMOUNT_MAX_FEN, TRANSFER_AMOUNT_MIN_FEN } from '@contract/bank-account';
import { bankMessages } from '@/locales/zh-CN/bank';
import { amountFen, amountRules, amountText } from '@/components/amount-input/amount';

const text = bankMessages.amountInput;
const bounds = { minFen: TRANSFER_AMOUNT_MIN_FEN, maxFen: TRANSFER_AMOUNT_MAX_FEN };

/**
 * A transfer amount as typed, to integer fen (big.js, never a float); null when it is not a yuan amount with at
 * most two decimals between 0.01 and 0.99, the only amounts a verification transfer can have.
 */
export function transferAmountFen(typed: string): number | null {
  const fen = amountFen(typed);
  return fen !== null && fen >= bounds.minFen && fen <= bounds.maxFen ? fen : null;
}

/** The amount as it is sent: two decimals, '0.5' -> '0.50'. */
export const transferAmountText = amountText;

/** A negative amount is refused as typed, never turned positive: a wrong entry costs one of the tries. */
export const transferAmountRules: Rule[] = amountRules({
  ...bounds,
  requiredLabel: text.label,
  invalid: text.invalid,
});
