/** Discounts (modules/discount): 轻松贴's quotes. */
export interface DiscountTables {
  discount_quotes: DiscountQuoteTable;
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
