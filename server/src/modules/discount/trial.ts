import Big from 'big.js';
import { MAX_FACE_FEN } from '@contract/bills';
import {
  DISCOUNT_RATE_MAX_PERCENT,
  DISCOUNT_TERM_MAX_DAYS,
  INTEREST_PAYER,
  type InterestPayer,
} from '@contract/discount';
import type { DiscountTrial, DiscountTrialRequest } from '@contract/discount-schemas';
import { API_ERROR } from '@contract/errors';
import { daysBetween, isCalendarDate } from '../../lib/calendar-date';
import { fail } from '../../lib/errors';
import { discountFigures, RATE_PERCENT_TEXT } from '../../lib/interest';
import { fenToYuan, yuanToFen } from '../../lib/money';
import type { HolidayCalendar } from '../holiday/service';
import { DISCOUNT_MSG } from './messages';

const SHARE_TEXT = /^\d{1,3}(\.\d{1,2})?$/;

/** A typed annual rate (per cent) as its four-decimal text, or 400 RATE_INVALID. */
export function ratePercentOf(text: string): string {
  const rate = text.trim();
  if (!RATE_PERCENT_TEXT.test(rate)) throw fail(API_ERROR.rateInvalid, DISCOUNT_MSG.rateInvalid);
  const value = new Big(rate);
  if (value.lte(0) || value.gte(DISCOUNT_RATE_MAX_PERCENT)) {
    throw fail(API_ERROR.rateInvalid, DISCOUNT_MSG.rateInvalid);
  }
  return value.toFixed(4);
}

function shareOf(payer: InterestPayer, share: string | undefined): string | undefined {
  if (payer !== INTEREST_PAYER.agreement) {
    if (share !== undefined) throw fail(API_ERROR.interestShareInvalid, DISCOUNT_MSG.shareNotAgreement);
    return undefined;
  }
  if (share === undefined || share.trim() === '') {
    throw fail(API_ERROR.interestShareInvalid, DISCOUNT_MSG.shareRequired);
  }
  const text = share.trim();
  if (!SHARE_TEXT.test(text) || new Big(text).gt(100)) {
    throw fail(API_ERROR.interestShareInvalid, DISCOUNT_MSG.shareInvalid);
  }
  return new Big(text).toFixed(2);
}

/**
 * A discount's figures (docs/domain.md, discount interest): the days from the discount date to maturity, the
 * adjust days when maturity is not a business day of `calendar`, the interest and who bears it. Every input
 * is checked here, each mistake answered 400 with its own code.
 */
export function discountTrial(request: DiscountTrialRequest, calendar: HolidayCalendar): DiscountTrial {
  const faceFen = yuanToFen(request.faceAmount);
  if (faceFen === null || faceFen < 1 || faceFen > MAX_FACE_FEN) {
    throw fail(API_ERROR.amountInvalid, DISCOUNT_MSG.faceInvalid);
  }
  const annualRate = ratePercentOf(request.annualRate);
  const { discountDate, maturityDate } = request;
  if (!isCalendarDate(discountDate))
    throw fail(API_ERROR.discountDateInvalid, DISCOUNT_MSG.discountDateInvalid);
  if (!isCalendarDate(maturityDate))
    throw fail(API_ERROR.discountDateInvalid, DISCOUNT_MSG.maturityDateInvalid);
  const days = daysBetween(discountDate, maturityDate);
  if (days < 1) throw fail(API_ERROR.discountDateInvalid, DISCOUNT_MSG.discountNotBeforeMaturity);
  if (days > DISCOUNT_TERM_MAX_DAYS) throw fail(API_ERROR.discountDateInvalid, DISCOUNT_MSG.termTooLong);
  const interestPayer = request.interestPayer ?? INTEREST_PAYER.seller;
  const buyerSharePercent = shareOf(interestPayer, request.buyerSharePercent);
  const adjustDays = calendar.adjustDays(maturityDate);
  const figures = discountFigures({
    faceFen,
    annualRatePercent: annualRate,
    days,
    adjustDays,
    payer: interestPayer,
    ...(buyerSharePercent === undefined ? {} : { buyerSharePercent }),
  });
  return {
    faceAmount: fenToYuan(faceFen),
    annualRate,
    discountDate,
    maturityDate,
    paymentDate: calendar.businessDayOnOrAfter(maturityDate),
    days,
    adjustDays,
    interestPayer,
    ...(buyerSharePercent === undefined ? {} : { buyerSharePercent }),
    interest: fenToYuan(figures.interestFen),
    buyerInterest: fenToYuan(figures.buyerPaysFen),
    sellerInterest: fenToYuan(figures.sellerPaysFen),
    netAmount: fenToYuan(figures.netFen),
  };
}
