import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { MOBILE_PATTERN } from '@contract/auth';
import { Envelope, Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import {
  ORG_TEXT,
  OWNER_ROLE,
  STAFF_ACTION,
  STAFF_ROLES,
  type StaffRoleCode,
  ORG_URL,
} from '@contract/organization';
import {
  StaffCommand,
  StaffCommandResult,
  StaffMember,
  StaffQuery,
  StaffRole,
} from '@contract/organization-schemas';
import { PERMISSION } from '@contract/permissions';
import type { Transaction } from 'kysely';
import { lockWithinTransaction } from '../../db/locks';
import type { Database } from '../../db/schema';
import type { Db } from '../../db/database';
import { authOf } from '../../lib/auth';
import { fail } from '../../lib/errors';
import { runCommand } from '../../lib/idempotency';
import { answerList } from '../../lib/list-page';
import { MSG } from '../../lib/messages';
import { hitRateLimit } from '../../lib/rate-limit';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { notFoundInOrg, requirePermission, type Member } from '../../lib/tenant';
import { createInvitation } from '../invitation/service';
import {
  grantedPaths,
  grantRoles,
  memberOf,
  membershipInOrg,
  membershipOrgOf,
  normalizedRoles,
  ownerCount,
  permissionsOfRoles,
  removeMembership,
  staffPage,
  type MembershipRow,
} from './service';

export const STAFF_MSG = {
  mobileInvalid: '请输入正确的手机号',
  rolesRequired: '请至少选择一个角色',
  memberRequired: '请选择成员',
  notFound: '成员不存在',
  lastOwner: '企业至少需要保留一位企业管理员',
  ownerOnly: '仅企业管理员可以设置或移除企业管理员',
  beyondOwn: '不能授予超出自身权限的角色',
} as const;

const STAFF_PERMISSION = PERMISSION.staff.path;
/**
 * Invitations one member may send from 成员管理 per hour: a team is set up in a sitting, while a script
 * trying mobiles meets the limit at once.
 */
export const STAFF_INVITE_LIMIT = { limit: 30, windowMs: 60 * 60 * 1000 } as const;
const MOBILE = new RegExp(MOBILE_PATTERN);
const COMMAND_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
} as const;
type CommandAnswer = ReturnType<typeof ok<StaffCommandResult>>;

/** The caller's member of that id, or the same 404 as a missing one (logged when it is another's). */
async function ownMembership(
  request: FastifyRequest,
  db: Db,
  member: Member,
  id: string,
): Promise<MembershipRow> {
  const row = await membershipInOrg(db, member.orgId, id);
  if (row) return row;
  throw notFoundInOrg(
    request,
    'membership',
    await membershipOrgOf(request.server.db, id),
    STAFF_MSG.notFound,
  );
}

/**
 * Who may give which roles: an owner any; a member with the staff permission only roles within their own
 * permissions, never ADMIN, and never to or from an owner. So staff management cannot raise anyone above
 * the one who manages.
 */
async function checkGrant(
  db: Db,
  caller: Member,
  membershipId: string | null,
  input: { target?: MembershipRow; roles: StaffRoleCode[] },
): Promise<void> {
  if (caller.owner) return;
  if (input.roles.includes(OWNER_ROLE) || input.target?.owner === 1) {
    throw fail(API_ERROR.forbidden, STAFF_MSG.ownerOnly);
  }
  const own = membershipId ? await grantedPaths(db, membershipId) : new Set<string>();
  for (const path of permissionsOfRoles(input.roles)) {
    if (!own.has(path)) throw fail(API_ERROR.forbidden, STAFF_MSG.beyondOwn);
  }
}

function rolesOf(roles: StaffRoleCode[] | undefined): StaffRoleCode[] {
  const codes = normalizedRoles(roles ?? []);
  if (codes.length === 0) throw fail(API_ERROR.roleInvalid, STAFF_MSG.rolesRequired);
  return codes;
}

/**
 * Staff and roles (spec section 7, signing and staff): the paged member list, the role catalogue, and one
 * command call that adds a member, changes a member's roles or removes one. The owner, or a member with the
 * staff permission; the last owner (企业管理员) can be neither removed nor demoted.
 */
