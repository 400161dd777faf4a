import type { Kysely } from 'kysely';

/**
 * The holiday calendar beyond the package's data: the State Council announces a year's holidays each
 * autumn, while bills issued today mature next year, so an operator loads the notice without a release.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('holiday_calendar_years')
    .addColumn('year', 'integer', (c) => c.primaryKey())
    .addColumn('source', 'text', (c) => c.notNull())
    .addColumn('loaded_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('holiday_calendar_days')
    .addColumn('date', 'text', (c) => c.primaryKey())
    .addColumn('year', 'integer', (c) => c.notNull().references('holiday_calendar_years.year'))
    .addColumn('workday', 'integer', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('holiday_calendar_days_year')
    .on('holiday_calendar_days')
    .column('year')
    .execute();
}
