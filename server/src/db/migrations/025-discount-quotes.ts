import type { Kysely } from 'kysely';

/**
 * 轻松贴's quotes: what each institution answered for one held bill on one day, kept so an application can
 * name the quote it takes and be refused once the quote expired.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discount_quotes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('holding_id', 'text', (c) => c.notNull().references('bill_holdings.id'))
    .addColumn('institution_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('quote_date', 'text', (c) => c.notNull())
    .addColumn('annual_rate', 'text')
    .addColumn('reason', 'text')
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('adjust_days', 'integer', (c) => c.notNull())
    .addColumn('interest_fen', 'bigint')
    .addColumn('net_fen', 'bigint')
    .addColumn('valid_until', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discount_quotes_org')
    .on('discount_quotes')
    .columns(['org_id', 'created_at'])
    .execute();
}
