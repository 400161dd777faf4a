/**
 * Discounts (贴现, docs/domain.md: interest and financing, 轻松贴): the calculator's constants and paths,
 * and the quotes every institution gives for held bills. The application itself comes with the ledger.
 */

export const DISCOUNT_URL = {
  /** `POST`: a discount's figures, for the form as the user types and for anyone who wants them. */
  trial: '/api/scbill/discount/trial',
  /** `POST`: 轻松贴, every institution's quote for each of the chosen held bills at once. */
  quotes: '/api/scbill/discount/quotes',
} as const;

/** 轻松贴 asks for at most this many bills at once. */
export const QUOTE_BILLS_MAX = 10;

/** Who pays the interest (SHCPE's 付息方式): the buyer of the goods, the seller (the holder), or both by agreement. */
export const INTEREST_PAYER = { buyer: 'PT01', seller: 'PT02', agreement: 'PT03' } as const;
export type InterestPayer = (typeof INTEREST_PAYER)[keyof typeof INTEREST_PAYER];
export const INTEREST_PAYERS: readonly InterestPayer[] = Object.values(INTEREST_PAYER);

export const INTEREST_PAYER_LABEL: Record<InterestPayer, string> = {
  PT01: '买方付息',
  PT02: '卖方付息',
  PT03: '协议付息',
};

/** A discount counts the year as 360 days. */
export const DISCOUNT_DAY_BASIS = 360;

/** Annual rates are per cent with at most this many decimals. */
export const RATE_DECIMALS = 4;

/**
 * Rates at or above this are refused as typing mistakes: discounts on SHCPE run at a few per cent, and 24 %
 * is the most Chinese courts have ever upheld on a loan (the 2015 private-lending rules).
 */
export const DISCOUNT_RATE_MAX_PERCENT = 24;

/** The buyer's share under PT03: per cent, 0 to 100, with at most this many decimals. */
export const SHARE_DECIMALS = 2;

/** The longest span from the discount date to maturity: no bill runs longer than a year. */
export const DISCOUNT_TERM_MAX_DAYS = 366;
