import type { Kysely } from 'kysely';

/**
 * The reminders of a bill's maturity (docs/domain.md, the business day): one row per bill, organisation, role
 * and lead (30, 7, 1 days before, 0 on the day), written with the notice it sent, so each is sent once
 * however often the day-end runs.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('maturity_reminders')
    .addColumn('package_id', 'text', (c) => c.notNull().references('bill_packages.id'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('days_before', 'integer', (c) => c.notNull())
    .addColumn('sent_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('maturity_reminders_pk', ['package_id', 'org_id', 'role', 'days_before'])
    .execute();
  await db.schema
    .createIndex('bill_packages_due_date')
    .ifNotExists()
    .on('bill_packages')
    .columns(['due_date', 'id'])
    .execute();
}
