import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { ApiError, Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { QR_SESSION_TTL_SECONDS, VERIFICATION_URL } from '@contract/verification';
import { QrEvent, QrIdParams, QrImage, QrImageQuery } from '@contract/verification-schemas';
import { fail } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import { hitRateLimit } from '../../lib/rate-limit';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { authOf } from '../../lib/auth';
import { userSubjectKey, VERIFICATION_RATE_KEY_PREFIX } from '../verification/service';
import { expireDueQrSessions, issueQrSession, qrEventFor, qrImageOf } from './service';

const MINUTE = 60_000;
/** QR codes per user: each one is an image render and a row, and the dialog needs one per 2 minutes. */
export const QR_FETCH_LIMIT = { limit: 10, windowMs: MINUTE };
/** Status polls per user (the socket's fallback; one every 2 s is plenty). */
export const QR_POLL_LIMIT = { limit: 60, windowMs: MINUTE };
const CHALLENGE_NOT_FOUND = '验证请求不存在或已过期，请重新操作';
const QR_NOT_FOUND = '二维码不存在';

async function enforceUserLimit(
  request: FastifyRequest,
  name: string,
  rule: { limit: number; windowMs: number },
): Promise<void> {
  const { userId, orgId } = authOf(request);
  const app = request.server;
  const key = `${VERIFICATION_RATE_KEY_PREFIX}${name}:${userId}`;
  const decision = await hitRateLimit(app.db, key, rule.limit, rule.windowMs, app.now());
  if (decision.allowed) return;
  logSecurityEvent(request, SECURITY_EVENT.rateLimited, { userId, orgId, reason: name });
  throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
    'Retry-After': String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))),
  });
}

/**
 * `GET /api/verification/qr?challengeId=…`: a QR code for the caller's pending QR challenge (the spec leaves
 * the path to the server). `GET /api/verification/qr/{qrId}/status`: the socket's polling fallback.
 */
export const qrVerificationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    VERIFICATION_URL.qr,
    {
      schema: {
        querystring: QrImageQuery,
        response: { 200: Envelope(QrImage), ...AUTHENTICATED_ERRORS, ...ERRORS.tooMany, 404: ApiError },
      },
    },
    async function getVerificationQr(request) {
      const { userId, orgId } = authOf(request);
      await enforceUserLimit(request, 'qr-fetch', QR_FETCH_LIMIT);
      if (orgId === null) throw fail(API_ERROR.notFound, CHALLENGE_NOT_FOUND);
      const session = await issueQrSession(app, {
        challengeId: request.query.challengeId,
        subjectKey: userSubjectKey(userId, orgId),
        userId,
        orgId,
        now: app.now(),
      });
      if (!session) throw fail(API_ERROR.notFound, CHALLENGE_NOT_FOUND);
      return ok({
        qrImage: qrImageOf(request, session.qrId),
        qrId: session.qrId,
        expiresIn: QR_SESSION_TTL_SECONDS,
      });
    },
  );

  app.get(
    VERIFICATION_URL.qrStatus,
    {
      schema: {
        params: QrIdParams,
        response: { 200: Envelope(QrEvent), ...AUTHENTICATED_ERRORS, ...ERRORS.tooMany, 404: ApiError },
      },
    },
    async function getVerificationQrStatus(request) {
      const { userId } = authOf(request);
      await enforceUserLimit(request, 'qr-poll', QR_POLL_LIMIT);
      await expireDueQrSessions(app);
      const event = await qrEventFor(app, { qrId: request.params.qrId, userId, now: app.now() });
      if (!event) throw fail(API_ERROR.notFound, QR_NOT_FOUND);
      return ok(event);
    },
  );
};
