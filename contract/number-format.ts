import { NUMBER_LOCALE, YUAN_DISPLAY_DECIMALS } from './constants';

/*
 * Numbers as a person reads them, grouped as NUMBER_LOCALE groups them, by Intl (ECMA-402) rather than by
 * hand. An amount goes in as a decimal string, which Intl reads exactly (NumberFormat v3): it never passes
 * through a float. The caller rounds (big.js) before; these only write the digits.
 */

const integers = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 0 });
// As many decimals as a double carries (17 significant digits): a number is written, never rounded here.
const numbers = new Intl.NumberFormat(NUMBER_LOCALE, { maximumFractionDigits: 20 });
const yuan = new Intl.NumberFormat(NUMBER_LOCALE, {
  minimumFractionDigits: YUAN_DISPLAY_DECIMALS,
  maximumFractionDigits: YUAN_DISPLAY_DECIMALS,
});

const DECIMAL = /^-?\d+(\.\d+)?$/;
const INTEGER = /^-?\d+$/;

/** A count or any whole number, grouped: 4060 -> '4,060'. */
export function countText(count: number | bigint): string {
  return integers.format(count);
}

/** Any number a text carries, grouped, its decimals kept: 12345.5 -> '12,345.5'. */
export function numberText(value: number): string {
  return Number.isInteger(value) ? integers.format(value) : numbers.format(value);
}

/** The digits of a whole number written as a string, grouped exactly: '1234567' -> '1,234,567'. */
export function groupedInteger(digits: string): string {
  return INTEGER.test(digits) ? integers.format(digits as `${number}`) : digits;
}

/**
 * A yuan amount, a decimal string already rounded to the fen, grouped with its two decimals:
 * '1234567.8' -> '1,234,567.80'. What is not a decimal is returned as it came.
 */
export function yuanFigures(decimal: string): string {
  return DECIMAL.test(decimal) ? yuan.format(decimal as `${number}`) : decimal;
}
