import formbody from '@fastify/formbody';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { AUTH_URL } from '@contract/auth';
import {
  MobileValidation,
  MobileValidationRequest,
  RegisteredUser,
  RegisterRequest,
  TokenRequest,
  TokenResponse,
} from '@contract/auth-schemas';
import { Envelope, OAuthError } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { requireClient } from '../../lib/client-credential';
import { fail } from '../../lib/errors';
import { hitIpLimit, type IpLimitRule } from '../../lib/ip-limit';
import { MSG } from '../../lib/messages';
import { ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { consumeCaptchaVerification } from '../captcha/service';
import { isMobileRegistered, REGISTER_OPERATION, registerUser, registrationRefusal } from './service';
import { handleTokenRequest } from './token-endpoint';

const MINUTE = 60_000;
/** New accounts per IP: registration is cheap to script and each one costs a scrypt. */
export const REGISTER_IP_LIMIT: IpLimitRule = { action: 'register', limit: 10, windowMs: 60 * MINUTE };
/** "Is this mobile registered?" per IP: the captcha slows one client, this caps a farm behind one address. */
export const MOBILE_VALIDATION_IP_LIMIT: IpLimitRule = {
  action: 'mobile-validation',
  limit: 30,
  windowMs: 10 * MINUTE,
};

/** `POST /oauth/token`: form-encoded only, so its context has the form parser and no JSON parser. */
export const oauthRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.removeContentTypeParser(['application/json', 'text/plain']);
  await app.register(formbody, { bodyLimit: app.initialConfig.bodyLimit });
  app.post(
    AUTH_URL.token,
    {
      config: { oauthErrors: true },
      schema: {
        body: TokenRequest,
        response: {
          200: TokenResponse,
          400: OAuthError,
          401: OAuthError,
          413: OAuthError,
          429: OAuthError,
          500: OAuthError,
        },
      },
    },
    async function postAuthToken(request, reply) {
      const answer = await handleTokenRequest(request, request.body);
      // RFC 6749 section 5.1: token responses are never cached.
      reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
      return answer;
    },
  );
};

/** Counts the request against `rule` for its IP and refuses it with 429 RATE_LIMITED past the limit. */
async function enforceIpLimit(request: FastifyRequest, rule: IpLimitRule): Promise<void> {
  const retryAfter = await hitIpLimit(request, rule);
  if (retryAfter !== null) {
    throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
      'Retry-After': String(retryAfter),
    });
  }
}

/**
 * `POST /api/register`, `POST /api/account/mobile/validation`: before sign-in, so client credential + captcha.
 * An account exists only once the mobile has proved itself: registration answers 406 until the request
 * carries the SMS code sent to that mobile (the verification guard, with the mobile as subject). What can be
 * refused without a code (the name, the password, a mobile already registered) is refused first.
 */
export const registrationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    AUTH_URL.register,
    {
      config: {
        verification: {
          kind: 'sms',
          operation: REGISTER_OPERATION,
          mobileOf: (request) => (request.body as { mobile?: string } | undefined)?.mobile,
        },
      },
      preHandler: async (request) => {
        requireClient(request.headers.authorization, app.config);
        await enforceIpLimit(request, REGISTER_IP_LIMIT);
        const { mobile, name, password } = request.body as RegisterRequest;
        const refusal = await registrationRefusal(
          app.db,
          { mobile, name, passwordCiphertext: password },
          app.passwordKey,
        );
        if (refusal === 'name_invalid') throw fail(API_ERROR.badRequest, MSG.nameInvalid);
        if (refusal === 'password_invalid') throw fail(API_ERROR.passwordInvalid, MSG.passwordInvalid);
        if (refusal === 'mobile_taken') throw fail(API_ERROR.mobileRegistered, MSG.mobileRegistered);
      },
      schema: {
        body: RegisterRequest,
        response: {
          201: Envelope(RegisteredUser),
          ...ERRORS.badRequest,
          ...ERRORS.unauthorized,
          ...ERRORS.conflict,
          ...ERRORS.tooMany,
          ...ERRORS.internal,
        },
      },
    },
    async function postAuthRegister(request, reply) {
      const { mobile, name, password, captchaVerification } = request.body;
      const now = app.now();
      if (!(await consumeCaptchaVerification(app.db, captchaVerification, 'register', request.ip, now))) {
        logSecurityEvent(request, SECURITY_EVENT.captchaRejected, { mobile, reason: 'register' });
        throw fail(API_ERROR.captchaInvalid, MSG.captchaInvalid);
      }
      const outcome = await registerUser(
        app.db,
        { mobile, name, passwordCiphertext: password },
        app.passwordKey,
        now,
      );
      if (outcome.kind === 'password_invalid') throw fail(API_ERROR.passwordInvalid, MSG.passwordInvalid);
      if (outcome.kind === 'mobile_taken') throw fail(API_ERROR.mobileRegistered, MSG.mobileRegistered);
      reply.code(201);
      return { code: 201, msg: MSG.registered, data: outcome.user };
    },
  );

  app.post(
    AUTH_URL.mobileValidation,
    {
      schema: {
        body: MobileValidationRequest,
        response: {
          200: Envelope(MobileValidation),
          ...ERRORS.badRequest,
          ...ERRORS.tooMany,
          ...ERRORS.internal,
        },
      },
    },
    async function postAuthMobileValidation(request) {
      await enforceIpLimit(request, MOBILE_VALIDATION_IP_LIMIT);
      const { mobile, captchaVerification } = request.body;
      if (
        !(await consumeCaptchaVerification(
          app.db,
          captchaVerification,
          'mobile-validation',
          request.ip,
          app.now(),
        ))
      ) {
        logSecurityEvent(request, SECURITY_EVENT.captchaRejected, { mobile, reason: 'mobile-validation' });
        throw fail(API_ERROR.captchaInvalid, MSG.captchaInvalid);
      }
      return ok({ registered: await isMobileRegistered(app.db, mobile) });
    },
  );
};
