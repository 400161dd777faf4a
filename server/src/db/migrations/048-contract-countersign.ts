import type { Kysely } from 'kysely';

/**
 * The other party's signature on a contract (docs/domain.md, pledge financing: the institution signs the
 * loan and pledge contracts after the borrower, through its own e-sign account): the provider's flow of that
 * signature, when it was made, and why it failed while it has not been.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('contracts').addColumn('counter_flow_id', 'text').execute();
  await db.schema.alterTable('contracts').addColumn('counter_signed_at', 'bigint').execute();
  await db.schema.alterTable('contracts').addColumn('counter_error', 'text').execute();
  await db.schema
    .createIndex('contracts_counter_flow')
    .on('contracts')
    .column('counter_flow_id')
    .unique()
    .execute();
}
