import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

const COLUMNS =
  'id, package_id, pursuer_org_id, sub_start, sub_end, amount_fen, debtor_org_id, debtor_role, ' +
  'guaranteed_org_id, debtor_rank, kind, non_refusal_reason, attachment_id, overdue, since, costs_fen, ' +
  'costs_note, status, agreed_amount_fen, clearing, agreed_on, agreed_at, agreed_by, reject_reason, ' +
  'payment_id, applicant_user_id, notified_at, closed_at';

/**
 * The pledgee of a range refused at maturity pursues it, and a pledgee is an institution, which has no
 * members: a recourse notice may now have no member who sent it (the institution acts through its adapter).
 * SQLite cannot drop a NOT NULL, so there the table is rebuilt under its own name; no table refers to its
 * rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table recourse_notices alter column applicant_user_id drop not null`.execute(db);
    return;
  }
  await sql`create table recourse_notices_copy as select * from recourse_notices`.execute(db);
  await sql`drop table recourse_notices`.execute(db);
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
    .addColumn('applicant_user_id', 'text')
    .addColumn('notified_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  const columns = sql.raw(COLUMNS);
  await sql`insert into recourse_notices (${columns}) select ${columns} from recourse_notices_copy`.execute(
    db,
  );
  await sql`drop table recourse_notices_copy`.execute(db);
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
