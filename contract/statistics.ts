import { Type, type Static } from 'typebox';

/** A schema for one of `values`, typed as their union (Type.Union over a mapped array would type as never). */
export const literalUnion = <T extends string>(values: readonly T[]) =>
  Type.Unsafe<T>(Type.Union(values.map((value) => Type.Literal(value))));

/**
 * Business types of the operation log and the statistics paths (`/api/scbill/statistics/{issue|accept|discount|trans}`).
 * `trans` is endorsement transfer (背书转让).
 */
export const BIZ_TYPES = ['issue', 'accept', 'discount', 'trans', 'pledge'] as const;
export type BizType = (typeof BIZ_TYPES)[number];

export const BIZ_TYPE_NAME: Record<BizType, string> = {
  issue: '出票',
  accept: '承兑',
  discount: '贴现',
  trans: '背书转让',
  pledge: '质押',
};

/** The business types the dashboard's statistics cover. */
export const STATISTICS_KINDS = ['issue', 'accept', 'discount', 'trans'] as const;
export type StatisticsKind = (typeof STATISTICS_KINDS)[number];

/**
 * Which operation of the organisation each statistic counts: bills it issued, bills it accepted (as acceptor),
 * bills it discounted and bills it endorsed away. Only operations that succeeded count.
 */
export const STATISTICS_OP_TYPE: Record<StatisticsKind, 'apply' | 'sign'> = {
  issue: 'apply',
  accept: 'sign',
  discount: 'apply',
  trans: 'apply',
};

/** The statistics cover the current month and the 5 before it, in Asia/Shanghai months. */
export const STATISTICS_MONTHS = 6;

export const MonthlyFigure = Type.Object({
  /** YYYY-MM (Asia/Shanghai). */
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  count: Type.Integer({ minimum: 0 }),
  /** Yuan, two decimals: '1234.56'. */
  amount: Type.String({ pattern: '^\\d+\\.\\d{2}$' }),
});
export type MonthlyFigure = Static<typeof MonthlyFigure>;

/** `GET /api/scbill/statistics/{kind}`: totals over the window and one entry per month, oldest first. */
export const Statistics = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  amount: Type.String({ pattern: '^\\d+\\.\\d{2}$' }),
  monthly: Type.Array(MonthlyFigure),
});
export type Statistics = Static<typeof Statistics>;
