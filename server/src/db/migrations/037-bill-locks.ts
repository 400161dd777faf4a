import type { Kysely } from 'kysely';

/**
 * Locks a business record of another module keeps on a holding (a pledge financing between its submission and
 * its signing): the locked holding (TF0302), who locks it, and when the lock ended. The ledger's invariant pairs
 * every locked holding with exactly one pending application or one active lock.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bill_locks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('bill_packages.id'))
    .addColumn('holding_id', 'text', (c) => c.notNull().references('bill_holdings.id'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('owner_type', 'text', (c) => c.notNull())
    .addColumn('owner_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('locked_at', 'bigint', (c) => c.notNull())
    .addColumn('ended_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('bill_locks_package')
    .on('bill_locks')
    .columns(['package_id', 'status'])
    .execute();
  await db.schema
    .createIndex('bill_locks_owner')
    .on('bill_locks')
    .columns(['owner_type', 'owner_id'])
    .execute();
}
