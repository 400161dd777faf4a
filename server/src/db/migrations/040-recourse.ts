import { sql, type Kysely } from 'kysely';

/**
 * 追索: each recourse notice a holder sends to an earlier party, with the claim's costs, the party's
 * 同意清偿 and its payment; and the proofs of 非拒付追索. At most one 同意清偿 waits per range (the package
 * and its first unit): of two parties agreeing at once, one wins.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('recourse_attachments')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('size', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createTable('recourse_notices')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('bill_packages.id'))
    .addColumn('pursuer_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('sub_start', 'bigint', (c) => c.notNull())
    .addColumn('sub_end', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('debtor_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('debtor_role', 'text', (c) => c.notNull())
    .addColumn('guaranteed_org_id', 'text', (c) => c.references('organizations.id'))
    .addColumn('debtor_rank', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('non_refusal_reason', 'text')
    .addColumn('attachment_id', 'text', (c) => c.references('recourse_attachments.id'))
    .addColumn('overdue', 'integer', (c) => c.notNull())
    .addColumn('since', 'text', (c) => c.notNull())
    .addColumn('costs_fen', 'bigint', (c) => c.notNull())
    .addColumn('costs_note', 'text')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('agreed_amount_fen', 'bigint')
    .addColumn('clearing', 'text')
    .addColumn('agreed_on', 'text')
    .addColumn('agreed_at', 'bigint')
    .addColumn('agreed_by', 'text')
    .addColumn('reject_reason', 'text')
    .addColumn('payment_id', 'text')
    .addColumn('applicant_user_id', 'text', (c) => c.notNull())
    .addColumn('notified_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('recourse_notices_pursuer')
    .on('recourse_notices')
    .columns(['pursuer_org_id', 'notified_at'])
    .execute();
  await db.schema
    .createIndex('recourse_notices_debtor')
    .on('recourse_notices')
    .columns(['debtor_org_id', 'notified_at'])
    .execute();
  await db.schema
    .createIndex('recourse_notices_package')
    .on('recourse_notices')
    .columns(['package_id', 'sub_start'])
    .execute();
  await db.schema
    .createIndex('recourse_notices_one_agreed')
    .on('recourse_notices')
    .columns(['package_id', 'sub_start'])
    .unique()
    .where(sql.ref('status'), '=', 'agreed')
    .execute();
}
