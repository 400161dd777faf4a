import type { FastifyPluginAsync } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { CaptchaCheckResponse as CheckAnswer, CaptchaGetResponse as GetAnswer } from '@contract/captcha';
import {
  CaptchaCheckRequest,
  CaptchaCheckResponse,
  CaptchaGetQuery,
  CaptchaGetResponse,
} from '@contract/captcha-schemas';
import { CAPTCHA_REP_CODE } from '@contract/constants';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { CAPTCHA_CHECK_LIMITED_CODE, CAPTCHA_MESSAGES, DEFAULT_CAPTCHA_SCENE } from './constants';
import { checkLimitedFor, fetchLimitedFor } from './limits';
import { checkChallenge, issueChallenge, purgeExpiredCaptchaState } from './service';

const HTTP_TOO_MANY_REQUESTS = 429;

const fetchLimited: GetAnswer = {
  repCode: CAPTCHA_REP_CODE.fetchLimited,
  repMsg: CAPTCHA_MESSAGES.fetchLimited,
  repData: null,
};
const checkLimited: CheckAnswer = {
  repCode: CAPTCHA_CHECK_LIMITED_CODE,
  repMsg: CAPTCHA_MESSAGES.checkLimited,
  repData: null,
};
const expired: CheckAnswer = {
  repCode: CAPTCHA_REP_CODE.expired,
  repMsg: CAPTCHA_MESSAGES.expired,
  repData: null,
};
const checkFailed: CheckAnswer = {
  repCode: CAPTCHA_REP_CODE.checkFailed,
  repMsg: CAPTCHA_MESSAGES.checkFailed,
  repData: null,
};

/** `GET /api/captcha/get`, `POST /api/captcha/check` (AJ-Captcha blockPuzzle protocol). */
export const captchaRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  app.get(
    '/get',
    {
      schema: {
        querystring: CaptchaGetQuery,
        response: { 200: CaptchaGetResponse, [HTTP_TOO_MANY_REQUESTS]: CaptchaGetResponse },
      },
    },
    async (request, reply) => {
      // A puzzle is single-use; a cached copy would only ever answer 6110.
      reply.header('Cache-Control', 'no-store');
      const retryAfter = await fetchLimitedFor(request, request.query.clientUid);
      if (retryAfter !== null) {
        return reply
          .code(HTTP_TOO_MANY_REQUESTS)
          .header('Retry-After', String(retryAfter))
          .send(fetchLimited);
      }
      const now = app.now();
      await purgeExpiredCaptchaState(app.db, now);
      const puzzle = await issueChallenge(app.db, {
        scene: request.query.scene ?? DEFAULT_CAPTCHA_SCENE,
        clientUid: request.query.clientUid || undefined,
        now,
      });
      return { repCode: CAPTCHA_REP_CODE.success, repMsg: null, repData: puzzle };
    },
  );

  app.post(
    '/check',
    {
      schema: {
        body: CaptchaCheckRequest,
        response: { 200: CaptchaCheckResponse, [HTTP_TOO_MANY_REQUESTS]: CaptchaCheckResponse },
      },
    },
    async (request, reply) => {
      reply.header('Cache-Control', 'no-store');
      const retryAfter = await checkLimitedFor(request);
      if (retryAfter !== null) {
        return reply
          .code(HTTP_TOO_MANY_REQUESTS)
          .header('Retry-After', String(retryAfter))
          .send(checkLimited);
      }
      const outcome = await checkChallenge(app.db, {
        token: request.body.token,
        pointJson: request.body.pointJson,
        now: app.now(),
      });
      if (outcome.passed) {
        return {
          repCode: CAPTCHA_REP_CODE.success,
          repMsg: null,
          repData: { token: outcome.token, result: true },
        };
      }
      // The reason is a fixed word; token, key and answer never reach the log.
      logSecurityEvent(request, SECURITY_EVENT.captchaRejected, { reason: outcome.reason });
      return outcome.reason === 'unknown_or_used_token' ? expired : checkFailed;
    },
  );
};
