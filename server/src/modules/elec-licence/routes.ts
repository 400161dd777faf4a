import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { APPLY_RECORD_STATUS } from '@contract/apply-record';
import { QR_VALIDITY } from '@contract/constants';
import {
  ApplyRecordQrRequest,
  BizAuthRequest,
  LicenceQrEvent,
  LicenceQrImage,
  LicenceQrParams,
  OrgLicenceState,
} from '@contract/elec-licence-schemas';
import { LICENCE_QR_KIND, type LicenceQrKind, ELEC_LICENCE_URL } from '@contract/elec-licence';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { authOf } from '../../lib/auth';
import { fail } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import { hitRateLimit } from '../../lib/rate-limit';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { notFoundInOrg, requireMember, requireOwner } from '../../lib/tenant';
import { recordOfApplicant, recordOfOrg, recordOrgOf } from '../apply-record/service';
import { qrImageOf } from '../qr-verification/service';
import {
  expireDueLicenceQrs,
  issueLicenceQr,
  licenceQrEventFor,
  orgLicenceState,
  type LicenceQrRequest,
} from './service';

const MINUTE = 60_000;
/** Codes per user: each is an image render and a row; a person refreshes a few times in 9 minutes. */
export const LICENCE_QR_LIMIT = { limit: 10, windowMs: MINUTE } as const;
/** Status polls per user, the socket's fallback (one every 2 s is plenty). */
export const LICENCE_POLL_LIMIT = { limit: 60, windowMs: MINUTE } as const;

export const ELEC_LICENSE_MSG = {
  alreadyAuthorized: '企业已完成电子营业执照认证',
  notBound: '企业尚未绑定电子营业执照，请先完成企业认证',
  recordNotFound: '申请记录不存在',
  recordDecided: '该申请已处理，无需再次授权',
  rolesRequired: '请选择授予申请人的角色',
  qrNotFound: '二维码不存在',
} as const;

const QR_SECONDS = QR_VALIDITY / 1000;

async function enforceLimit(
  request: FastifyRequest,
  name: string,
  rule: { limit: number; windowMs: number },
) {
  const { userId, orgId } = authOf(request);
  const app = request.server;
  const decision = await hitRateLimit(
    app.db,
    `licence-${name}:${userId}`,
    rule.limit,
    rule.windowMs,
    app.now(),
  );
  if (decision.allowed) return;
  logSecurityEvent(request, SECURITY_EVENT.rateLimited, { userId, orgId, reason: `licence-${name}` });
  throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
    'Retry-After': String(Math.max(1, Math.ceil(decision.retryAfterMs / 1000))),
  });
}

const QR_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
  ...ERRORS.tooMany,
} as const;
const qrSchema = { response: { 200: Envelope(LicenceQrImage), ...QR_ERRORS } };

/**
 * E-licence QR authentication (spec section 7): five apply calls, each answering a QR code valid for 9 minutes
 * (QR_VALIDITY), and the status call the SPA polls while its socket is down. The organisation's calls are
 * for its administrators (owners); bind-auth is the applicant's own.
 */
