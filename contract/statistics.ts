/**
 * The dashboard's statistics and the business types of the operation log. Plain values only: the SPA
 * imports this file at run time; the shapes are declared in statistics-schemas.ts.
 */

/** The dashboard's figures, `:kind` one of STATISTICS_KINDS (patterns: contract/paths.ts). */
export const STATISTICS_URL = {
  figures: '/api/scbill/statistics/:kind',
} as const;

/**
 * Business types of the operation log and the statistics paths (`/api/scbill/statistics/{issue|accept|discount|trans}`).
 * `trans` is endorsement transfer (背书转让).
 */
export const BIZ_TYPES = ['issue', 'accept', 'discount', 'trans', 'pledge', 'payment', 'recourse'] as const;
export type BizType = (typeof BIZ_TYPES)[number];

export const BIZ_TYPE_NAME: Record<BizType, string> = {
  issue: '出票',
  accept: '承兑',
  discount: '贴现',
  trans: '背书转让',
  pledge: '质押',
  payment: '提示付款',
  recourse: '追索',
};

/** The business types the dashboard's statistics cover. */
export const STATISTICS_KINDS = ['issue', 'accept', 'discount', 'trans', 'recourse'] as const;
export type StatisticsKind = (typeof STATISTICS_KINDS)[number];

/**
 * Which operation of the organisation each statistic counts: bills it issued, bills it accepted (as acceptor),
 * bills it discounted, bills it endorsed away, and ranges it recovered by recourse (its signature of a
 * 同意清偿). Only operations that succeeded count.
 */
export const STATISTICS_OP_TYPE: Record<StatisticsKind, 'apply' | 'sign'> = {
  issue: 'apply',
  accept: 'sign',
  discount: 'apply',
  trans: 'apply',
  recourse: 'sign',
};

/** The statistics cover the current month and the 5 before it, in Asia/Shanghai months. */
export const STATISTICS_MONTHS = 6;
