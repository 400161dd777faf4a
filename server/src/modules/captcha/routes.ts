import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { CAPTCHA_URL, type CaptchaScene } from '@contract/captcha';
import {
  CaptchaCheckRequest,
  CaptchaGetBody,
  CaptchaCheckResponse,
  CaptchaGetQuery,
  CaptchaGetResponse,
  type CaptchaCheckResponse as CheckAnswer,
  type CaptchaGetResponse as GetAnswer,
} from '@contract/captcha-schemas';
import { CAPTCHA_REP_CODE } from '@contract/constants';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { CAPTCHA_CHECK_LIMITED_CODE, CAPTCHA_MESSAGES, DEFAULT_CAPTCHA_SCENE } from './constants';
import { checkLimitedFor, fetchLimitedFor } from './limits';
import { answerBadCaptchaRequest } from './request-errors';
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

/** Both ways of fetching a puzzle: the spec's GET with a query, AJ-Captcha's clients' POST with a JSON body. */
interface PuzzleRequest {
  clientUid?: string | undefined;
  scene?: CaptchaScene | undefined;
}

const HTTP_BAD_REQUEST = 400;
const getSchema = {
  response: {
    200: CaptchaGetResponse,
    [HTTP_BAD_REQUEST]: CaptchaGetResponse,
    [HTTP_TOO_MANY_REQUESTS]: CaptchaGetResponse,
  },
};

/**
 * `GET` and `POST /api/captcha/get`, `POST /api/captcha/check` (AJ-Captcha blockPuzzle protocol). A request
 * with a missing or malformed field is answered in AJ-Captcha's envelope too (request-errors.ts).
 */
export const captchaRoutes: FastifyPluginAsync = async (fastify) => {
  const app = fastify.withTypeProvider<TypeBoxTypeProvider>();

  async function issue(request: FastifyRequest, reply: FastifyReply, input: PuzzleRequest) {
    // A puzzle is single-use; a cached copy would only ever answer 6110.
    reply.header('Cache-Control', 'no-store');
    const retryAfter = await fetchLimitedFor(request, input.clientUid);
    if (retryAfter !== null) {
      return reply.code(HTTP_TOO_MANY_REQUESTS).header('Retry-After', String(retryAfter)).send(fetchLimited);
    }
    const now = app.now();
    await purgeExpiredCaptchaState(app.db, now);
    const puzzle = await issueChallenge(app.db, {
      scene: input.scene ?? DEFAULT_CAPTCHA_SCENE,
      clientUid: input.clientUid || undefined,
      now,
    });
    const answer: GetAnswer = { repCode: CAPTCHA_REP_CODE.success, repMsg: null, repData: puzzle };
    return answer;
  }

  app.get(
    CAPTCHA_URL.get,
    { schema: { querystring: CaptchaGetQuery, ...getSchema }, errorHandler: answerBadCaptchaRequest },
    async function getCaptchaGet(request, reply) {
      return issue(request, reply, request.query);
    },
  );

  app.post(
    CAPTCHA_URL.get,
    { schema: { body: CaptchaGetBody, ...getSchema }, errorHandler: answerBadCaptchaRequest },
    async function postCaptchaGet(request, reply) {
      return issue(request, reply, request.body);
    },
  );

  app.post(
    CAPTCHA_URL.check,
    {
      schema: {
        body: CaptchaCheckRequest,
        response: {
          200: CaptchaCheckResponse,
          [HTTP_BAD_REQUEST]: CaptchaCheckResponse,
          [HTTP_TOO_MANY_REQUESTS]: CaptchaCheckResponse,
        },
      },
      errorHandler: answerBadCaptchaRequest,
    },
    async function postCaptchaCheck(request, reply) {
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
        clientIp: request.ip,
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
