import { sql } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import { deleteInBatches } from './batches';
import {
  HOUSEKEEPING_BATCH,
  INVITATION_RETENTION_MS,
  LOGIN_ATTEMPT_RETENTION_MS,
  RATE_COUNTER_RETENTION_MS,
  SMS_OUTBOX_RETENTION_MS,
} from './constants';

/** A table, its key column and the time column whose age decides when a row goes. */
interface AgedRecords<T extends keyof Database> {
  table: T;
  key: keyof Database[T] & string;
  time: keyof Database[T] & string;
}

/** Deletes, in batches, the rows of `records` whose time column is before `cutoff`; returns how many. */
function purgeOlderThan<T extends keyof Database>(
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

/** Rate-limit counters whose window, the longest of any limit, ended long ago. */
export const purgeStaleRateCounters = (db: Db, now: number) =>
  purgeOlderThan(
    db,
    { table: 'rate_counters', key: 'key', time: 'window_start' },
    now - RATE_COUNTER_RETENTION_MS,
  );

/** Failed sign-in counts whose window and lock are long over. */
export const purgeSettledLoginAttempts = (db: Db, now: number) =>
  purgeOlderThan(
    db,
    { table: 'login_attempts', key: 'mobile', time: 'first_failed_at' },
    now - LOGIN_ATTEMPT_RETENTION_MS,
  );

/** Messages of the sandbox SMS gateway, which stands in for the operator's own records. */
export const purgeOldSmsOutbox = (db: Db, now: number) =>
  purgeOlderThan(db, { table: 'sms_outbox', key: 'id', time: 'created_at' }, now - SMS_OUTBOX_RETENTION_MS);

/** Invitations that expired long ago, used or not: their links answer 404 from then on. */
export const purgeEndedInvitations = (db: Db, now: number) =>
  purgeOlderThan(db, { table: 'invitations', key: 'id', time: 'expires_at' }, now - INVITATION_RETENTION_MS);
