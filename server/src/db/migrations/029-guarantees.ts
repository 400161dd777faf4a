import type { Kysely } from 'kysely';

/**
 * Guarantees (保证): a liable party's application to a guarantor, and its answer. Apart from
 * bill_applications because a guarantee locks no range: the ledger's invariant pairs every pending
 * application with a locked holding.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bill_guarantees')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('bill_packages.id'))
    .addColumn('role', 'text', (c) => c.notNull())
    .addColumn('guaranteed_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('guarantor_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('applicant_user_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('answered_by', 'text')
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('bill_guarantees_guaranteed')
    .on('bill_guarantees')
    .columns(['guaranteed_org_id', 'applied_at'])
    .execute();
  await db.schema
    .createIndex('bill_guarantees_guarantor')
    .on('bill_guarantees')
    .columns(['guarantor_org_id', 'applied_at'])
    .execute();
  await db.schema.createIndex('bill_guarantees_package').on('bill_guarantees').column('package_id').execute();
}
