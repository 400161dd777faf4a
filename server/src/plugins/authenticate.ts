import type { FastifyInstance, FastifyRequest, preHandlerAsyncHookHandler } from 'fastify';
import { invalidToken } from '../lib/auth';
import { callerByTokenHash, callerOf, readsCallerOn, type CallerRow } from '../lib/caller';
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

/** The digest of the request's bearer token (tokens are stored only as digests); refuses a request without one. */
function digestOf(request: FastifyRequest): string {
  const token = bearerToken(request.headers.authorization);
  if (!token) throw invalidToken();
  return sha256Hex(token);
}

export function setupAuthentication(app: FastifyInstance): void {
  app.decorateRequest('auth', null);
  app.decorateRequest('callerDigest', null);
  const rate = new TokenRateCounter(app.config.tokenRateLimit);
  // Asked once: the hook runs on every authenticated request.
  const callerInReads = readsCallerOn(app.db);

  /** Sets request.auth from a valid access token; returns the token's digest. */
  async function check(request: FastifyRequest): Promise<string> {
    const tokenHash = digestOf(request);
    const [row] = await callerByTokenHash(app.db, { tokenHash });
    request.auth = callerOf(row, app.now());
    return tokenHash;
  }

  /** Counts a call against its token's limit; refuses it past the limit. */
  function count(request: FastifyRequest, tokenHash: string): void {
    const retryAfter = rate.hit(tokenHash);
    if (retryAfter === null) return;
    logSecurityEvent(request, SECURITY_EVENT.rateLimited, {
      userId: request.auth?.userId,
      orgId: request.auth?.orgId,
      reason: 'token',
    });
    throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, { 'Retry-After': String(retryAfter) });
  }

  app.decorate('checkAccessToken', async (request: FastifyRequest) => void (await check(request)));
  app.decorate('authenticate', async function authenticate(request: FastifyRequest) {
    // A route that reads its caller in its own statement admits it there (lib/caller.ts, readWithCaller).
    if (callerInReads && request.routeOptions.config.readsCaller === true) {
      request.callerDigest = digestOf(request);
      return;
    }
    count(request, await check(request));
  });
  app.decorate('admitCaller', (request: FastifyRequest, row: CallerRow | undefined) => {
    const tokenHash = request.callerDigest;
    if (tokenHash === null) throw invalidToken();
    request.auth = callerOf(row, app.now());
    request.callerDigest = null;
    count(request, tokenHash);
  });
}
