import type { Kysely } from 'kysely';

/** The sandbox institutions' applications to answer, each a task the queue claims when its answer is due. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_institution_applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('act', 'text', (c) => c.notNull())
    .addColumn('institution_org_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('decision', 'text')
    .addColumn('reason', 'text')
    .addColumn('remark', 'text')
    .addColumn('outcome', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('answered_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('sandbox_institution_applications_claim')
    .on('sandbox_institution_applications')
    .columns(['status', 'lease_expires_at'])
    .execute();
}
