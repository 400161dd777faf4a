import Big from 'big.js';
import { sql } from 'kysely';
import { STATISTICS_MONTHS, STATISTICS_OP_TYPE, type StatisticsKind } from '@contract/statistics';
import type { MonthlyFigure, Statistics } from '@contract/statistics-schemas';
import type { Db } from '../../db/database';
import { monthKey, shanghaiMonthStart, shanghaiParts } from '../../lib/shanghai-time';
import { fenToYuan } from '../../lib/money';

/** Only completed operations count towards the statistics. */
const COUNTED_STATUS = 'success';

export interface StatisticsMonth {
  /** YYYY-MM */
  key: string;
  /** Epoch ms, inclusive. */
  start: number;
  /** Epoch ms, exclusive. */
  end: number;
}

/** The current Asia/Shanghai month and the ones before it, oldest first. */
export function statisticsMonths(now: number, count: number = STATISTICS_MONTHS): StatisticsMonth[] {
  const { year, month } = shanghaiParts(now);
  return Array.from({ length: count }, (_, i) => {
    const m = month - (count - 1) + i;
    return {
      key: monthKey(year, m),
      start: shanghaiMonthStart(year, m),
      end: shanghaiMonthStart(year, m + 1),
    };
  });
}

/**
 * Counts and amounts of the organisation's successful operations of one kind, per month, in one query
 * (conditional sums work the same on SQLite and PostgreSQL). Amounts are summed as integer fen by the
 * database and turned into yuan with big.js.
 */
export async function statisticsOf(
  db: Db,
  orgId: string,
  kind: StatisticsKind,
  now: number,
): Promise<Statistics> {
  const months = statisticsMonths(now);
  const first = months[0];
  const last = months[months.length - 1];
  if (!first || !last) return { count: 0, amount: fenToYuan(0), monthly: [] };
  const selections = months.flatMap((m, i) => [
    sql<
      string | number | null
    >`sum(case when created_at >= ${m.start} and created_at < ${m.end} then amount_fen else 0 end)`.as(
      `amount${i}`,
    ),
    sql<
      string | number | null
    >`sum(case when created_at >= ${m.start} and created_at < ${m.end} then 1 else 0 end)`.as(`count${i}`),
  ]);
  const row = (await db
    .selectFrom('bill_operations')
    .select(selections)
    .where('org_id', '=', orgId)
    .where('biz_type', '=', kind)
    .where('op_type', '=', STATISTICS_OP_TYPE[kind])
    .where('status', '=', COUNTED_STATUS)
    .where('created_at', '>=', first.start)
    .where('created_at', '<', last.end)
    .executeTakeFirst()) as Record<string, string | number | null> | undefined;

  let totalFen = new Big(0);
  let totalCount = 0;
  const monthly: MonthlyFigure[] = months.map((m, i) => {
    const fen = new Big(String(row?.[`amount${i}`] ?? 0));
    const count = Number(row?.[`count${i}`] ?? 0);
    totalFen = totalFen.plus(fen);
    totalCount += count;
    return { month: m.key, count, amount: fenToYuan(fen.toFixed(0)) };
  });
  return { count: totalCount, amount: fenToYuan(totalFen.toFixed(0)), monthly };
}

/** All zeros, for a user who belongs to no organisation yet. */
export function emptyStatistics(now: number): Statistics {
  return {
    count: 0,
    amount: fenToYuan(0),
    monthly: statisticsMonths(now).map((m) => ({ month: m.key, count: 0, amount: fenToYuan(0) })),
  };
}