export const staffRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    ORG_URL.roleList,
    { schema: { response: { 200: Envelope(Type.Array(StaffRole)), ...AUTHENTICATED_ERRORS } } },
    async function getOrgRoleList() {
      return ok(STAFF_ROLES.map((role) => ({ ...role, permissions: [...role.permissions] })));
    },
  );

  app.get(
    ORG_URL.staff,
    {
      schema: {
        querystring: StaffQuery,
        response: { 200: Envelope(Page(StaffMember)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getOrgStaff(request) {
      const keyword = (request.query.keyword ?? '').replace(/\s+/g, '');
      return answerList(
        request,
        (member, page) =>
          staffPage(app.db, { orgId: member.orgId, callerUserId: member.userId, keyword, page }),
        { readBy: { permission: STAFF_PERMISSION } },
      );
    },
  );

  app.post(
    ORG_URL.staff,
    {
      config: { idempotent: true },
      schema: { body: StaffCommand, response: { 200: Envelope(StaffCommandResult), ...COMMAND_ERRORS } },
    },
    async function postOrgStaff(request, reply) {
      const caller = await requirePermission(request, STAFF_PERMISSION);
      const { membershipId: callerMembership } = authOf(request);
      const body = request.body;
      const now = app.now();

      if (body.action === STAFF_ACTION.add) {
        const mobile = (body.mobile ?? '').replace(/\s+/g, '').replace(/^\+86/, '');
        if (!MOBILE.test(mobile)) throw fail(API_ERROR.badRequest, STAFF_MSG.mobileInvalid);
        const roles = rolesOf(body.roles);
        await checkGrant(app.db, caller, callerMembership, { roles });
        const limited = await hitRateLimit(
          app.db,
          `staff-invite:${caller.userId}`,
          STAFF_INVITE_LIMIT.limit,
          STAFF_INVITE_LIMIT.windowMs,
          now,
        );
        if (!limited.allowed) {
          logSecurityEvent(request, SECURITY_EVENT.rateLimited, {
            userId: caller.userId,
            orgId: caller.orgId,
            reason: 'staff-invite',
          });
          throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
            'Retry-After': String(Math.max(1, Math.ceil(limited.retryAfterMs / 1000))),
          });
        }
        // Nobody joins without accepting: the mobile gets an invitation carrying the roles, and the answer
        // is the same whoever the mobile belongs to, or whether it belongs to anyone.
        return runCommand<CommandAnswer>(request, reply, async (trx) => {
          const invitation = await createInvitation(
            trx,
            { orgId: caller.orgId, inviterUserId: caller.userId, mobile, roles },
            now,
          );
          return { statusCode: 200, body: ok({ member: null, invitation }, ORG_TEXT.memberInvited) };
        });
      }
      if (!body.membershipId) throw fail(API_ERROR.badRequest, STAFF_MSG.memberRequired);
      const target = await ownMembership(request, app.db, caller, body.membershipId);

      if (body.action === STAFF_ACTION.updateRoles) {
        const roles = rolesOf(body.roles);
        await checkGrant(app.db, caller, callerMembership, { target, roles });
        return runCommand<CommandAnswer>(request, reply, async (trx) => {
          // Owners change one at a time, so two demotions at once cannot leave none.
          await lockWithinTransaction(trx as Transaction<Database>, `org-owners:${caller.orgId}`);
          const row = await membershipInOrg(trx, caller.orgId, target.id);
          if (!row) throw fail(API_ERROR.notFound, STAFF_MSG.notFound);
          if (row.owner === 1 && !roles.includes(OWNER_ROLE) && (await ownerCount(trx, caller.orgId)) <= 1) {
            throw fail(API_ERROR.lastOwner, STAFF_MSG.lastOwner);
          }
          await grantRoles(trx, row.id, roles);
          const member = await memberOf(trx, row.id, caller.userId);
          return { statusCode: 200, body: ok({ member }, ORG_TEXT.rolesUpdated) };
        });
      }

      // REMOVE
      if (target.owner === 1 && !caller.owner) throw fail(API_ERROR.forbidden, STAFF_MSG.ownerOnly);
      const answer = await runCommand<CommandAnswer>(request, reply, async (trx) => {
        await lockWithinTransaction(trx as Transaction<Database>, `org-owners:${caller.orgId}`);
        const row = await membershipInOrg(trx, caller.orgId, target.id);
        if (!row) throw fail(API_ERROR.notFound, STAFF_MSG.notFound);
        if (row.owner === 1 && (await ownerCount(trx, caller.orgId)) <= 1) {
          throw fail(API_ERROR.lastOwner, STAFF_MSG.lastOwner);
        }
        await removeMembership(trx, row);
        await app.realtime.recheckUser(row.user_id, trx);
        return { statusCode: 200, body: ok({ member: null }, ORG_TEXT.memberRemoved) };
      });
      logSecurityEvent(request, SECURITY_EVENT.memberRemoved, {
        userId: caller.userId,
        orgId: caller.orgId,
        reason: 'staff_remove',
      });
      return answer;
    },
  );
};
