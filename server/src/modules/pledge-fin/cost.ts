import Big from 'big.js';
import {
  DAY_BASES,
  DEFAULT_DAY_BASIS,
  INTEREST_SETTLEMENT_DAY,
  PLEDGE_FIN_PRINCIPAL_MAX_FEN,
  PLEDGE_FIN_RATE_MAX_PERCENT,
  PLEDGE_FIN_TERM_MAX_DAYS,
  QUARTER_END_MONTHS,
  REPAYMENT_MODE,
  type RepaymentMode,
} from '@contract/pledge-fin';
import type { PledgeCost, PledgeCostRequest, SchedulePayment } from '@contract/pledge-fin-schemas';
import { API_ERROR } from '@contract/errors';
import { daysBetween, isCalendarDate } from '../../lib/calendar-date';
import { fail } from '../../lib/errors';
import { interestFen, RATE_PERCENT_TEXT, type DayCountBasis } from '../../lib/interest';
import { fenToYuan, yuanToFen } from '../../lib/money';
import { PLEDGE_FIN_MSG } from './messages';

/** The terms a loan's cost is computed from, checked. */
export interface CostTerms {
  principalFen: number;
  /** Per cent a year, 4 decimals. */
  annualRate: string;
  valueDate: string;
  maturityDate: string;
  dayBasis: DayCountBasis;
  /** Per cent of the principal, 4 decimals. */
  feeRate: string;
  repaymentMode: RepaymentMode;
}

const PERCENT = 100;

/** A typed rate (per cent a year) as its four-decimal text; `allowZero` for a fee. 400 RATE_INVALID otherwise. */
export function rateOf(text: string, allowZero = false): string {
  const rate = text.trim();
  if (!RATE_PERCENT_TEXT.test(rate)) throw fail(API_ERROR.rateInvalid, PLEDGE_FIN_MSG.rateInvalid);
  const value = new Big(rate);
  if ((allowZero ? value.lt(0) : value.lte(0)) || value.gte(PLEDGE_FIN_RATE_MAX_PERCENT)) {
    throw fail(API_ERROR.rateInvalid, PLEDGE_FIN_MSG.rateInvalid);
  }
  return value.toFixed(4);
}

/** A typed principal (yuan) in fen, or 400 AMOUNT_INVALID. */
export function principalOf(text: string): number {
  const fen = yuanToFen(text);
  if (fen === null || fen < 1 || fen > PLEDGE_FIN_PRINCIPAL_MAX_FEN) {
    throw fail(API_ERROR.amountInvalid, PLEDGE_FIN_MSG.principalInvalid);
  }
  return fen;
}

export function dayBasisOf(value: number | string): DayCountBasis {
  const basis = Number(value);
  if (!DAY_BASES.includes(basis)) throw fail(API_ERROR.badRequest, PLEDGE_FIN_MSG.dayBasisInvalid);
  return basis as DayCountBasis;
}

/** The loan's days, first counted and last not: at least one, at most the longest term. */
export function loanDays(valueDate: string, maturityDate: string): number {
  if (!isCalendarDate(valueDate)) throw fail(API_ERROR.pledgeFinDateInvalid, PLEDGE_FIN_MSG.valueDateInvalid);
  if (!isCalendarDate(maturityDate)) {
    throw fail(API_ERROR.pledgeFinDateInvalid, PLEDGE_FIN_MSG.maturityDateInvalid);
  }
  const days = daysBetween(valueDate, maturityDate);
  if (days < 1) throw fail(API_ERROR.pledgeFinDateInvalid, PLEDGE_FIN_MSG.maturityNotAfterValueDate);
  if (days > PLEDGE_FIN_TERM_MAX_DAYS) throw fail(API_ERROR.pledgeFinDateInvalid, PLEDGE_FIN_MSG.termTooLong);
  return days;
}

const pad = (n: number) => String(n).padStart(2, '0');

/**
 * The days interest falls due before maturity: the 20th of every month (monthly) or of March, June,
 * September and December (quarterly) strictly after the value date and strictly before maturity, which is
 * the last payment in every mode.
 */
