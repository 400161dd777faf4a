/** Discounts (modules/discount): 轻松贴's quotes and the terms of each discount application. */
export interface DiscountTables {
  discount_quotes: DiscountQuoteTable;
  discount_applications: DiscountApplicationTable;
}

/** One institution's answer for one held bill: a rate until `valid_until`, or why not. */
export interface DiscountQuoteTable {
  id: string;
  /** The organisation that asked (the holder). */
  org_id: string;
  holding_id: string;
  institution_org_id: string;
  /** The holding's whole amount, which is what was quoted. */
  amount_fen: number;
  /** The discount date the figures are for (the day of asking). */
  quote_date: string;
  /** Per cent a year, 4 decimals; null when declined. */
  annual_rate: string | null;
  /** The institution's reason code when it declined. */
  reason: string | null;
  days: number;
  adjust_days: number;
  /** The seller pays (PT02): the interest and what the holder would receive. Null when declined. */
  interest_fen: number | null;
  net_fen: number | null;
  valid_until: number | null;
  created_at: number;
}

export interface DiscountApplicationTable {
  /** The bill_applications row of kind discount. */
  application_id: string;
  holder_org_id: string;
  institution_org_id: string;
  /** Per cent a year, 4 decimals. */
  annual_rate: string;
  /** PT01 | PT02 | PT03 */
  interest_payer: string;
  /** PT03: the buyer's share, per cent with 2 decimals. */
  buyer_share_percent: string | null;
  /** SM00 线上 | SM01 线下 */
  clearing: string;
  /** The holder's verified settlement account the net amount is paid into. */
  account_id: string;
  discount_date: string;
  days: number;
  adjust_days: number;
  interest_fen: number;
  buyer_pays_fen: number;
  net_fen: number;
  /** The sandbox bank's (or a bank's) payment of the net amount, once cleared online. */
  payment_id: string | null;
  /** Why online clearing failed, when it did (the range went back). */
  clearing_failure: string | null;
  created_at: number;
}
