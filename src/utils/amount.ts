import Big from 'big.js';
import { amountInWords } from '@contract/amount-words';
import { WAN, YI, YUAN_DISPLAY_DECIMALS } from '@contract/constants';
import { yuanFigures } from '@contract/number-format';

/** Chinese capitals are shared with the server (contracts print them): see contract/amount-words.ts. */
export { amountInWords };

/** '1234567.8' -> '1,234,567.80': yuan for display, without floating point. */
export function formatYuan(amount: string | number | null | undefined): string {
  const text = String(amount ?? '').replace(/[,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return '--';
  return yuanFigures(
    new Big(text).round(YUAN_DISPLAY_DECIMALS, Big.roundHalfUp).toFixed(YUAN_DISPLAY_DECIMALS),
  );
}

/** A short reading for charts and cards: 1.23亿, 45.6万, or the yuan amount. */
export function compactYuan(amount: string | number): string {
  const value = new Big(String(amount).replace(/[,\s]/g, '') || '0');
  const short = (unit: number) => value.div(unit).round(YUAN_DISPLAY_DECIMALS, Big.roundHalfUp).toString();
  if (value.abs().gte(YI)) return `${short(YI)}亿`;
  if (value.abs().gte(WAN)) return `${short(WAN)}万`;
  return short(1);
}