export const elecLicenceRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  const issue = async (request: FastifyRequest, input: LicenceQrRequest) => {
    await enforceLimit(request, 'qr', LICENCE_QR_LIMIT);
    const { qrId } = await issueLicenceQr(app, input);
    return ok({ qrImage: qrImageOf(request, qrId), qrId, expiresIn: QR_SECONDS });
  };

  /** The organisation's licence state for the organisation's own calls; refuses what it makes pointless. */
  const orgCall = async (request: FastifyRequest, kind: LicenceQrKind) => {
    const owner = requireOwner(request);
    const state = await orgLicenceState(app.db, owner.orgId);
    if (kind === LICENCE_QR_KIND.orgAuth && state.authorized && state.bound)
      throw fail(API_ERROR.orgAlreadyAuthorized, ELEC_LICENSE_MSG.alreadyAuthorized);
    if (kind !== LICENCE_QR_KIND.orgAuth && !state.bound)
      throw fail(API_ERROR.licenceNotBound, ELEC_LICENSE_MSG.notBound);
    return owner;
  };

  app.get(ELEC_LICENCE_URL.orgAuth, { schema: qrSchema }, async function getElecLicenceOrgAuth(request) {
    const owner = await orgCall(request, LICENCE_QR_KIND.orgAuth);
    return issue(request, { kind: LICENCE_QR_KIND.orgAuth, orgId: owner.orgId, userId: owner.userId });
  });

  app.get(
    ELEC_LICENCE_URL.changeAuth,
    { schema: qrSchema },
    async function getElecLicenceChangeAuth(request) {
      const owner = await orgCall(request, LICENCE_QR_KIND.changeAuth);
      return issue(request, { kind: LICENCE_QR_KIND.changeAuth, orgId: owner.orgId, userId: owner.userId });
    },
  );

  app.post(
    ELEC_LICENCE_URL.bizAuth,
    { schema: { ...qrSchema, body: BizAuthRequest } },
    async function postElecLicenceBizAuth(request) {
      const owner = await orgCall(request, LICENCE_QR_KIND.bizAuth);
      return issue(request, {
        kind: LICENCE_QR_KIND.bizAuth,
        orgId: owner.orgId,
        userId: owner.userId,
        bizType: request.body.bizType,
      });
    },
  );

  const waiting = (status: string) => {
    if (status !== APPLY_RECORD_STATUS.pending)
      throw fail(API_ERROR.applyRecordDecided, ELEC_LICENSE_MSG.recordDecided);
  };
  const recordNotFound = async (request: FastifyRequest, id: string) => {
    return notFoundInOrg(
      request,
      'apply_record',
      await recordOrgOf(app.db, id),
      ELEC_LICENSE_MSG.recordNotFound,
    );
  };

  // The applicant asks the organisation's licence holder to authorise them (as its administrator).
  app.post(
    ELEC_LICENCE_URL.bindAuth,
    { schema: { ...qrSchema, body: ApplyRecordQrRequest } },
    async function postElecLicenceBindAuth(request) {
      const { userId } = authOf(request);
      const record = await recordOfApplicant(app.db, request.body.id, userId);
      if (!record) throw await recordNotFound(request, request.body.id);
      waiting(record.view.status);
      return issue(request, {
        kind: LICENCE_QR_KIND.bindAuth,
        orgId: record.view.orgId,
        userId,
        applyRecordId: record.view.id,
      });
    },
  );

  // An administrator authorises an applicant with the roles chosen, confirmed by the licence holder.
  app.post(
    ELEC_LICENCE_URL.confirmAuth,
    { schema: { ...qrSchema, body: ApplyRecordQrRequest } },
    async function postElecLicenceConfirmAuth(request) {
      const owner = requireOwner(request);
      const record = await recordOfOrg(app.db, request.body.id, owner.orgId);
      if (!record) throw await recordNotFound(request, request.body.id);
      waiting(record.view.status);
      const { roles } = request.body;
      if (!roles?.length) throw fail(API_ERROR.badRequest, ELEC_LICENSE_MSG.rolesRequired);
      return issue(request, {
        kind: LICENCE_QR_KIND.confirmAuth,
        orgId: owner.orgId,
        userId: owner.userId,
        applyRecordId: record.view.id,
        roles,
      });
    },
  );

  app.get(
    ELEC_LICENCE_URL.status,
    {
      schema: {
        params: LicenceQrParams,
        response: {
          200: Envelope(LicenceQrEvent),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.notFound,
          ...ERRORS.tooMany,
        },
      },
    },
    async function getElecLicenceStatus(request) {
      const { userId } = authOf(request);
      await enforceLimit(request, 'poll', LICENCE_POLL_LIMIT);
      await expireDueLicenceQrs(app);
      const event = await licenceQrEventFor(app, { qrId: request.params.qrId, userId });
      if (!event) throw fail(API_ERROR.notFound, ELEC_LICENSE_MSG.qrNotFound);
      return ok(event);
    },
  );

  app.get(
    ELEC_LICENCE_URL.state,
    {
      schema: { response: { 200: Envelope(OrgLicenceState), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden } },
    },
    async function getElecLicenceState(request) {
      return ok(await orgLicenceState(app.db, requireMember(request).orgId));
    },
  );
};
