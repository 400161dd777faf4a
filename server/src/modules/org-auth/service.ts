import { BIZ_AUTH_TYPE, ELEC_LICENSE_STATUS, ROLE, type BizAuthTypeValue } from '@contract/verification';
import type { ElecLicenceStatus, RoleAuth } from '@contract/verification-schemas';
import type { Db } from '../../db/database';

const licenceBoundOf = async (db: Db, orgId: string): Promise<boolean> => {
  const org = await db.selectFrom('organizations').select('bound').where('id', '=', orgId).executeTakeFirst();
  return org?.bound === 1;
};

/**
 * How the organisation authenticates on this channel. Rule: an organisation whose electronic business
 * licence is bound authenticates by scanning it (LICENSE); one without a bound licence cannot scan, so it
 * goes through the small-amount bank transfer (BANKTRANSFER).
 */
export async function bizAuthTypeOf(db: Db, orgId: string): Promise<BizAuthTypeValue> {
  return (await licenceBoundOf(db, orgId)) ? BIZ_AUTH_TYPE.licence : BIZ_AUTH_TYPE.bankTransfer;
}

export async function elecLicenceStatusOf(db: Db, orgId: string | null): Promise<ElecLicenceStatus> {
  const bound = orgId !== null && (await licenceBoundOf(db, orgId));
  return { bound, status: bound ? ELEC_LICENSE_STATUS.bound : ELEC_LICENSE_STATUS.unbound };
}

export const roleAuthOf = (membershipId: string | null, owner: boolean): RoleAuth =>
  membershipId === null ? { owner: false, roles: [] } : { owner, roles: [owner ? ROLE.admin : ROLE.staff] };

/**
 * Makes the member an owner (administrator) of the organisation. Other owners keep their role: the licence
 * holder adds an administrator, and removing one is a separate decision. False when already an owner.
 */
export async function becomeOwner(db: Db, membershipId: string): Promise<boolean> {
  const result = await db
    .updateTable('memberships')
    .set({ owner: 1 })
    .where('id', '=', membershipId)
    .where('owner', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Marks the organisation authenticated (its `authorized` flag); false when it already was. */
export async function markAuthorized(db: Db, orgId: string): Promise<boolean> {
  const result = await db
    .updateTable('organizations')
    .set({ authorized: 1 })
    .where('id', '=', orgId)
    .where('authorized', '=', 0)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function organizationOf(
  db: Db,
  orgId: string,
): Promise<{ name: string; authorized: boolean; bound: boolean }> {
  const org = await db
    .selectFrom('organizations')
    .select(['name', 'authorized', 'bound'])
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  return { name: org.name, authorized: org.authorized === 1, bound: org.bound === 1 };
}
