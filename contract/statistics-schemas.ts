import { Type, type Static } from 'typebox';
import type { Assert, Same } from './common-schemas';
import type { MonthlyFigure as MonthlyFigureShape, Statistics as StatisticsShape } from './statistics';

/** TypeBox schemas of the shapes in contract/statistics.ts, for the server's routes. */

/** Yuan, two decimals: '1234.56'. */
const Yuan = Type.String({ pattern: '^\\d+\\.\\d{2}$' });

export const MonthlyFigure = Type.Object({
  month: Type.String({ pattern: '^\\d{4}-\\d{2}$' }),
  count: Type.Integer({ minimum: 0 }),
  amount: Yuan,
});
export type MonthlyFigure = MonthlyFigureShape;
export type _CheckMonthlyFigure = Assert<Same<Static<typeof MonthlyFigure>, MonthlyFigureShape>>;

export const Statistics = Type.Object({
  count: Type.Integer({ minimum: 0 }),
  amount: Yuan,
  monthly: Type.Array(MonthlyFigure),
});
export type Statistics = StatisticsShape;
export type _CheckStatistics = Assert<Same<Static<typeof Statistics>, StatisticsShape>>;
