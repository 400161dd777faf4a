import type { AppConfig } from '../../config';
import type { Db } from '../../db/database';
import { newId, randomToken, sha256Hex } from '../../lib/hash';

const SECOND = 1000;

export type TokenConfig = Pick<
  AppConfig,
  'accessTokenTtlSeconds' | 'refreshTokenTtlSeconds' | 'sessionMaxAgeSeconds' | 'refreshReuseGraceSeconds'
>;

export interface IssuedTokens {
  accessToken: string;
  refreshToken: string;
  /** Seconds until the access token expires. */
  expiresIn: number;
  sessionId: string;
  userId: string;
  orgId: string | null;
}

export const SESSION_REVOKED = { logout: 'logout', refreshReuse: 'refresh_reuse' } as const;

/** A refresh token and an access token for `sessionId`; neither outlives the session. Plain values returned once. */
async function insertTokenPair(
  trx: Db,
  session: { id: string; expiresAt: number; parentHash: string | null },
  now: number,
  config: TokenConfig,
): Promise<{ accessToken: string; refreshToken: string; expiresIn: number }> {
  const accessToken = randomToken();
  const refreshToken = randomToken();
  const accessExpiresAt = Math.min(now + config.accessTokenTtlSeconds * SECOND, session.expiresAt);
  await trx
    .insertInto('refresh_tokens')
    .values({
      token_hash: sha256Hex(refreshToken),
      session_id: session.id,
      parent_hash: session.parentHash,
      created_at: now,
      expires_at: Math.min(now + config.refreshTokenTtlSeconds * SECOND, session.expiresAt),
      used_at: null,
    })
    .execute();
  await trx
    .insertInto('access_tokens')
    .values({
      token_hash: sha256Hex(accessToken),
      session_id: session.id,
      created_at: now,
      expires_at: accessExpiresAt,
    })
    .execute();
  return { accessToken, refreshToken, expiresIn: Math.max(0, Math.floor((accessExpiresAt - now) / SECOND)) };
}

/** Starts a sign-in family. Call inside the command's transaction. */
export async function openSession(
  trx: Db,
  grant: { userId: string; orgId: string | null; clientId: string },
  now: number,
  config: TokenConfig,
): Promise<IssuedTokens> {
  const id = newId();
  const expiresAt = now + config.sessionMaxAgeSeconds * SECOND;
  await trx
    .insertInto('oauth_sessions')
    .values({
      id,
      user_id: grant.userId,
      org_id: grant.orgId,
      client_id: grant.clientId,
      created_at: now,
      expires_at: expiresAt,
      revoked_at: null,
      revoked_reason: null,
    })
    .execute();
  const pair = await insertTokenPair(trx, { id, expiresAt, parentHash: null }, now, config);
  return { ...pair, sessionId: id, userId: grant.userId, orgId: grant.orgId };
}

export async function revokeSession(db: Db, sessionId: string, reason: string, now: number): Promise<void> {
  await db
    .updateTable('oauth_sessions')
    .set({ revoked_at: now, revoked_reason: reason })
    .where('id', '=', sessionId)
    .where('revoked_at', 'is', null)
    .execute();
}

export type RefreshOutcome =
  | { kind: 'rotated'; tokens: IssuedTokens }
  /** Unknown, expired, revoked, or a benign replay inside the grace window: refused, nothing revoked. */
  | { kind: 'refused' }
  /** A used token presented too late: the whole family was revoked. */
  | { kind: 'reuse'; sessionId: string; userId: string; orgId: string | null };

/**
 * Refresh-token rotation (RFC 9700 section 4.14.2). The old token is marked used with a conditional UPDATE,
 * so of two concurrent refreshes exactly one commits a successor; the other is refused without revocation.
 */
