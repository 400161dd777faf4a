import Big from 'big.js';
import type { Rule } from 'antd/es/form';
import { MAX_FACE_FEN } from '@contract/bills';
import { groupedInteger } from '@contract/number-format';
import { amountMessages } from '@/locales/zh-CN/amount';
import { formatYuan } from '@/utils/amount';

const text = amountMessages;

/** Yuan carry at most two decimals: fen are the smallest unit. */
export const AMOUNT_DECIMALS = 2;
const DECIMAL = /^-?\d+(\.\d+)?$/;

/**
 * An amount as people type or paste it, as a plain decimal: full-width digits and signs read as ASCII (a
 * Chinese input method's １，０００．５), and the thousands separators, spaces, currency signs and 元 that a
 * copied figure carries left out. A minus stays, so that a negative amount is refused rather than turned
 * into a positive one.
 */
export function normaliseAmount(typed: string): string {
  return typed.normalize('NFKC').replace(/[\s,¥元]/g, '');
}

/**
 * The amount as the field shows it while it is typed: the integer part in groups of three, the rest as
 * typed ('1234567.5' -> '1,234,567.5', '1234.' -> '1,234.').
 */
export function groupThousands(plain: string): string {
  const match = /^(-?)(\d+)(.*)$/.exec(plain);
  if (!match) return plain;
  const [, sign, integer, rest] = match;
  return `${sign}${groupedInteger(integer!)}${rest}`;
}

/** Whether two typed texts are the same number ('1000.' and '1000.00' are). */
export function sameAmount(one: string, other: string): boolean {
  const numberOf = (text: string) => (/^-?\d+\.?\d*$/.test(text) ? new Big(text) : null);
  const [a, b] = [numberOf(one), numberOf(other)];
  return a !== null && b !== null && a.eq(b);
}

/** The amount in fen when it is a decimal with at most two places, else null. */
export function amountFen(typed: string | null | undefined): number | null {
  const plain = normaliseAmount(typed ?? '');
  if (!DECIMAL.test(plain) || (plain.split('.')[1]?.length ?? 0) > AMOUNT_DECIMALS) return null;
  return Number(new Big(plain).times(100).toFixed(0));
}

const yuanOf = (fen: number) => formatYuan(new Big(fen).div(100).toFixed(AMOUNT_DECIMALS));

export interface AmountBounds {
  /** The least amount in fen; 1 (more than zero) unless given. */
  minFen?: number;
  /** The largest amount in fen; the largest face a bill can have (MAX_FACE_FEN) unless given. */
  maxFen?: number;
}

/** What is wrong with a typed amount, as the message to show; null when it is an amount within bounds. */
export function amountProblem(typed: string, { minFen = 1, maxFen = MAX_FACE_FEN }: AmountBounds = {}) {
  const fen = amountFen(typed);
  if (fen === null) return text.format;
  if (fen < minFen) return minFen === 1 ? text.notPositive : text.belowMin(yuanOf(minFen));
  if (fen > maxFen) return text.aboveMax(yuanOf(maxFen));
  return null;
}

export interface AmountRuleOptions extends AmountBounds {
  /** The field's name in 请输入…; without it the amount may be left empty. */
  requiredLabel?: string;
  /** One message for every amount refused, where the field's own text names its range and decimals. */
  invalid?: string;
}

/** The rules of an amount field (use with AmountInput): the same checks and messages on every form. */
export function amountRules({ requiredLabel, invalid, ...bounds }: AmountRuleOptions = {}): Rule[] {
  return [
    ...(requiredLabel ? [{ required: true, message: text.required(requiredLabel) }] : []),
    {
      validator: async (_rule, value: unknown) => {
        const typed = value === null || value === undefined ? '' : String(value);
        if (normaliseAmount(typed) === '') return;
        const problem = amountProblem(typed, bounds);
        if (problem) throw new Error(invalid ?? problem);
      },
    },
  ];
}

/** The amount as the wire carries it: a plain decimal string with two places ('1,000,000' -> '1000000.00'). */
export const amountText = (typed: string): string => new Big(normaliseAmount(typed)).toFixed(AMOUNT_DECIMALS);

/** Whether the typed text is an amount within the bounds (a bill's face unless given). */
export const isAmount = (typed: string, bounds?: AmountBounds): boolean =>
  amountProblem(typed, bounds) === null;
