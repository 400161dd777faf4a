import type { Kysely } from 'kysely';

/**
 * Financial institutions (docs/domain.md): an organisation of a kind of its own, with the head office's
 * CNAPS number and the settlement account its money moves through. Every organisation so far is an enterprise.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('organizations')
    .addColumn('kind', 'text', (c) => c.notNull().defaultTo('enterprise'))
    .execute();
  await db.schema
    .createTable('institutions')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id'))
    .addColumn('bank_no', 'text', (c) => c.notNull().unique())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('account_no', 'text', (c) => c.notNull())
    .addColumn('branch_no', 'text', (c) => c.notNull())
    .addColumn('branch_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
}
