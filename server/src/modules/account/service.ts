import type { Account, CompanyItem, PermissionItem } from '@contract/auth-schemas';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import { listedPage, type PageRequest } from '../../lib/paging';

/** The user and, when the session acts for one, their membership of that organisation: one query. */
const accountRow = preparedQuery((db, values: { userId: string; orgId: string | null }) =>
  db
    .selectFrom('users as u')
    .leftJoin('memberships as m', (join) =>
      join.onRef('m.user_id', '=', 'u.id').on('m.org_id', '=', values.orgId),
    )
    .leftJoin('organizations as o', 'o.id', 'm.org_id')
    .select([
      'u.id',
      'u.mobile',
      'u.name',
      'o.id as orgId',
      'o.name as orgName',
      'o.authorized',
      'o.bound',
      'm.owner',
    ])
    .where('u.id', '=', values.userId),
);

/**
 * The account a session presents, for its current organisation (or none: a null orgId matches no
 * membership). Null if the user is gone. `GET /api/user` of every page load: one prepared query
 * (db/prepared-query.ts).
 */
export async function accountOf(
  db: Db,
  userId: string,
  orgId: string | null,
  channelId: string,
): Promise<Account | null> {
  const [row] = await accountRow(db, { userId, orgId });
  if (!row) return null;
  return {
    id: row.id,
    mobile: row.mobile,
    name: row.name,
    orgId: row.orgId ?? '',
    orgName: row.orgName ?? '',
    owner: row.owner === 1,
    cId: channelId,
    authorized: row.authorized === 1,
    bound: row.bound === 1,
  };
}

/** The organisation a new session acts for: the last one used if still a member, else the oldest membership. */
export async function defaultOrgOf(db: Db, userId: string): Promise<string | null> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['m.org_id', 'u.last_org_id'])
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at')
    .orderBy('m.org_id')
    .execute();
  const last = rows.find((r) => r.org_id === r.last_org_id);
  return (last ?? rows[0])?.org_id ?? null;
}

export async function companiesOf(
  db: Db,
  userId: string,
  currentOrgId: string | null,
): Promise<CompanyItem[]> {
  const rows = await db
    .selectFrom('memberships as m')
    .innerJoin('organizations as o', 'o.id', 'm.org_id')
    .select(['o.id', 'o.name', 'o.authorized', 'o.bound', 'm.owner'])
    .where('m.user_id', '=', userId)
    .orderBy('m.created_at')
    .orderBy('o.id')
    .execute();
  return rows.map((r) => ({
    orgId: r.id,
    orgName: r.name,
    authorized: r.authorized === 1,
    bound: r.bound === 1,
    owner: r.owner === 1,
    current: r.id === currentOrgId,
  }));
}

export interface PermissionPage {
  items: PermissionItem[];
  total: number;
}

/** The whole catalogue, each entry marked granted for this membership; an owner holds every permission. */
export async function permissionsOf(
  db: Db,
  membershipId: string | null,
  owner: boolean,
  page: PageRequest,
): Promise<PermissionPage> {
  const { rows, total } = await listedPage(
    db
      .selectFrom('permissions as p')
      .leftJoin('membership_permissions as mp', (join) =>
        join.onRef('mp.permission_path', '=', 'p.path').on('mp.membership_id', '=', membershipId ?? ''),
      ),
    (listed) => listed.select(['p.path', 'p.name', 'mp.membership_id']).orderBy('p.sort').orderBy('p.path'),
    page,
  );
  return {
    total,
    items: rows.map((r) => ({
      path: r.path,
      name: r.name,
      granted: membershipId !== null && (owner || r.membership_id !== null),
    })),
  };
}

/**
 * Points the session (and the user's default for later sign-ins) at another organisation. False when the user
 * is not a member of it. One transaction so both rows agree.
 */
export async function switchOrg(db: Db, userId: string, sessionId: string, orgId: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const membership = await trx
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', userId)
      .where('org_id', '=', orgId)
      .executeTakeFirst();
    if (!membership) return false;
    await trx.updateTable('oauth_sessions').set({ org_id: orgId }).where('id', '=', sessionId).execute();
    await trx.updateTable('users').set({ last_org_id: orgId }).where('id', '=', userId).execute();
    return true;
  });
}
