import Big from 'big.js';

const FEN_PER_YUAN = 100;
const YUAN_DECIMALS = 2;

/**
 * Integer fen (a number, or the string PostgreSQL answers for a SUM) to a yuan string with two decimals:
 * 123456 -> '1234.56'. big.js throughout, so no amount ever passes through a float.
 */
export function fenToYuan(fen: number | string | bigint | null | undefined): string {
  return new Big(String(fen ?? 0)).div(FEN_PER_YUAN).toFixed(YUAN_DECIMALS);
}

/** Adds integer fen amounts exactly. */
export function sumFen(values: ReadonlyArray<number | string>): string {
  return values.reduce<Big>((sum, v) => sum.plus(String(v)), new Big(0)).toFixed(0);
}
