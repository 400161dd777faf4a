import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { HOUSEKEEPING_BATCH, HOUSEKEEPING_MAX_BATCHES } from './constants';

/**
 * Runs `deleteBatch` until it deletes fewer than `batchSize` rows (nothing left) or the per-sweep budget is
 * spent, letting requests in between batches. Returns the rows deleted.
 */
export async function deleteInBatches(
  batchSize: number,
  deleteBatch: () => Promise<number>,
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < HOUSEKEEPING_MAX_BATCHES; batch++) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < batchSize) break;
    await nextTurn();
  }
  return total;
}

/** A table, its key column and the time column whose age decides when a row goes. */
interface AgedRecords<T extends keyof Database> {
  table: T;
  key: keyof Database[T] & string;
  time: keyof Database[T] & string;
}

/** Deletes, in batches, the rows of `records` whose time column is before `cutoff`; returns how many. */
export function purgeOlderThan<T extends keyof Database>(
  db: Db,
  records: AgedRecords<T>,
  cutoff: number,
): Promise<number> {
  const { table, key, time } = records;
  return deleteInBatches(HOUSEKEEPING_BATCH, async () => {
    const result = await sql`
      DELETE FROM ${sql.table(table)} WHERE ${sql.ref(key)} IN (
        SELECT ${sql.ref(key)} FROM ${sql.table(table)}
        WHERE ${sql.ref(time)} < ${cutoff} LIMIT ${HOUSEKEEPING_BATCH}
      )`.execute(db);
    return Number(result.numAffectedRows ?? 0);
  });
}
