import { ORG_QUERY_LIMIT } from '@contract/organization';
import type { OrganizationQueryItem, OrganizationInfo } from '@contract/organization-schemas';
import type { Db } from '../../db/database';
import { containsPattern, likeEscaped } from '../../db/like';
import { ORG_KIND } from '@contract/institution';

export async function organizationInfoOf(db: Db, orgId: string): Promise<OrganizationInfo | null> {
  const row = await db.selectFrom('organizations').selectAll().where('id', '=', orgId).executeTakeFirst();
  if (!row) return null;
  return {
    orgId: row.id,
    name: row.name,
    creditCode: row.credit_code,
    legalPerson: row.legal_person,
    authorized: row.authorized === 1,
    bound: row.bound === 1,
    contactName: row.contact_name,
    contactMobile: row.contact_mobile,
    contactEmail: row.contact_email,
    contactAddress: row.contact_address,
  };
}

/** `%` and `_` typed by the user are literal characters of a name, not patterns. */

/** Organisations whose name contains the keyword or whose credit code is it, at most ORG_QUERY_LIMIT. */
export async function searchOrganizations(db: Db, keyword: string): Promise<OrganizationQueryItem[]> {
  const rows = await db
    .selectFrom('organizations')
    .select(['id', 'name', 'credit_code', 'authorized'])
    // An institution has no staff on the platform: nobody joins it.
    .where('kind', '=', ORG_KIND.enterprise)
    .where((eb) =>
      eb.or([eb('credit_code', '=', keyword.toUpperCase()), likeEscaped('name', containsPattern(keyword))]),
    )
    .orderBy('name')
    .orderBy('id')
    .limit(ORG_QUERY_LIMIT)
    .execute();
  return rows.map((row) => ({
    orgId: row.id,
    name: row.name,
    creditCode: row.credit_code,
    authorized: row.authorized === 1,
  }));
}
