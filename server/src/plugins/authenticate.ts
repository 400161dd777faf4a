import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { OAUTH_ERROR } from '@contract/errors';
import { preparedQuery } from '../db/prepared-query';
import { OAuthFailure } from '../lib/errors';
import { bearerToken } from '../lib/client-credential';
import { sha256Hex } from '../lib/hash';
import { MSG } from '../lib/messages';

/** Who is calling, resolved from the access token. Every tenant-owned read goes through this. */
export interface AuthContext {
  userId: string;
  /** null for a user who belongs to no organisation yet. */
  orgId: string | null;
  sessionId: string;
  membershipId: string | null;
  owner: boolean;
}

declare module 'fastify' {
  interface FastifyRequest {
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    /** preHandler for every route that needs a signed-in user. */
    authenticate: preHandlerAsyncHookHandler;
  }
}

/** RFC 6750 section 3.1: both failures carry the same challenge; the body tells expired from invalid. */
const challenge = { 'WWW-Authenticate': 'Bearer realm="chain-bill", error="invalid_token"' };
const invalidToken = () => new OAuthFailure(401, OAUTH_ERROR.invalidToken, MSG.invalidToken, challenge);
const tokenExpired = () => new OAuthFailure(401, OAUTH_ERROR.tokenExpired, MSG.tokenExpired, challenge);

/** The caller of an authenticated route; a route that forgot the preHandler fails closed. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw invalidToken();
  return request.auth;
}

/** One query on primary keys and the memberships (user_id, org_id) unique index; every authenticated request runs it. */
const callerByTokenHash = preparedQuery((db, values: { tokenHash: string }) =>
  db
    .selectFrom('access_tokens as t')
    .innerJoin('oauth_sessions as s', 's.id', 't.session_id')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 's.user_id').onRef('m.org_id', '=', 's.org_id'),
    )
    .select([
      't.expires_at as tokenExpiresAt',
      's.id as sessionId',
      's.user_id as userId',
      's.org_id as orgId',
      's.revoked_at as revokedAt',
      'u.status as userStatus',
      'm.id as membershipId',
      'm.owner as owner',
    ])
    .where('t.token_hash', '=', values.tokenHash),
);

export function setupAuthentication(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    const token = bearerToken(request.headers.authorization);
    if (!token) throw invalidToken();
    const [row] = await callerByTokenHash(app.db, { tokenHash: sha256Hex(token) });
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
    };
  });
}
