import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { VERIFICATION_URL } from '@contract/verification';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR, OAUTH_ERROR } from '@contract/errors';
import { SmsSendRequest, SmsSent } from '@contract/verification-schemas';
import { bearerToken } from '../../lib/client-credential';
import { OAuthFailure, fail } from '../../lib/errors';
import { hitIpLimit } from '../../lib/ip-limit';
import { MSG } from '../../lib/messages';
import { ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { consumeCaptchaVerification } from '../captcha/service';
import { SMS_IP_LIMITS, SMS_MOBILE_MISMATCH_MSG, SMS_SENT, SMS_SENT_MSG } from './constants';
import { hitMobileLimits, sendVerificationCode } from './service';

/** The signed-in caller, when the request carries a bearer token (which must then be valid). */
async function optionalSignIn(
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<{ userId: string; mobile: string } | null> {
  const { server: app } = request;
  if (bearerToken(request.headers.authorization) === undefined) return null;
  await app.authenticate.call(app, request, reply);
  const userId = request.auth?.userId;
  const user = userId
    ? await app.db.selectFrom('users').select(['id', 'mobile']).where('id', '=', userId).executeTakeFirst()
    : undefined;
  if (!user) throw new OAuthFailure(401, OAUTH_ERROR.invalidToken, MSG.invalidToken);
  return { userId: user.id, mobile: user.mobile };
}

/**
 * `POST /api/sms`: sends a verification code for the caller's pending sensitive operation. The captcha is
 * spent first; then the limits per address and per mobile; the answer is the same for every mobile.
 */
export const smsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    VERIFICATION_URL.sms,
    {
      schema: {
        body: SmsSendRequest,
        response: {
          200: Envelope(SmsSent),
          ...ERRORS.badRequest,
          ...ERRORS.unauthorized,
          ...ERRORS.tooMany,
          ...ERRORS.internal,
        },
      },
    },
    async function postVerificationSms(request, reply) {
      const { mobile, captchaVerification } = request.body;
      const signedIn = await optionalSignIn(request, reply);
      if (signedIn && signedIn.mobile !== mobile) {
        throw fail(API_ERROR.badRequest, SMS_MOBILE_MISMATCH_MSG);
      }
      const now = app.now();
      if (!(await consumeCaptchaVerification(app.db, captchaVerification, 'sms', request.ip, now))) {
        logSecurityEvent(request, SECURITY_EVENT.captchaRejected, { mobile, reason: 'sms' });
        throw fail(API_ERROR.captchaInvalid, MSG.captchaInvalid);
      }
      const ipRetryAfter = await hitIpLimit(
        request,
        signedIn ? SMS_IP_LIMITS.signedIn : SMS_IP_LIMITS.beforeSignIn,
      );
      if (ipRetryAfter !== null) {
        throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
          'Retry-After': String(ipRetryAfter),
        });
      }
      const limited = await hitMobileLimits(app, mobile, signedIn !== null, now);
      if (limited) {
        logSecurityEvent(request, SECURITY_EVENT.rateLimited, {
          mobile,
          userId: signedIn?.userId,
          reason: `sms-${limited.rule.name}`,
        });
        throw fail(API_ERROR.rateLimited, limited.rule.msg, {
          'Retry-After': String(limited.retryAfterSeconds),
        });
      }
      await sendVerificationCode(app, { mobile, signedInUserId: signedIn?.userId ?? null, now });
      reply.header('Cache-Control', 'no-store');
      return ok(SMS_SENT, SMS_SENT_MSG);
    },
  );
};
