import { sql, type Kysely } from 'kysely';

/**
 * The sandbox bank of settlement accounts: balances the bills' money moves between (discounts, payment at
 * maturity, recourse, financing), one row per payment under the platform's reference, a statement per account.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('sandbox_settlement_accounts')
    .addColumn('account_no', 'text', (c) => c.primaryKey())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('branch_no', 'text', (c) => c.notNull())
    .addColumn('balance_fen', 'bigint', (c) => c.notNull().check(sql`balance_fen >= 0`))
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_settlement_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('from_account_no', 'text')
    .addColumn('to_account_no', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('sandbox_settlement_lines')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_no', 'text', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull().references('sandbox_settlement_payments.id'))
    .addColumn('direction', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('balance_after_fen', 'bigint', (c) => c.notNull())
    .addColumn('counterparty_name', 'text', (c) => c.notNull())
    .addColumn('counterparty_account_no', 'text', (c) => c.notNull())
    .addColumn('reference', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_settlement_lines_account')
    .on('sandbox_settlement_lines')
    .columns(['account_no', 'id'])
    .execute();
}
