import Big from 'big.js';

export { daysBetween } from './calendar-date';

/**
 * Interest on bills and loans (docs/domain.md, interest and financing): the day count and the one rounding
 * that discounts, pledge financing and recourse share. Amounts are integer fen, rates annual percentages
 * written as decimal strings ('2.0000'), dates calendar dates `YYYY-MM-DD`; big.js throughout.
 */

/** The days of the year the annual rate is spread over: 360 for discounts and most loans, 365 for some. */
export type DayCountBasis = 360 | 365;
export const DAY_COUNT_BASES: readonly DayCountBasis[] = [360, 365];

/** A discount always counts on 360 days (SHCPE's rule). */
export const DISCOUNT_DAY_COUNT_BASIS: DayCountBasis = 360;

/** An annual rate in per cent with at most four decimals: `2`, `2.5`, `2.0000`. */
export const RATE_PERCENT_TEXT = /^\d{1,3}(\.\d{1,4})?$/;

const PERCENT = 100;

/**
 * Interest in integer fen: principal x annual rate x days / basis, rounded half up to the fen once, at the
 * end. The quotient is exact to big.js's 20 decimals, more than enough: with a rate of four decimals the
 * exact value is a multiple of 1/(basis x 10^6) of a fen, so it never lies within 10^-20 of a half fen
 * without being one, and rounding the 20-decimal quotient rounds the exact value.
 */
export function interestFen(
  principalFen: number,
  annualRatePercent: string,
  days: number,
  basis: DayCountBasis,
): number {
  if (!Number.isSafeInteger(principalFen) || principalFen < 0) throw new RangeError('principal');
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError('days');
  return Number(
    new Big(principalFen)
      .times(annualRatePercent)
      .times(days)
      .div(basis * PERCENT)
      .round(0, Big.roundHalfUp)
      .toFixed(0),
  );
}

/** Who pays a discount's interest (SHCPE's 付息方式). */
export type InterestPayer = 'PT01' | 'PT02' | 'PT03';

export interface DiscountTerms {
  faceFen: number;
  annualRatePercent: string;
  /** From the discount date to maturity, the first counted and the last not. */
  days: number;
  /** From maturity to the next business day when maturity is not one; else 0. */
  adjustDays: number;
  payer: InterestPayer;
  /** PT03 only: the buyer's share of the interest, per cent (0-100, at most two decimals). */
  buyerSharePercent?: string;
}

export interface DiscountFigures {
  interestFen: number;
  /** What the buyer of the goods (the drawer's side, 买方) pays the institution beside the bill. */
  buyerPaysFen: number;
  /** What the seller (the discounting holder, 卖方) bears: deducted from what it receives. */
  sellerPaysFen: number;
  /** What the seller receives: the face less the interest it bears. */
  netFen: number;
}

/**
 * A discount's figures. The interest is face x rate x (days + adjust days) / 360, rounded once. Seller pays
 * (PT02): it receives face - interest. Buyer pays (PT01): it receives the face, the buyer pays the interest.
 * By agreement (PT03) the buyer's share is the interest x its per cent, rounded half up to the fen, and the
 * seller bears the rest, so the two parts always add up to the interest.
 */
export function discountFigures(terms: DiscountTerms): DiscountFigures {
  const interest = interestFen(
    terms.faceFen,
    terms.annualRatePercent,
    terms.days + terms.adjustDays,
    DISCOUNT_DAY_COUNT_BASIS,
  );
  let buyer: number;
  if (terms.payer === 'PT01') buyer = interest;
  else if (terms.payer === 'PT02') buyer = 0;
  else {
    if (terms.buyerSharePercent === undefined) throw new RangeError('buyer share');
    buyer = Number(
      new Big(interest).times(terms.buyerSharePercent).div(PERCENT).round(0, Big.roundHalfUp).toFixed(0),
    );
  }
  const seller = interest - buyer;
  return {
    interestFen: interest,
    buyerPaysFen: buyer,
    sellerPaysFen: seller,
    netFen: terms.faceFen - seller,
  };
}
