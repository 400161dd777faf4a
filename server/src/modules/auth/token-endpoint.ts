import type { FastifyRequest } from 'fastify';
import { MOBILE_PATTERN } from '@contract/auth';
import type { TokenRequest, TokenResponse } from '@contract/auth-schemas';
import { GRANT_TYPE, OAUTH_SCOPE } from '@contract/constants';
import { OAUTH_ERROR } from '@contract/errors';
import { bearerToken, requireClient } from '../../lib/client-credential';
import { OAuthFailure } from '../../lib/errors';
import { hitIpLimit, type IpLimitRule } from '../../lib/ip-limit';
import { MSG } from '../../lib/messages';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { accountOf } from '../account/service';
import { consumeCaptchaVerification } from '../captcha/service';
import { signInWithPassword } from './service';
import { exchangeCrToken, rotateRefreshToken, type IssuedTokens } from './tokens';

/** Password grants per IP: a spray over many mobiles from one address trips this. */
export const PASSWORD_GRANT_IP_LIMIT: IpLimitRule = {
  action: 'password-grant',
  limit: 30,
  windowMs: 10 * 60_000,
};

const MOBILE = new RegExp(MOBILE_PATTERN);

const fail = (error: keyof typeof OAUTH_ERROR, description: string, headers: Record<string, string> = {}) =>
  new OAuthFailure(400, OAUTH_ERROR[error], description, headers);

/** `POST /oauth/token`: dispatches on grant_type (password, refresh, crToken exchange). */
export async function handleTokenRequest(
  request: FastifyRequest,
  body: TokenRequest,
): Promise<TokenResponse> {
  const { config } = request.server;
  if (body.scope !== undefined && body.scope !== OAUTH_SCOPE) throw fail('invalidScope', MSG.invalidScope);

  // The exchange is authenticated by the crToken itself (spec section 2: a Bearer header), not the client.
  if (body.grant_type === GRANT_TYPE.crToken) return crTokenGrant(request);

  const clientId = requireClient(request.headers.authorization, config, body);
  switch (body.grant_type) {
    case GRANT_TYPE.password:
      return passwordGrant(request, body, clientId);
    case GRANT_TYPE.refresh:
      return refreshGrant(request, body, clientId);
    default:
      throw fail('unsupportedGrantType', MSG.unsupportedGrantType);
  }
}

async function passwordGrant(
  request: FastifyRequest,
  body: TokenRequest,
  clientId: string,
): Promise<TokenResponse> {
  const { db, config } = request.server;
  const now = request.server.now();
  const retryAfter = await hitIpLimit(request, PASSWORD_GRANT_IP_LIMIT);
  if (retryAfter !== null) {
    throw new OAuthFailure(429, OAUTH_ERROR.tooManyRequests, MSG.tooManyRequests, {
      'Retry-After': String(retryAfter),
    });
  }
  const mobile = body.mobile?.trim() ?? '';
  if (!MOBILE.test(mobile) || !body.password) throw fail('invalidRequest', MSG.badRequest);

  // The captcha is spent before anything else, so a missing or replayed one costs no password check.
  if (!(await consumeCaptchaVerification(db, body.captchaVerification, 'login', request.ip, now))) {
    logSecurityEvent(request, SECURITY_EVENT.captchaRejected, { mobile, reason: 'login' });
    throw fail('captchaInvalid', MSG.captchaInvalid);
  }

  const outcome = await signInWithPassword(
    db,
    { mobile, passwordCiphertext: body.password, clientId },
    request.server.passwordKey,
    now,
    config,
  );
  switch (outcome.kind) {
    case 'locked':
      logSecurityEvent(request, SECURITY_EVENT.loginLocked, { mobile });
      throw fail('accountStatusError', MSG.accountLocked);
    case 'failed':
      // Deliberately not account_not_exist for unknown mobiles (the spec's catalogue has it): an identical
      // answer for both keeps sign-in from telling which mobiles are registered (ASVS 6.3.8).
      logSecurityEvent(request, SECURITY_EVENT.loginFailed, {
        mobile,
        userId: outcome.userId,
        reason: OAUTH_ERROR.passwordNotMatch,
      });
      if (outcome.lockedNow) {
        logSecurityEvent(request, SECURITY_EVENT.loginLocked, { mobile, userId: outcome.userId });
        throw fail('accountStatusError', MSG.accountLocked);
      }
      throw fail('passwordNotMatch', MSG.passwordNotMatch);
    case 'disabled':
      logSecurityEvent(request, SECURITY_EVENT.loginFailed, {
        mobile,
        userId: outcome.userId,
        reason: 'disabled',
      });
      throw fail('accountStatusError', MSG.accountDisabled);
    case 'success':
      logSecurityEvent(request, SECURITY_EVENT.loginSuccess, {
        userId: outcome.tokens.userId,
        orgId: outcome.tokens.orgId,
      });
      return tokenResponse(request, outcome.tokens);
  }
}

async function refreshGrant(
  request: FastifyRequest,
  body: TokenRequest,
  clientId: string,
): Promise<TokenResponse> {
  const { db, config } = request.server;
  if (!body.refresh_token) throw fail('invalidRequest', MSG.badRequest);
  const outcome = await rotateRefreshToken(db, body.refresh_token, clientId, request.server.now(), config);
  switch (outcome.kind) {
    case 'rotated':
      return tokenResponse(request, outcome.tokens);
    case 'reuse':
      logSecurityEvent(request, SECURITY_EVENT.refreshReuse, {
        userId: outcome.userId,
        orgId: outcome.orgId,
      });
      await request.server.realtime.recheckUser(outcome.userId);
      throw fail('invalidGrant', MSG.invalidGrant);
    case 'refused':
      throw fail('invalidGrant', MSG.invalidGrant);
  }
}

async function crTokenGrant(request: FastifyRequest): Promise<TokenResponse> {
  const { db, config } = request.server;
  const crToken = bearerToken(request.headers.authorization);
  const tokens = crToken
    ? await exchangeCrToken(db, crToken, config.clientId, request.server.now(), config)
    : null;
  if (!tokens) throw fail('invalidGrant', MSG.invalidGrant);
  return tokenResponse(request, tokens);
}

async function tokenResponse(request: FastifyRequest, tokens: IssuedTokens): Promise<TokenResponse> {
  const { db, config } = request.server;
  const account = await accountOf(db, tokens.userId, tokens.orgId, config.channelId);
  if (!account) throw fail('invalidGrant', MSG.invalidGrant);
  return {
    access_token: tokens.accessToken,
    token_type: 'bearer',
    refresh_token: tokens.refreshToken,
    expires_in: tokens.expiresIn,
    scope: OAUTH_SCOPE,
    account,
  };
}