export async function rotateRefreshToken(
  db: Db,
  refreshToken: string,
  clientId: string,
  now: number,
  config: TokenConfig,
): Promise<RefreshOutcome> {
  const hash = sha256Hex(refreshToken);
  const row = await db
    .selectFrom('refresh_tokens as r')
    .innerJoin('oauth_sessions as s', 's.id', 'r.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 's.user_id').onRef('m.org_id', '=', 's.org_id'),
    )
    .select([
      'r.used_at as usedAt',
      'r.expires_at as expiresAt',
      's.id as sessionId',
      's.user_id as userId',
      's.org_id as orgId',
      's.client_id as clientId',
      's.expires_at as sessionExpiresAt',
      's.revoked_at as revokedAt',
      'u.status as userStatus',
      'm.id as membershipId',
    ])
    .where('r.token_hash', '=', hash)
    .executeTakeFirst();
  if (!row || row.clientId !== clientId || row.revokedAt !== null) return { kind: 'refused' };

  if (row.usedAt !== null) {
    const successorUsed = await db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('session_id', '=', row.sessionId)
      .where('parent_hash', '=', hash)
      .where('used_at', 'is not', null)
      .executeTakeFirst();
    // Two tabs refreshing at once: the loser's replay is harmless while its successor is still fresh.
    const withinGrace = now - Number(row.usedAt) <= config.refreshReuseGraceSeconds * SECOND;
    if (withinGrace && !successorUsed) return { kind: 'refused' };
    await revokeSession(db, row.sessionId, SESSION_REVOKED.refreshReuse, now);
    return { kind: 'reuse', sessionId: row.sessionId, userId: row.userId, orgId: row.orgId };
  }

  const sessionExpiresAt = Number(row.sessionExpiresAt);
  const live =
    Number(row.expiresAt) > now &&
    sessionExpiresAt > now &&
    row.userStatus === 'active' &&
    (row.orgId === null || row.membershipId !== null);
  if (!live) return { kind: 'refused' };

  return db.transaction().execute(async (trx): Promise<RefreshOutcome> => {
    const marked = await trx
      .updateTable('refresh_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    if (Number(marked.numUpdatedRows) !== 1) return { kind: 'refused' };
    const pair = await insertTokenPair(
      trx,
      { id: row.sessionId, expiresAt: sessionExpiresAt, parentHash: hash },
      now,
      config,
    );
    return {
      kind: 'rotated',
      tokens: { ...pair, sessionId: row.sessionId, userId: row.userId, orgId: row.orgId },
    };
  });
}

/** A crToken opens a session once, within this many ms of its issue (spec section 2, token exchange). */
export const CR_TOKEN_TTL_MS = 5 * 60 * SECOND;

/** Issues a one-time crToken for `userId` acting for `orgId`; returns the plain token (stored hashed). */
export async function issueCrToken(
  db: Db,
  userId: string,
  orgId: string | null,
  now: number,
): Promise<string> {
  const token = randomToken();
  await db
    .insertInto('cr_tokens')
    .values({
      token_hash: sha256Hex(token),
      user_id: userId,
      org_id: orgId,
      created_at: now,
      expires_at: now + CR_TOKEN_TTL_MS,
      used_at: null,
    })
    .execute();
  return token;
}

/**
 * Spends a crToken and opens a session in one transaction; null when it is unknown, used, expired, or its user
 * or membership is no longer valid.
 */
export async function exchangeCrToken(
  db: Db,
  crToken: string,
  clientId: string,
  now: number,
  config: TokenConfig,
): Promise<IssuedTokens | null> {
  const hash = sha256Hex(crToken);
  return db.transaction().execute(async (trx) => {
    const spent = await trx
      .updateTable('cr_tokens')
      .set({ used_at: now })
      .where('token_hash', '=', hash)
      .where('used_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    if (Number(spent.numUpdatedRows) !== 1) return null;
    const grant = await trx
      .selectFrom('cr_tokens as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .leftJoin('memberships as m', (join) =>
        join.onRef('m.user_id', '=', 'c.user_id').onRef('m.org_id', '=', 'c.org_id'),
      )
      .select(['c.user_id as userId', 'c.org_id as orgId', 'u.status as userStatus', 'm.id as membershipId'])
      .where('c.token_hash', '=', hash)
      .executeTakeFirstOrThrow();
    if (grant.userStatus !== 'active' || (grant.orgId !== null && grant.membershipId === null)) return null;
    return openSession(trx, { userId: grant.userId, orgId: grant.orgId, clientId }, now, config);
  });
}
