import type { Kysely } from 'kysely';

/**
 * Discounts (贴现): the terms of each discount application beside its row in bill_applications (the range,
 * the applicant, the institution and the answer live there), and the payment that cleared it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('discount_applications')
    .addColumn('application_id', 'text', (c) => c.primaryKey().references('bill_applications.id'))
    .addColumn('holder_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('institution_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('annual_rate', 'text', (c) => c.notNull())
    .addColumn('interest_payer', 'text', (c) => c.notNull())
    .addColumn('buyer_share_percent', 'text')
    .addColumn('clearing', 'text', (c) => c.notNull())
    .addColumn('account_id', 'text', (c) => c.notNull().references('bank_accounts.id'))
    .addColumn('discount_date', 'text', (c) => c.notNull())
    .addColumn('days', 'integer', (c) => c.notNull())
    .addColumn('adjust_days', 'integer', (c) => c.notNull())
    .addColumn('interest_fen', 'bigint', (c) => c.notNull())
    .addColumn('buyer_pays_fen', 'bigint', (c) => c.notNull())
    .addColumn('net_fen', 'bigint', (c) => c.notNull())
    .addColumn('payment_id', 'text')
    .addColumn('clearing_failure', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('discount_applications_holder')
    .on('discount_applications')
    .columns(['holder_org_id', 'created_at'])
    .execute();
}
