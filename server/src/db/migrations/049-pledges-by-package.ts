import type { Kysely } from 'kysely';

/**
 * A bill's pledges by package and pledgee: the 追索 list asks, for each notice, whether its pursuer is the
 * pledgee of the notice's range; by pledgee alone that read every pledge of the institution.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('bill_pledges_package')
    .on('bill_pledges')
    .columns(['package_id', 'pledgee_org_id'])
    .execute();
}
