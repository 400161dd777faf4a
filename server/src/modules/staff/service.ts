import { PERMISSION_PATH_PREFIX } from '@contract/constants';
import { OWNER_ROLE, STAFF_ROLE_CODES, permissionsOfRoles, type StaffRoleCode } from '@contract/organization';
import type { StaffMember } from '@contract/organization-schemas';
import type { Db } from '../../db/database';
import { containsPattern, likeEscaped } from '../../db/like';
import { pageAndTotal, preparedQuery, unplanned } from '../../db/prepared-query';
import { countRows, type PageRequest } from '../../lib/paging';
import { isoTime } from '../../lib/shanghai-time';

export { permissionsOfRoles };

/** Catalogue order, each once. */
export const normalizedRoles = (roles: readonly StaffRoleCode[]): StaffRoleCode[] =>
  STAFF_ROLE_CODES.filter((code) => roles.includes(code));

/**
 * Gives the member exactly these roles, within the caller's transaction: the role rows, the permissions
 * (membership_permissions, what requirePermission reads) and the owner flag (ADMIN) follow. Other modules
 * that make someone a member with chosen roles (an authorised application to join) call this.
 */
export async function grantRoles(
  trx: Db,
  membershipId: string,
  roles: readonly StaffRoleCode[],
): Promise<void> {
  const codes = normalizedRoles(roles);
  await trx.deleteFrom('membership_roles').where('membership_id', '=', membershipId).execute();
  await trx.deleteFrom('membership_permissions').where('membership_id', '=', membershipId).execute();
  if (codes.length > 0) {
    await trx
      .insertInto('membership_roles')
      .values(codes.map((role_code) => ({ membership_id: membershipId, role_code })))
      .execute();
  }
  const paths = [...permissionsOfRoles(codes)];
  if (paths.length > 0) {
    await trx
      .insertInto('membership_permissions')
      .values(
        paths.map((path) => ({
          membership_id: membershipId,
          permission_path: `${PERMISSION_PATH_PREFIX}${path}`,
        })),
      )
      .execute();
  }
  await trx
    .updateTable('memberships')
    .set({ owner: codes.includes(OWNER_ROLE) ? 1 : 0 })
    .where('id', '=', membershipId)
    .execute();
}

/** The paths granted to a member (without the stored prefix). */
export async function grantedPaths(db: Db, membershipId: string): Promise<Set<string>> {
  const rows = await db
    .selectFrom('membership_permissions')
    .select('permission_path')
    .where('membership_id', '=', membershipId)
    .execute();
  return new Set(rows.map((row) => row.permission_path.slice(PERMISSION_PATH_PREFIX.length)));
}

export interface MembershipRow {
  id: string;
  user_id: string;
  org_id: string;
  owner: number;
}

