import { Type, type Static } from 'typebox';

/**
 * The wire shapes of statistics.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

/** Yuan, two decimals: '1234.56'. */
const Yuan = Type.String({ pattern: '^\\d+\\.\\d{2}$' });

export const MonthlyFigure = Type.Object({
  /** YYYY-MM (Asia/Shanghai). */
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  count: Type.Integer({ minimum: 0 }),
  /** Yuan, two decimals: '1234.56'. */
  amount: Yuan,
});
export type MonthlyFigure = Static<typeof MonthlyFigure>;

/** `GET /api/scbill/statistics/{kind}`: totals over the window and one entry per month, oldest first. */
export const Statistics = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  amount: Yuan,
  monthly: Type.Array(MonthlyFigure),
});
export type Statistics = Static<typeof Statistics>;