export function interestDates(valueDate: string, maturityDate: string, mode: RepaymentMode): string[] {
  if (mode === REPAYMENT_MODE.atMaturity) return [];
  const dates: string[] = [];
  let [year = 0, month = 1] = valueDate.split('-').map(Number);
  for (;;) {
    const date = `${year}-${pad(month)}-${pad(INTEREST_SETTLEMENT_DAY)}`;
    if (date >= maturityDate) return dates;
    const due = mode === REPAYMENT_MODE.monthly || QUARTER_END_MONTHS.includes(month);
    if (due && date > valueDate) dates.push(date);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
}

/**
 * A loan's cost (docs/domain.md, pledge financing): the interest is principal x rate x days / basis, rounded
 * half up to the fen once. Each scheduled payment is the rounded interest up to its end less the rounded
 * interest up to its start, so the payments add up to the interest exactly and no period is rounded twice.
 * The fee is principal x fee rate, rounded half up, and deducted from what is paid out.
 */
export function costOf(terms: CostTerms): PledgeCost {
  const { principalFen, annualRate, valueDate, maturityDate, dayBasis } = terms;
  const days = daysBetween(valueDate, maturityDate);
  const totalInterest = interestFen(principalFen, annualRate, days, dayBasis);
  const fee = Number(
    new Big(principalFen).times(terms.feeRate).div(PERCENT).round(0, Big.roundHalfUp).toFixed(0),
  );
  const ends = [...interestDates(valueDate, maturityDate, terms.repaymentMode), maturityDate];
  const schedule: SchedulePayment[] = [];
  let start = valueDate;
  let accrued = 0;
  ends.forEach((end, index) => {
    const upTo = interestFen(principalFen, annualRate, daysBetween(valueDate, end), dayBasis);
    const interest = upTo - accrued;
    const principal = index === ends.length - 1 ? principalFen : 0;
    schedule.push({
      seq: index + 1,
      startDate: start,
      endDate: end,
      days: daysBetween(start, end),
      interest: fenToYuan(interest),
      principal: fenToYuan(principal),
      amount: fenToYuan(interest + principal),
    });
    accrued = upTo;
    start = end;
  });
  return {
    principal: fenToYuan(principalFen),
    annualRate,
    valueDate,
    maturityDate,
    dayBasis,
    days,
    interest: fenToYuan(totalInterest),
    feeRate: terms.feeRate,
    fee: fenToYuan(fee),
    netAmount: fenToYuan(principalFen - fee),
    repaymentMode: terms.repaymentMode,
    schedule,
  };
}

/** What a product lends on when the calculator's body names no rate, fee, mode or basis of its own. */
export interface ProductTerms {
  annual_rate: string;
  fee_rate: string;
  repayment_mode: string;
  day_basis: number;
}

/** Checks the calculator's body and computes the cost; each mistake is answered 400 with its own code. */
export function costOfRequest(body: PledgeCostRequest, product: ProductTerms | undefined): PledgeCost {
  const principalFen = principalOf(body.principal);
  const rateText = body.annualRate ?? product?.annual_rate;
  if (rateText === undefined) throw fail(API_ERROR.rateInvalid, PLEDGE_FIN_MSG.rateInvalid);
  const annualRate = rateOf(rateText);
  loanDays(body.valueDate, body.maturityDate);
  const feeRate = rateOf(body.feeRate ?? product?.fee_rate ?? '0', true);
  const dayBasis = dayBasisOf(body.dayBasis ?? product?.day_basis ?? DEFAULT_DAY_BASIS);
  const repaymentMode = (body.repaymentMode ??
    product?.repayment_mode ??
    REPAYMENT_MODE.atMaturity) as RepaymentMode;
  return costOf({
    principalFen,
    annualRate,
    valueDate: body.valueDate,
    maturityDate: body.maturityDate,
    dayBasis,
    feeRate,
    repaymentMode,
  });
}
