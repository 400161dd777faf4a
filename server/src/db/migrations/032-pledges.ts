import { sql, type Kysely } from 'kysely';

/**
 * Pledges (质押): each pledge beside its application in bill_applications (the range, the pledgor, the
 * institution and the institution's answer live there), with the holding it rests on while pledged; and
 * the pledgee's requests to release it, which the pledgor answers. A release is asked by an institution,
 * which has no members to be an application's applicant, so it is a row of its own.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bill_pledges')
    .addColumn('application_id', 'text', (c) => c.primaryKey().references('bill_applications.id'))
    .addColumn('package_id', 'text', (c) => c.notNull().references('bill_packages.id'))
    .addColumn('pledgor_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('pledgee_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('holding_id', 'text')
    .addColumn('pledged_at', 'bigint')
    .addColumn('released_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('bill_pledges_pledgor')
    .on('bill_pledges')
    .columns(['pledgor_org_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bill_pledges_pledgee')
    .on('bill_pledges')
    .columns(['pledgee_org_id', 'created_at'])
    .execute();
  await db.schema.createIndex('bill_pledges_holding').on('bill_pledges').column('holding_id').execute();

  await db.schema
    .createTable('bill_pledge_releases')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('pledge_id', 'text', (c) => c.notNull().references('bill_pledges.application_id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('answered_by', 'text', (c) => c.references('users.id'))
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('bill_pledge_releases_pledge')
    .on('bill_pledge_releases')
    .columns(['pledge_id', 'applied_at'])
    .execute();
  // At most one release waits per pledge, whatever the commands do.
  await db.schema
    .createIndex('bill_pledge_releases_one_pending')
    .on('bill_pledge_releases')
    .column('pledge_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}
