import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { INVITATION_URL } from '@contract/invitation';
import { CompanyItem } from '@contract/auth-schemas';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR, type ApiErrorCode } from '@contract/errors';
import {
  Invitation,
  InvitationDetail,
  InvitationParams,
  InvitationRequest,
} from '@contract/invitation-schemas';
import { fail } from '../../lib/errors';
import { hitIpLimit, type IpLimitRule } from '../../lib/ip-limit';
import { MSG } from '../../lib/messages';
import { hitRateLimit } from '../../lib/rate-limit';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { authOf } from '../../lib/auth';
import { companiesOf } from '../account/service';
import { notFoundInOrg, requireOwner } from '../../lib/tenant';
import {
  acceptInvitation,
  createInvitation,
  invitationDetail,
  invitationOrgOf,
  type AcceptOutcome,
} from './service';

const MINUTE = 60_000;
/** Looking up or accepting codes, per IP: far below what guessing a 192-bit code would need, far above a person. */
export const INVITATION_DETAIL_IP_LIMIT: IpLimitRule = {
  action: 'invitation-detail',
  limit: 30,
  windowMs: MINUTE,
};
export const INVITATION_ACCEPT_IP_LIMIT: IpLimitRule = {
  action: 'invitation-accept',
  limit: 30,
  windowMs: MINUTE,
};
/** Invitations one owner may create per hour. */
export const INVITATION_CREATE_LIMIT = { limit: 50, windowMs: 60 * MINUTE } as const;

export const INVITATION_MSG = {
  notFound: '邀请链接无效',
  used: '该邀请已被使用',
  expired: '邀请已过期，请联系企业管理员重新邀请',
  mobileMismatch: '该邀请仅限受邀手机号使用',
  alreadyMember: '您已是该企业的成员',
  created: '邀请已生成',
  joined: '已加入企业',
} as const;

const REFUSALS: Record<Exclude<AcceptOutcome, 'joined' | 'not_found'>, [ApiErrorCode, string]> = {
  used: [API_ERROR.invitationUsed, INVITATION_MSG.used],
  expired: [API_ERROR.invitationExpired, INVITATION_MSG.expired],
  mobile_mismatch: [API_ERROR.invitationMobileMismatch, INVITATION_MSG.mobileMismatch],
  already_member: [API_ERROR.alreadyMember, INVITATION_MSG.alreadyMember],
};

const tooMany = (retryAfterSeconds: number) =>
  fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
    'Retry-After': String(retryAfterSeconds),
  });

async function enforceIpLimit(request: FastifyRequest, rule: IpLimitRule): Promise<void> {
  const retryAfter = await hitIpLimit(request, rule);
  if (retryAfter !== null) throw tooMany(retryAfter);
}

/** Invitations to join an organisation (spec section 7): single-use, expiring, owner-only. */
export const invitationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    INVITATION_URL.create,
    {
      preHandler: app.authenticate,
      // The mobile is optional, so is the body: an empty POST invites anyone.
      preValidation: async (request) => {
        request.body ??= {};
      },
      schema: {
        body: InvitationRequest,
        response: {
          201: Envelope(Invitation),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.tooMany,
        },
      },
    },
    async function postInvitationCreate(request, reply) {
      const owner = requireOwner(request);
      const now = app.now();
      const decision = await hitRateLimit(
        app.db,
        `invitation-create:${owner.userId}`,
        INVITATION_CREATE_LIMIT.limit,
        INVITATION_CREATE_LIMIT.windowMs,
        now,
      );
      if (!decision.allowed) {
        logSecurityEvent(request, SECURITY_EVENT.rateLimited, {
          userId: owner.userId,
          orgId: owner.orgId,
          reason: 'invitation-create',
        });
        throw tooMany(Math.max(1, Math.ceil(decision.retryAfterMs / 1000)));
      }
      const invitation = await createInvitation(
        app.db,
        { orgId: owner.orgId, inviterUserId: owner.userId, mobile: request.body.mobile ?? null },
        now,
      );
      reply.code(201).header('Cache-Control', 'no-store');
      return { code: 201, msg: INVITATION_MSG.created, data: invitation };
    },
  );

  app.get(
    INVITATION_URL.detail,
    {
      schema: {
        params: InvitationParams,
        response: {
          200: Envelope(InvitationDetail),
          ...ERRORS.badRequest,
          ...ERRORS.notFound,
          ...ERRORS.tooMany,
          ...ERRORS.internal,
        },
      },
    },
    async function getInvitationDetail(request, reply) {
      await enforceIpLimit(request, INVITATION_DETAIL_IP_LIMIT);
      const { orgId, code } = request.params;
      const detail = await invitationDetail(app.db, orgId, code, app.now());
      if (!detail) {
        throw notFoundInOrg(
          request,
          'invitation',
          await invitationOrgOf(app.db, code),
          INVITATION_MSG.notFound,
          orgId,
        );
      }
      reply.header('Cache-Control', 'no-store');
      return ok(detail);
    },
  );

  app.post(
    INVITATION_URL.join,
    {
      preHandler: app.authenticate,
      schema: {
        params: InvitationParams,
        response: {
          200: Envelope(Type.Array(CompanyItem)),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.notFound,
          ...ERRORS.conflict,
          ...ERRORS.tooMany,
        },
      },
    },
    async function postInvitationJoin(request) {
      await enforceIpLimit(request, INVITATION_ACCEPT_IP_LIMIT);
      const auth = authOf(request);
      const { orgId, code } = request.params;
      const outcome = await acceptInvitation(app.db, { orgId, code, userId: auth.userId }, app.now());
      if (outcome === 'not_found') {
        const holder = await invitationOrgOf(app.db, code);
        throw notFoundInOrg(request, 'invitation', holder, INVITATION_MSG.notFound, orgId);
      }
      if (outcome !== 'joined') {
        const [errorCode, msg] = REFUSALS[outcome];
        throw fail(errorCode, msg);
      }
      return ok(await companiesOf(app.db, auth.userId, auth.orgId), INVITATION_MSG.joined);
    },
  );
};
