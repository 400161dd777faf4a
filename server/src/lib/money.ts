import Big from 'big.js';
import { yuanFigures } from '@contract/number-format';

const FEN_PER_YUAN = 100;
const YUAN_DECIMALS = 2;

/**
 * Integer fen (a number, or the string PostgreSQL answers for a SUM) to a yuan string with two decimals:
 * 123456 -> '1234.56'. big.js throughout, so no amount ever passes through a float.
 */
export function fenToYuan(fen: number | string | bigint | null | undefined): string {
  return new Big(String(fen ?? 0)).div(FEN_PER_YUAN).toFixed(YUAN_DECIMALS);
}

/**
 * Integer fen as people read an amount in a sentence (a notice, a message): thousands separated, two
 * decimals, 128000000 -> '1,280,000.00'. Every text the server writes for a person formats amounts here, so
 * they read as the screens show them; the wire keeps fenToYuan's plain decimal.
 */
export function yuanText(fen: number | string | bigint | null | undefined): string {
  return yuanFigures(fenToYuan(fen));
}

/** Adds integer fen amounts exactly. */
export function sumFen(values: ReadonlyArray<number | string>): string {
  return values.reduce<Big>((sum, v) => sum.plus(String(v)), new Big(0)).toFixed(0);
}

const YUAN_TEXT = /^\d{1,13}(\.\d{1,2})?$/;

/**
 * A yuan amount as a person types it ('0.35', '12', '3.5') to integer fen, exactly (big.js); null when it is
 * not a plain non-negative amount with at most two decimals.
 */
export function yuanToFen(yuan: string): number | null {
  const text = yuan.trim();
  if (!YUAN_TEXT.test(text)) return null;
  return Number(new Big(text).times(FEN_PER_YUAN).toFixed(0));
}
