import type { Kysely } from 'kysely';

/**
 * 提示付款: the terms of each presentation beside its row in bill_applications (the range, the presenter, the
 * acceptor and the answer's status live there), how it was answered and the payment that cleared it. Day-end
 * finds what may be waiting past its answer period by answer_due.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('payment_applications')
    .addColumn('application_id', 'text', (c) => c.primaryKey().references('bill_applications.id'))
    .addColumn('presenter_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('acceptor_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('presented_by', 'text', (c) => c.notNull())
    .addColumn('presented_on', 'text', (c) => c.notNull())
    .addColumn('overdue', 'integer', (c) => c.notNull())
    .addColumn('overdue_reason', 'text')
    .addColumn('answer_due', 'text', (c) => c.notNull())
    .addColumn('clearing', 'text')
    .addColumn('refused_by', 'text')
    .addColumn('refusal_code', 'text')
    .addColumn('refusal_text', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('payment_applications_presenter')
    .on('payment_applications')
    .columns(['presenter_org_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payment_applications_acceptor')
    .on('payment_applications')
    .columns(['acceptor_org_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('payment_applications_due')
    .on('payment_applications')
    .columns(['answer_due'])
    .execute();
}
