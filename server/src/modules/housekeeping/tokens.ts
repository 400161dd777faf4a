import type { Db } from '../../db/database';
import { deleteInBatches, purgeOlderThan } from './batches';
import { SESSION_PURGE_BATCH, TOKEN_PURGE_GRACE_MS } from './constants';

/** Access tokens past their expiry plus the grace. */
export const purgeExpiredAccessTokens = (db: Db, now: number) =>
  purgeOlderThan(
    db,
    { table: 'access_tokens', key: 'token_hash', time: 'expires_at' },
    now - TOKEN_PURGE_GRACE_MS,
  );

/** Entry-link crTokens (spent or not) past their expiry plus the grace. */
export const purgeExpiredCrTokens = (db: Db, now: number) =>
  purgeOlderThan(
    db,
    { table: 'cr_tokens', key: 'token_hash', time: 'expires_at' },
    now - TOKEN_PURGE_GRACE_MS,
  );

/**
 * Sign-ins past their absolute expiry, or revoked, longer than the grace ago, with every refresh and access
 * token of them. Nothing of a live sign-in goes: its used refresh tokens are what detects a replayed one
 * (RFC 9700 section 4.14.2) until the sign-in's absolute expiry. A revoked sign-in refuses all its tokens
 * anyway, so deleting it changes no answer.
 */
export function purgeEndedSessions(db: Db, now: number): Promise<number> {
  const cutoff = now - TOKEN_PURGE_GRACE_MS;
  return deleteInBatches(SESSION_PURGE_BATCH, async () => {
    const ended = await db
      .selectFrom('oauth_sessions')
      .select('id')
      .where((eb) => eb.or([eb('expires_at', '<', cutoff), eb('revoked_at', '<', cutoff)]))
      .limit(SESSION_PURGE_BATCH)
      .execute();
    if (ended.length === 0) return 0;
    const ids = ended.map((row) => row.id);
    await db.transaction().execute(async (trx) => {
      // Explicit deletes too: both engines cascade, but an SQLite file opened without foreign_keys would not.
      await trx.deleteFrom('refresh_tokens').where('session_id', 'in', ids).execute();
      await trx.deleteFrom('access_tokens').where('session_id', 'in', ids).execute();
      await trx.deleteFrom('oauth_sessions').where('id', 'in', ids).execute();
    });
    return ids.length;
  });
}