export async function membershipInOrg(db: Db, orgId: string, id: string): Promise<MembershipRow | undefined> {
  return db
    .selectFrom('memberships')
    .select(['id', 'user_id', 'org_id', 'owner'])
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

export async function membershipOrgOf(db: Db, id: string): Promise<string | undefined> {
  return (await db.selectFrom('memberships').select('org_id').where('id', '=', id).executeTakeFirst())
    ?.org_id;
}

export async function ownerCount(db: Db, orgId: string): Promise<number> {
  return countRows(db.selectFrom('memberships').where('org_id', '=', orgId).where('owner', '=', 1));
}

interface StaffValues {
  orgId: string;
  /** The keyword as a LIKE pattern; only in the queries made with a keyword. */
  pattern: string;
  size: number;
  offset: number;
}

/**
 * The staff list's total, page and the roles of the page's members, with or without a keyword, prepared
 * (db/prepared-query.ts): building and compiling them with Kysely on every request made the list the
 * slowest of the company centre's. The roles are read through the page's own query, so they are prepared
 * (and kept) with the same values instead of asked by a list of ids.
 */
function staffQueries(withKeyword: boolean) {
  const members = (db: Db, v: StaffValues) => {
    const query = db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .where('m.org_id', '=', v.orgId);
    return withKeyword
      ? query.where((eb) => eb.or([likeEscaped('u.name', v.pattern), likeEscaped('u.mobile', v.pattern)]))
      : query;
  };
  // Owners first, then by joining time.
  const membersOnPage = (db: Db, v: StaffValues) =>
    members(db, v)
      .orderBy('m.owner', 'desc')
      .orderBy('m.created_at')
      .orderBy('m.id')
      .limit(unplanned(v.size, 'bigint'))
      .offset(unplanned(v.offset, 'bigint'));
  return {
    total: preparedQuery((db: Db, v: StaffValues) =>
      members(db, v).select((eb) => eb.fn.countAll<number>().as('n')),
    ),
    page: preparedQuery((db: Db, v: StaffValues) =>
      membersOnPage(db, v)
        .leftJoin('user_identities as i', 'i.user_id', 'u.id')
        .select([
          'm.id',
          'm.user_id',
          'm.owner',
          'm.created_at',
          'u.name',
          'u.mobile',
          'i.user_id as identified',
        ]),
    ),
    roles: preparedQuery((db: Db, v: StaffValues) =>
      db
        .selectFrom('membership_roles')
        .select(['membership_id', 'role_code'])
        .where('membership_id', 'in', membersOnPage(db, v).select('m.id')),
    ),
  };
}

const staffWithKeyword = staffQueries(true);
const allStaff = staffQueries(false);

/** One page of the organisation's members: owners first, then by joining time. */
export async function staffPage(
  db: Db,
  input: { orgId: string; callerUserId: string; keyword: string; page: PageRequest },
): Promise<{ items: StaffMember[]; total: number }> {
  const queries = input.keyword ? staffWithKeyword : allStaff;
  const values: StaffValues = {
    orgId: input.orgId,
    pattern: input.keyword ? containsPattern(input.keyword) : '',
    size: input.page.size,
    offset: input.page.offset,
  };
  const [{ rows, total }, roleRows] = await Promise.all([
    pageAndTotal(db, queries, values),
    queries.roles(db, values),
  ]);
  const roles = rolesByMember(roleRows);
  return {
    total,
    items: rows.map((row) => memberView(row, roles.get(row.id) ?? [], input.callerUserId)),
  };
}

async function rolesOf(db: Db, membershipIds: string[]): Promise<Map<string, StaffRoleCode[]>> {
  if (membershipIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('membership_roles')
    .select(['membership_id', 'role_code'])
    .where('membership_id', 'in', membershipIds)
    .execute();
  return rolesByMember(rows);
}

function rolesByMember(
  rows: ReadonlyArray<{ membership_id: string; role_code: string }>,
): Map<string, StaffRoleCode[]> {
  const byMember = new Map<string, StaffRoleCode[]>();
  for (const row of rows) {
    const list = byMember.get(row.membership_id) ?? [];
    list.push(row.role_code as StaffRoleCode);
    byMember.set(row.membership_id, list);
  }
  return byMember;
}

interface MemberRow {
  id: string;
  user_id: string;
  owner: number;
  created_at: number;
  name: string;
  mobile: string;
  identified: string | null;
}

function memberView(row: MemberRow, stored: StaffRoleCode[], callerUserId: string): StaffMember {
  // An owner made so before roles existed (or by the licence holder's authorisation) is an ADMIN.
  const roles = normalizedRoles(
    row.owner === 1 ? [OWNER_ROLE, ...stored] : stored.filter((r) => r !== OWNER_ROLE),
  );
  return {
    membershipId: row.id,
    userId: row.user_id,
    name: row.name,
    mobile: row.mobile,
    owner: row.owner === 1,
    roles,
    identityVerified: row.identified !== null,
    joinedAt: isoTime(Number(row.created_at)),
    self: row.user_id === callerUserId,
  };
}

export async function memberOf(
  db: Db,
  membershipId: string,
  callerUserId: string,
): Promise<StaffMember | null> {
  const row = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('user_identities as i', 'i.user_id', 'u.id')
    .select(['m.id', 'm.user_id', 'm.owner', 'm.created_at', 'u.name', 'u.mobile', 'i.user_id as identified'])
    .where('m.id', '=', membershipId)
    .executeTakeFirst();
  if (!row) return null;
  const roles = await rolesOf(db, [row.id]);
  return memberView(row, roles.get(row.id) ?? [], callerUserId);
}

/**
 * Removes the member, within the caller's transaction. Their sessions acting for the organisation lose it at
 * once (they stay signed in, without an organisation, and may switch to another of theirs), and it stops
 * being the one their next sign-in picks.
 */
export async function removeMembership(trx: Db, row: MembershipRow): Promise<void> {
  await trx.deleteFrom('membership_roles').where('membership_id', '=', row.id).execute();
  await trx.deleteFrom('membership_permissions').where('membership_id', '=', row.id).execute();
  await trx.deleteFrom('memberships').where('id', '=', row.id).execute();
  await trx
    .updateTable('oauth_sessions')
    .set({ org_id: null })
    .where('user_id', '=', row.user_id)
    .where('org_id', '=', row.org_id)
    .execute();
  await trx
    .updateTable('users')
    .set({ last_org_id: null })
    .where('id', '=', row.user_id)
    .where('last_org_id', '=', row.org_id)
    .execute();
}
