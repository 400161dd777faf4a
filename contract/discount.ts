/**
 * Discounts (贴现, docs/domain.md: interest and financing, discount, 轻松贴): the calculator, the quotes
 * every institution gives for held bills, the application to an institution and the holder's discounts.
 */

export const DISCOUNT_URL = {
  /** `POST`: a discount's figures, for the form as the user types and for anyone who wants them. */
  trial: '/api/scbill/discount/trial',
  /** `POST`: 轻松贴, every institution's quote for each of the chosen held bills at once. */
  quotes: '/api/scbill/discount/quotes',
  /** `POST`: the holder applies to discount the front of a holding with an institution (a ledger act). */
  apply: '/api/scbill/discount/apply',
  /** `POST` (`:id` the application's): the holder withdraws a discount application not yet answered. */
  withdraw: '/api/scbill/discount/:id/withdraw',
  /** `GET`, paging and `status` in the query: the organisation's discounts, newest first. */
  list: '/api/scbill/discount/list',
} as const;

/** The longest package-number text 我的贴现's filter takes (a package number has 30 digits). */
export const DISCOUNT_FILTER_TEXT_MAX = 64;

/** 轻松贴 asks for at most this many bills at once. */
export const QUOTE_BILLS_MAX = 10;

/** How the money moves (SHCPE's 清算方式): through the platform (线上) or outside it (线下). */
export const CLEARING = { online: 'SM00', offline: 'SM01' } as const;
export type Clearing = (typeof CLEARING)[keyof typeof CLEARING];
export const CLEARINGS: readonly Clearing[] = Object.values(CLEARING);
export const CLEARING_LABEL: Record<Clearing, string> = { SM00: '线上清算', SM01: '线下清算' };

/** What the payment of a discount's net amount says on both statements. */
export const DISCOUNT_PAYMENT_REMARK = '贴现款';

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
