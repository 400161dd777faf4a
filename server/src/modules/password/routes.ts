import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AUTH_URL } from '@contract/auth';
import { API_ERROR } from '@contract/errors';
import { PasswordChangeBody, PasswordResetBody } from '@contract/verification-schemas';
import { requireClient } from '../../lib/client-credential';
import { fail } from '../../lib/errors';
import { hitIpLimit, type IpLimitRule } from '../../lib/ip-limit';
import { MSG } from '../../lib/messages';
import { isAcceptablePassword } from '../../lib/passwords';
import { AUTHENTICATED_ERRORS, Done, ERRORS } from '../../lib/responses';
import { authOf } from '../../lib/auth';
import { logVerificationEvent, VERIFICATION_EVENT } from '../verification/service';
import { PASSWORD_SESSION_REVOKED, replacePassword } from './service';

const MINUTE = 60_000;
/** Reset attempts per address: each one decrypts a ciphertext and may open a challenge. */
export const PASSWORD_RESET_IP_LIMIT: IpLimitRule = {
  action: 'password-reset',
  limit: 20,
  windowMs: 10 * MINUTE,
};
const RESET_DONE = '密码已重置，请使用新密码登录';
const CHANGE_DONE = '密码已修改';
export const PASSWORD_RESET_OPERATION = '重置登录密码';
export const PASSWORD_CHANGE_OPERATION = '修改登录密码';

/**
 * The new password from its RSA ciphertext, checked against the registration policy. An undecryptable
 * ciphertext answers like a weak password (no padding oracle).
 */
function newPasswordOf(request: FastifyRequest, ciphertext: string): string {
  const password = request.server.passwordKey.decrypt(ciphertext);
  if (password === null || !isAcceptablePassword(password)) {
    throw fail(API_ERROR.passwordInvalid, MSG.passwordInvalid);
  }
  return password;
}

/**
 * `POST /api/user/password/reset` (before sign-in; the SMS code to the mobile proves it) and
 * `POST /api/user/password/change` (signed in; the SMS code to the user's mobile proves it).
 * The cheap checks run before the verification guard, so nobody spends a code on a request that fails them.
 */
export const passwordRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    AUTH_URL.passwordReset,
    {
      config: {
        verification: {
          kind: 'sms',
          operation: PASSWORD_RESET_OPERATION,
          mobileOf: (request) => (request.body as { mobile?: string } | undefined)?.mobile,
        },
      },
      preHandler: async (request) => {
        requireClient(request.headers.authorization, app.config);
        const retryAfter = await hitIpLimit(request, PASSWORD_RESET_IP_LIMIT);
        if (retryAfter !== null) {
          throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
            'Retry-After': String(retryAfter),
          });
        }
        newPasswordOf(request, request.body.password);
      },
      schema: {
        body: PasswordResetBody,
        response: {
          200: Done,
          ...ERRORS.badRequest,
          ...ERRORS.unauthorized,
          ...ERRORS.tooMany,
          ...ERRORS.internal,
        },
      },
    },
    async function postAuthPasswordReset(request) {
      const { mobile } = request.body;
      const password = newPasswordOf(request, request.body.password);
      // Only a registered mobile ever receives a code, so a verified request names an existing user.
      const user = await app.db
        .selectFrom('users')
        .select('id')
        .where('mobile', '=', mobile)
        .executeTakeFirst();
      if (!user) throw fail(API_ERROR.badRequest, MSG.badRequest);
      await replacePassword(app.db, {
        userId: user.id,
        mobile,
        password,
        reason: PASSWORD_SESSION_REVOKED.reset,
        clearLoginLock: true,
        now: app.now(),
      });
      await app.realtime.recheckUser(user.id);
      logVerificationEvent(request, VERIFICATION_EVENT.passwordReset, { userId: user.id, mobile });
      return { code: 200, msg: RESET_DONE };
    },
  );

  app.post(
    AUTH_URL.passwordChange,
    {
      config: { verification: { kind: 'sms', operation: PASSWORD_CHANGE_OPERATION } },
      preHandler: [
        app.authenticate,
        async (request) => {
          newPasswordOf(request, request.body.password);
        },
      ],
      schema: {
        body: PasswordChangeBody,
        response: { 200: Done, ...AUTHENTICATED_ERRORS },
      },
    },
    async function postAuthPasswordChange(request) {
      const { userId, orgId, sessionId } = authOf(request);
      const password = newPasswordOf(request, request.body.password);
      const user = await app.db
        .selectFrom('users')
        .select('mobile')
        .where('id', '=', userId)
        .executeTakeFirstOrThrow();
      await replacePassword(app.db, {
        userId,
        mobile: user.mobile,
        password,
        reason: PASSWORD_SESSION_REVOKED.change,
        keepSessionId: sessionId,
        clearLoginLock: false,
        now: app.now(),
      });
      await app.realtime.recheckUser(userId);
      logVerificationEvent(request, VERIFICATION_EVENT.passwordChanged, { userId, orgId });
      return { code: 200, msg: CHANGE_DONE };
    },
  );
};
