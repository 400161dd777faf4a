import type { Kysely } from 'kysely';

/**
 * What was paid of a pledge financing's scheduled payment before it was paid whole (docs/domain.md, proceeds
 * short of what is owed): the proceeds of a bill that matured pledged apply every fen to the earliest open
 * payment, its interest first, then its penalty, then its principal; the payment stays open for the rest.
 * One row per part received; the payment's row in pledge_fin_payments is written once it is paid whole.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pledge_fin_part_payments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('financing_id', 'text', (c) => c.notNull().references('pledge_financings.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('interest_fen', 'bigint', (c) => c.notNull())
    .addColumn('penalty_fen', 'bigint', (c) => c.notNull())
    .addColumn('principal_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pledge_fin_part_payments_seq')
    .on('pledge_fin_part_payments')
    .columns(['financing_id', 'seq'])
    .execute();
}
