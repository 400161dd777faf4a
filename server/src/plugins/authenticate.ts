import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { invalidToken, tokenExpired } from '../lib/auth';
import { preparedQuery } from '../db/prepared-query';
import { bearerToken } from '../lib/client-credential';
import { sha256Hex } from '../lib/hash';
import { fail } from '../lib/errors';
import { MSG } from '../lib/messages';
import { logSecurityEvent, SECURITY_EVENT } from '../lib/security-log';
import { TokenRateCounter } from '../lib/token-rate';
import { API_ERROR } from '@contract/errors';

declare module 'fastify' {
  interface FastifyInstance {
    /** preHandler for every route that needs a signed-in user; counts the call against the token's limit. */
    authenticate: preHandlerAsyncHookHandler;
    /**
     * The same check without counting: for the server's own re-checks of an open socket, which are no call
     * of the client's and must not be refused for the client's pace.
     */
    checkAccessToken: (request: FastifyRequest) => Promise<void>;
  }
}

/**
 * One query on primary keys and the memberships (user_id, org_id) unique index; every authenticated request
 * runs it. It reads the caller's account as well (the user's mobile and name, the organisation's name and
 * state), so `GET /api/user`, asked on every page load, makes no second trip for the same rows.
 */
const callerByTokenHash = preparedQuery((db, values: { tokenHash: string }) =>
  db
    .selectFrom('access_tokens as t')
    .innerJoin('oauth_sessions as s', 's.id', 't.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 's.user_id').onRef('m.org_id', '=', 's.org_id'),
    )
    .leftJoin('organizations as o', 'o.id', 'm.org_id')
    .select([
      't.expires_at as tokenExpiresAt',
      's.id as sessionId',
      's.user_id as userId',
      's.org_id as orgId',
      's.revoked_at as revokedAt',
      'u.status as userStatus',
      'm.id as membershipId',
      'm.owner as owner',
      'u.mobile',
      'u.name',
      'o.name as orgName',
      'o.authorized',
      'o.bound',
    ])
    .where('t.token_hash', '=', values.tokenHash),
);

export function setupAuthentication(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  const rate = new TokenRateCounter(app.config.tokenRateLimit);

  /** Sets request.auth from a valid access token; returns the token's digest. */
  async function check(request: FastifyRequest): Promise<string> {
    // Access tokens are stored only as digests.
    const token = bearerToken(request.headers.authorization);
    if (!token) throw invalidToken();
    const tokenHash = sha256Hex(token);
    const [row] = await callerByTokenHash(app.db, { tokenHash });
    if (!row || row.revokedAt !== null || row.userStatus !== 'active') throw invalidToken();
    // A membership removed after sign-in ends the session's access to that organisation.
    if (row.orgId !== null && row.membershipId === null) throw invalidToken();
    if (Number(row.tokenExpiresAt) <= app.now()) throw tokenExpired();
    request.auth = {
      userId: row.userId,
      orgId: row.orgId,
      sessionId: row.sessionId,
      membershipId: row.membershipId,
      owner: row.owner === 1,
      account: {
        mobile: row.mobile,
        name: row.name,
        orgName: row.orgName ?? '',
        authorized: row.authorized === 1,
        bound: row.bound === 1,
      },
    };
    return tokenHash;
  }

  app.decorate('checkAccessToken', async (request: FastifyRequest) => void (await check(request)));
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const retryAfter = rate.hit(await check(request));
    if (retryAfter === null) return;
    logSecurityEvent(request, SECURITY_EVENT.rateLimited, {
      userId: request.auth?.userId,
      orgId: request.auth?.orgId,
      reason: 'token',
    });
    throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, { 'Retry-After': String(retryAfter) });
  });
}
