import type { FastifyRequest } from 'fastify';
import { PERMISSION_PATH_PREFIX } from '@contract/constants';
import { API_ERROR } from '@contract/errors';
import type { PermissionPath } from '@contract/permissions';
import { preparedQuery } from '../db/prepared-query';
import { authOf } from './auth';
import { fail, type ApiFailure } from './errors';
import { MSG } from './messages';
import { logSecurityEvent, SECURITY_EVENT } from './security-log';

/** A signed-in member acting for one organisation. */
export interface Member {
  userId: string;
  orgId: string;
  owner: boolean;
}

/** The caller's organisation, or null for a user who belongs to none yet (lists answer empty for them). */
export function memberOrNull(request: FastifyRequest): Member | null {
  const auth = authOf(request);
  return auth.orgId === null ? null : { userId: auth.userId, orgId: auth.orgId, owner: auth.owner };
}

/** For commands: the caller must act for an organisation. */
export function requireMember(request: FastifyRequest): Member {
  const member = memberOrNull(request);
  if (!member) throw fail(API_ERROR.notMember, MSG.notMember);
  return member;
}

export const OWNER_ONLY_MSG = '仅企业管理员可执行此操作';

/** For administrative commands: the caller must own the organisation. */
export function requireOwner(request: FastifyRequest): Member {
  const member = requireMember(request);
  if (!member.owner) throw fail(API_ERROR.forbidden, OWNER_ONLY_MSG);
  return member;
}

export const NO_PERMISSION_MSG = '暂无操作权限，请联系企业管理员';

/** A member's grant of one permission: a prepared query (db/prepared-query.ts), run before every command of a staff member. */
const grantOf = preparedQuery((db, values: { membershipId: string; permissionPath: string }) =>
  db
    .selectFrom('membership_permissions')
    .select('membership_id')
    .where('membership_id', '=', values.membershipId)
    .where('permission_path', '=', values.permissionPath),
);

/**
 * For commands of one domain: the caller must own the organisation, or hold the permission (a path of
 * contract/permissions.ts) in it. One query on the grant's primary key.
 */
export async function requirePermission(
  request: FastifyRequest,
  permission: PermissionPath,
): Promise<Member> {
  const member = requireMember(request);
  if (member.owner) return member;
  const { membershipId } = authOf(request);
  const [grant] =
    membershipId === null
      ? []
      : await grantOf(request.server.db, {
          membershipId,
          permissionPath: `${PERMISSION_PATH_PREFIX}${permission}`,
        });
  if (!grant) throw fail(API_ERROR.forbidden, NO_PERMISSION_MSG);
  return member;
}

/**
 * Tenant-scoped lookups answer another organisation's resource with the same 404 as a missing one, so ids
 * cannot be probed. When the id did name a resource elsewhere, the attempt goes to the security log
 * as one structured entry. `requestedOrgId`: the organisation asked for, by default the caller's own.
 */
function logCrossOrgDenial(
  request: FastifyRequest,
  resource: string,
  resourceOrgId: string | undefined,
  requestedOrgId: string | null = request.auth?.orgId ?? null,
): void {
  if (resourceOrgId === undefined || resourceOrgId === requestedOrgId) return;
  logSecurityEvent(request, SECURITY_EVENT.crossOrgDenied, {
    userId: request.auth?.userId,
    orgId: request.auth?.orgId,
    targetOrgId: resourceOrgId,
    reason: resource,
  });
}

/** The 404 for a resource the caller's organisation does not hold; the attempt is logged when another does. */
export function notFoundInOrg(
  request: FastifyRequest,
  resource: string,
  resourceOrgId: string | undefined,
  message: string,
  requestedOrgId?: string | null,
): ApiFailure {
  logCrossOrgDenial(request, resource, resourceOrgId, requestedOrgId);
  return fail(API_ERROR.notFound, message);
}
