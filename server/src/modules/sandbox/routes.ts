import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { VERIFICATION_URL } from '@contract/verification';
import { ApiError, Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { QrIdParams, SandboxQr, SandboxSms, SandboxSmsQuery } from '@contract/verification-schemas';
import { fail } from '../../lib/errors';
import { hitSandboxLimit } from '../../lib/ip-limit';
import { MSG } from '../../lib/messages';
import { ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { logVerificationEvent, VERIFICATION_EVENT } from '../verification/service';
import {
  decideQrSession,
  expireDueQrSessions,
  pendingSandboxQrs,
  sandboxQrDetails,
  type QrDecision,
} from '../qr-verification/service';
import {
  decideLicenceQr,
  expireDueLicenceQrs,
  pendingSandboxLicenceQrs,
  sandboxLicenceQr,
} from '../elec-licence/service';

/** Rows one sandbox list shows. */
export const SANDBOX_LIST_LIMIT = 50;
const QR_NOT_FOUND = '二维码不存在';
const QR_CLOSED = '二维码已过期或已处理';
const CONFIRMED = '已确认授权';
const REFUSED = '已拒绝授权';

async function enforceSandboxLimit(request: FastifyRequest): Promise<void> {
  const retryAfter = await hitSandboxLimit(request, 'sandbox');
  if (retryAfter !== null) {
    throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
      'Retry-After': String(retryAfter),
    });
  }
}

/**
 * `/api/sandbox/*`: the outside world on one machine. Registered only when the sandbox is on (app.ts), so
 * with SANDBOX=off these paths do not exist (404). No sign-in: the SMS outbox is a phone and the QR page
 * is the licence app, both in someone else's hands.
 */
export const sandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', enforceSandboxLimit);

  app.get(
    VERIFICATION_URL.sandboxSms,
    {
      schema: {
        querystring: SandboxSmsQuery,
        response: { 200: Envelope(Type.Array(SandboxSms)), ...ERRORS.badRequest, ...ERRORS.tooMany },
      },
    },
    async function getVerificationSandboxSms(request) {
      let query = app.db
        .selectFrom('sms_outbox')
        .select(['id', 'mobile', 'text', 'business_code', 'created_at'])
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(SANDBOX_LIST_LIMIT);
      if (request.query.mobile) query = query.where('mobile', '=', request.query.mobile);
      const rows = await query.execute();
      return ok(
        rows.map((row) => ({
          id: row.id,
          mobile: row.mobile,
          text: row.text,
          businessCode: row.business_code,
          createdAt: Number(row.created_at),
        })),
      );
    },
  );

  app.get(
    VERIFICATION_URL.sandboxQrList,
    { schema: { response: { 200: Envelope(Type.Array(SandboxQr)), ...ERRORS.tooMany } } },
    async function getVerificationSandboxQrList() {
      await expireDueQrSessions(app);
      await expireDueLicenceQrs(app);
      // Verification codes and e-licence authentications are both what the licence app is asked to confirm.
      const [verifications, authentications] = await Promise.all([
        pendingSandboxQrs(app, SANDBOX_LIST_LIMIT),
        pendingSandboxLicenceQrs(app, SANDBOX_LIST_LIMIT),
      ]);
      return ok(
        [...verifications, ...authentications]
          .sort((a, b) => b.createdAt - a.createdAt)
          .slice(0, SANDBOX_LIST_LIMIT),
      );
    },
  );

  app.get(
    VERIFICATION_URL.sandboxQr,
    {
      schema: {
        params: QrIdParams,
        response: { 200: Envelope(SandboxQr), ...ERRORS.badRequest, ...ERRORS.tooMany, 404: ApiError },
      },
    },
    async function getVerificationSandboxQr(request) {
      await expireDueQrSessions(app);
      await expireDueLicenceQrs(app);
      const details =
        (await sandboxQrDetails(app, request.params.qrId)) ??
        (await sandboxLicenceQr(app, request.params.qrId));
      if (!details) throw fail(API_ERROR.notFound, QR_NOT_FOUND);
      return ok(details);
    },
  );

  const decide = (decision: QrDecision) =>
    async function decideQr(request: FastifyRequest<{ Params: { qrId: string } }>) {
      const { qrId } = request.params;
      const verification = await decideQrSession(app, { qrId, decision, now: app.now() });
      const outcome =
        verification.kind === 'not_found' ? await decideLicenceQr(app, { qrId, decision }) : verification;
      if (outcome.kind === 'not_found') throw fail(API_ERROR.notFound, QR_NOT_FOUND);
      if (outcome.kind === 'closed') throw fail(API_ERROR.conflict, QR_CLOSED);
      logSecurityEvent(request, SECURITY_EVENT.sandboxQrDecision, {
        userId: outcome.userId,
        orgId: outcome.orgId,
        reason: decision,
      });
      if (decision === 'refuse') {
        logVerificationEvent(request, VERIFICATION_EVENT.qrRefused, {
          userId: outcome.userId,
          orgId: outcome.orgId,
        });
      }
      const details = (await sandboxQrDetails(app, qrId)) ?? (await sandboxLicenceQr(app, qrId));
      if (!details) throw fail(API_ERROR.notFound, QR_NOT_FOUND);
      return ok(details, decision === 'confirm' ? CONFIRMED : REFUSED);
    };

  const decisionSchema = {
    params: QrIdParams,
    response: {
      200: Envelope(SandboxQr),
      ...ERRORS.badRequest,
      ...ERRORS.conflict,
      ...ERRORS.tooMany,
      404: ApiError,
    },
  };
  app.post(VERIFICATION_URL.sandboxQrConfirm, { schema: decisionSchema }, decide('confirm'));
  app.post(VERIFICATION_URL.sandboxQrRefuse, { schema: decisionSchema }, decide('refuse'));
};
