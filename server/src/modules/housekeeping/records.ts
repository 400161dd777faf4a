import type { Db } from '../../db/database';
import { purgeOlderThan } from './batches';
import {
  INVITATION_RETENTION_MS,
  LOGIN_ATTEMPT_RETENTION_MS,
  RATE_COUNTER_RETENTION_MS,
  SMS_OUTBOX_RETENTION_MS,
} from './constants';

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
