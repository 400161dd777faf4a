import type { Kysely } from 'kysely';

/**
 * Freezes (冻结): each authority's order that froze a range, the holding it froze and the flag that range
 * returns to, and the order that lifted it. `reference` is the registry's own, so an order delivered twice
 * freezes once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bill_freezes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('reference', 'text', (c) => c.notNull().unique())
    .addColumn('package_id', 'text', (c) => c.notNull().references('bill_packages.id'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('holding_id', 'text', (c) => c.notNull().references('bill_holdings.id'))
    .addColumn('sub_start', 'bigint', (c) => c.notNull())
    .addColumn('sub_end', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('risk', 'text', (c) => c.notNull())
    .addColumn('authority', 'text', (c) => c.notNull())
    .addColumn('document_no', 'text', (c) => c.notNull())
    .addColumn('prior_circ', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('frozen_at', 'bigint', (c) => c.notNull())
    .addColumn('lift_reference', 'text', (c) => c.unique())
    .addColumn('lift_authority', 'text')
    .addColumn('lift_document_no', 'text')
    .addColumn('lifted_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('bill_freezes_org')
    .on('bill_freezes')
    .columns(['org_id', 'frozen_at'])
    .execute();
  await db.schema.createIndex('bill_freezes_package').on('bill_freezes').column('package_id').execute();
}
