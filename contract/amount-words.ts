import Big from 'big.js';
import { AMOUNT_WORDS_DECIMALS, AMOUNT_WORDS_LIMIT } from './constants';

/**
 * Yuan amounts in Chinese capitals, as PBOC's rules for filling in bills write them:
 * 零壹贰叁肆伍陆柒捌玖 with 拾佰仟万亿 and 元角分厘毫; a leading 拾 is written 壹拾; an amount that ends at 元
 * ends with 整; a run of zeros inside a four-digit section, or at the start of one, is one 零; a zero 角
 * before a non-zero 分 keeps its 零. Zeros that end a section (万位, 元位) before a non-zero digit are not
 * written, which the rules allow (107000.53 -> 壹拾万柒仟元伍角叁分) and which is how the number is read.
 * Up to 4 decimals, rounded half up at the fourth (12.34565 -> ...伍厘柒毫), never cut off; empty from 1e15
 * on and for what is not a number. The caller puts 人民币 in front (the message catalogue does).
 */

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const SMALL_UNITS = ['', '拾', '佰', '仟'];
/** Four-digit groups from the right: 个, 万, 亿, 万亿 (1e15 is out of range, so four suffice). */
const GROUP_UNITS = ['', '万', '亿', '万亿'];
const DECIMAL_UNITS = ['角', '分', '厘', '毫'];

const digit = (d: string) => DIGITS[Number(d)] ?? '';

/** A group of up to four digits, zeros inside read as one 零, none at the ends. */
function groupWords(group: string): string {
  const digits = group.padStart(4, '0');
  let words = '';
  let zero = false;
  for (let i = 0; i < 4; i += 1) {
    const d = digits[i] ?? '0';
    if (d === '0') {
      if (words) zero = true;
      continue;
    }
    if (zero) words += '零';
    zero = false;
    words += digit(d) + SMALL_UNITS[3 - i];
  }
  return words;
}

function integerWords(integer: string): string {
  const groups: string[] = [];
  for (let end = integer.length; end > 0; end -= 4) groups.unshift(integer.slice(Math.max(0, end - 4), end));
  let words = '';
  let zeroPending = false;
  groups.forEach((group, index) => {
    const value = Number(group);
    const unit = GROUP_UNITS[groups.length - 1 - index] ?? '';
    if (value === 0) {
      if (words) zeroPending = true;
      return;
    }
    // A gap before this group (a zero group, or fewer than four digits' worth) reads as 零.
    if (words && (zeroPending || group.padStart(4, '0').startsWith('0'))) words += '零';
    zeroPending = false;
    words += groupWords(group) + unit;
  });
  return words;
}

function decimalWords(decimals: string, afterInteger: boolean): string {
  const trimmed = decimals.replace(/0+$/, '');
  let words = '';
  let zero = false;
  for (let i = 0; i < trimmed.length; i += 1) {
    const d = trimmed[i] ?? '0';
    if (d === '0') {
      if (words || afterInteger) zero = true;
      continue;
    }
    if (zero) words += '零';
    zero = false;
    words += digit(d) + DECIMAL_UNITS[i];
  }
  return words;
}

export function amountInWords(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined) return '';
  const text = String(amount).replace(/[,\s]/g, '');
  if (!/^-?\d+(\.\d+)?$/.test(text)) return '';
  let value: Big;
  try {
    value = new Big(text).round(AMOUNT_WORDS_DECIMALS, Big.roundHalfUp);
  } catch {
    return '';
  }
  if (value.abs().gte(AMOUNT_WORDS_LIMIT)) return '';
  const negative = value.lt(0);
  const [integer = '0', fraction = ''] = value.abs().toFixed(AMOUNT_WORDS_DECIMALS).split('.');
  const integerPart = integer === '0' ? '' : `${integerWords(integer)}元`;
  const decimalPart = decimalWords(fraction, integerPart !== '');
  if (!integerPart && !decimalPart) return '零元整';
  const words = decimalPart ? integerPart + decimalPart : `${integerPart}整`;
  return negative ? `负${words}` : words;
}
