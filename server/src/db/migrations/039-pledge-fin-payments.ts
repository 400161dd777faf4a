import type { Kysely } from 'kysely';

/**
 * The payments of a pledge financing (docs/domain.md, pledge financing): one row per scheduled payment paid,
 * its interest, the principal with the last, the penalty interest of the days overdue, who paid it and the
 * bank's payment. One row per payment of a financing: two payments of the same one at once, one is refused.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pledge_fin_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('financing_id', 'text', (c) => c.notNull().references('pledge_financings.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('interest_fen', 'bigint', (c) => c.notNull())
    .addColumn('principal_fen', 'bigint', (c) => c.notNull())
    .addColumn('overdue_days', 'integer', (c) => c.notNull())
    .addColumn('penalty_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addUniqueConstraint('pledge_fin_payments_seq', ['financing_id', 'seq'])
    .execute();
}
