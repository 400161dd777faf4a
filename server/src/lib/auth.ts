import type { FastifyRequest } from 'fastify';
import { OAUTH_ERROR } from '@contract/errors';
import { OAuthFailure } from './errors';
import { MSG } from './messages';

/** Who is calling, resolved from the access token. Every tenant-owned read goes through this. */
export interface AuthContext {
  userId: string;
  /** null for a user who belongs to no organisation yet. */
  orgId: string | null;
  sessionId: string;
  membershipId: string | null;
  owner: boolean;
  /** The account as the token's own query read it (`GET /api/user`): the user, and the organisation's name and state. */
  account: {
    mobile: string;
    name: string;
    /** Empty outside an organisation. */
    orgName: string;
    authorized: boolean;
    bound: boolean;
  };
}

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by the authentication preHandler (plugins/authenticate.ts); null before it ran or without it. */
    auth: AuthContext | null;
  }
}

/** RFC 6750 section 3.1: both failures carry the same challenge; the body tells expired from invalid. */
const challenge = { 'WWW-Authenticate': 'Bearer realm="chain-bill", error="invalid_token"' };
export const invalidToken = () =>
  new OAuthFailure(401, OAUTH_ERROR.invalidToken, MSG.invalidToken, challenge);
export const tokenExpired = () =>
  new OAuthFailure(401, OAUTH_ERROR.tokenExpired, MSG.tokenExpired, challenge);

/** The caller of an authenticated route; a route that forgot the preHandler fails closed. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw invalidToken();
  return request.auth;
}
