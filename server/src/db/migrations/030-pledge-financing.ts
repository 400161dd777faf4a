import type { Kysely } from 'kysely';

/**
 * Pledge financing (质押融资): the institutions' products, each organisation's credit line with an
 * institution, the financings with the bills behind them, their history and their schedule of payments.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pledge_fin_products')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('institution_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('annual_rate', 'text', (c) => c.notNull())
    .addColumn('pledge_ratio', 'text', (c) => c.notNull())
    .addColumn('min_fen', 'bigint', (c) => c.notNull())
    .addColumn('max_fen', 'bigint', (c) => c.notNull())
    .addColumn('max_term_days', 'integer', (c) => c.notNull())
    .addColumn('fee_rate', 'text', (c) => c.notNull())
    .addColumn('repayment_mode', 'text', (c) => c.notNull())
    .addColumn('day_basis', 'integer', (c) => c.notNull())
    .addColumn('penalty_rate', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('pledge_fin_credit_lines')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('institution_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('line_fen', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pledge_fin_credit_lines_pk', ['org_id', 'institution_org_id'])
    .execute();
  await db.schema
    .createTable('pledge_financings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('fin_no', 'text', (c) => c.notNull().unique())
    .addColumn('state', 'text', (c) => c.notNull())
    .addColumn('product_id', 'text', (c) => c.references('pledge_fin_products.id'))
    .addColumn('institution_org_id', 'text', (c) => c.references('organizations.id'))
    .addColumn('principal_fen', 'bigint')
    .addColumn('annual_rate', 'text')
    .addColumn('pledge_ratio', 'text')
    .addColumn('fee_rate', 'text')
    .addColumn('repayment_mode', 'text')
    .addColumn('day_basis', 'integer')
    .addColumn('penalty_rate', 'text')
    .addColumn('value_date', 'text')
    .addColumn('maturity_date', 'text')
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('submitted_by', 'text', (c) => c.references('users.id'))
    .addColumn('submitted_at', 'bigint')
    .addColumn('approved_by', 'text', (c) => c.references('users.id'))
    .addColumn('approved_at', 'bigint')
    .addColumn('opinion', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pledge_financings_org')
    .on('pledge_financings')
    .columns(['org_id', 'created_at'])
    .execute();
  await db.schema
    .createTable('pledge_fin_bills')
    .addColumn('financing_id', 'text', (c) => c.notNull().references('pledge_financings.id'))
    .addColumn('holding_id', 'text', (c) => c.notNull().references('bill_holdings.id'))
    .addColumn('package_id', 'text', (c) => c.notNull().references('bill_packages.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('pledge_fin_bills_pk', ['financing_id', 'holding_id'])
    .execute();
  await db.schema
    .createIndex('pledge_fin_bills_holding')
    .on('pledge_fin_bills')
    .column('holding_id')
    .execute();
  await db.schema
    .createTable('pledge_fin_history')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('financing_id', 'text', (c) => c.notNull().references('pledge_financings.id'))
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('from_state', 'text')
    .addColumn('to_state', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('opinion', 'text')
    .addColumn('at', 'bigint', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pledge_fin_history_financing')
    .on('pledge_fin_history')
    .columns(['financing_id', 'seq'])
    .execute();
}
