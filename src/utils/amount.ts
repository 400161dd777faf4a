import Big from 'big.js';
import { amountInWords } from '@contract/amount-words';

/** Chinese capitals are shared with the server (contracts print them): see contract/amount-words.ts. */
export { amountInWords };

/** '1234567.8' -> '1,234,567.80': yuan for display, without floating point. */
export function formatYuan(amount: string | number | null | undefined): string {
  const text = String(amount ?? '').replace(/[,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return '--';
  const fixed = new Big(text).round(2, Big.roundHalfUp).toFixed(2);
  const [integer = '0', fraction = '00'] = fixed.split('.');
  const sign = integer.startsWith('-') ? '-' : '';
  const digits = sign ? integer.slice(1) : integer;
  return `${sign}${digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${fraction}`;
}

/** A short reading for charts and cards: 1.23亿, 45.6万, or the yuan amount. */
export function compactYuan(amount: string | number): string {
  const value = new Big(String(amount).replace(/[,\s]/g, '') || '0');
  if (value.abs().gte(1e8)) return `${value.div(1e8).round(2, Big.roundHalfUp).toString()}亿`;
  if (value.abs().gte(1e4)) return `${value.div(1e4).round(2, Big.roundHalfUp).toString()}万`;
  return value.round(2, Big.roundHalfUp).toString();
}
