import type { Db } from '../../db/database';

const MINUTE = 60_000;
/** Failed sign-ins per mobile that lock it ... */
export const LOGIN_MAX_FAILURES = 5;
/** ... when they fall within this window (ms) ... */
export const LOGIN_FAILURE_WINDOW_MS = 15 * MINUTE;
/** ... for this long (ms). Matches the 15 minutes in the lock message. */
export const LOGIN_LOCK_MS = 15 * MINUTE;

/** Milliseconds the mobile stays locked, or 0. Counted for unknown mobiles too, so a lock reveals nothing. */
export async function lockRemainingMs(db: Db, mobile: string, now: number): Promise<number> {
  const row = await db
    .selectFrom('login_attempts')
    .select('locked_until')
    .where('mobile', '=', mobile)
    .executeTakeFirst();
  const lockedUntil = row?.locked_until == null ? 0 : Number(row.locked_until);
  return Math.max(0, lockedUntil - now);
}

/**
 * Counts one failed sign-in in a single atomic upsert: a window that has passed, or a lock that has ended,
 * starts a new count. Returns true when this failure locked the mobile.
 */
export async function recordLoginFailure(db: Db, mobile: string, now: number): Promise<boolean> {
  const windowStartedBefore = now - LOGIN_FAILURE_WINDOW_MS;
  const row = await db
    .insertInto('login_attempts')
    .values({
      mobile,
      failed_count: 1,
      first_failed_at: now,
      locked_until: null,
    })
    .onConflict((oc) =>
      oc.column('mobile').doUpdateSet((eb) => {
        const restart = eb.or([
          eb('login_attempts.first_failed_at', '<=', windowStartedBefore),
          eb.and([
            eb('login_attempts.locked_until', 'is not', null),
            eb('login_attempts.locked_until', '<=', now),
          ]),
        ]);
        const count = eb
          .case()
          .when(restart)
          .then(1)
          .else(eb('login_attempts.failed_count', '+', 1))
          .end();
        return {
          failed_count: count,
          first_failed_at: eb
            .case()
            .when(restart)
            .then(now)
            .else(eb.ref('login_attempts.first_failed_at'))
            .end(),
          locked_until: eb
            .case()
            .when(restart)
            .then(null)
            .when(eb(eb('login_attempts.failed_count', '+', 1), '>=', LOGIN_MAX_FAILURES))
            .then(now + LOGIN_LOCK_MS)
            .else(eb.ref('login_attempts.locked_until'))
            .end(),
        };
      }),
    )
    .returning(['locked_until'])
    .executeTakeFirstOrThrow();
  return row.locked_until !== null && Number(row.locked_until) > now;
}

export async function clearLoginFailures(db: Db, mobile: string): Promise<void> {
  await db.deleteFrom('login_attempts').where('mobile', '=', mobile).execute();
}
