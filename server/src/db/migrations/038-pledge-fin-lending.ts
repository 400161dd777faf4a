import type { Kysely } from 'kysely';

/**
 * A pledge financing once signed (docs/domain.md, pledge financing): the pledge each bill rests under, and the
 * pay-out (when, the fee kept and the net amount paid, the bank's payment).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('pledge_fin_bills')
    .addColumn('pledge_id', 'text', (c) => c.references('bill_applications.id'))
    .execute();
  await db.schema.alterTable('pledge_financings').addColumn('fee_fen', 'bigint').execute();
  await db.schema.alterTable('pledge_financings').addColumn('net_fen', 'bigint').execute();
  await db.schema.alterTable('pledge_financings').addColumn('paid_out_at', 'bigint').execute();
  await db.schema.alterTable('pledge_financings').addColumn('payout_payment_id', 'text').execute();
}
