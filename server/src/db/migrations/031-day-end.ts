import type { Kysely } from 'kysely';

/**
 * The day-end run (modules/day-end): one row per business day, claimed through the task queue by one node,
 * and one row per step of it recording how far the step got, so a run taken over after a crash resumes
 * where it stopped and a second run of the same day finds it done.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('day_end_runs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('business_date', 'text', (c) => c.notNull().unique())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('error', 'text')
    .execute();
  await db.schema
    .createIndex('day_end_runs_claim')
    .on('day_end_runs')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createTable('day_end_steps')
    .addColumn('run_id', 'text', (c) => c.notNull().references('day_end_runs.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('cursor', 'text')
    .addColumn('processed', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .addColumn('error', 'text')
    .addPrimaryKeyConstraint('day_end_steps_pk', ['run_id', 'name'])
    .execute();
}
