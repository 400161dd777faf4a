import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

const COLUMNS =
  'id, package_id, kind, applicant_org_id, applicant_user_id, receiver_org_id, holding_id, sub_start, ' +
  'sub_end, amount_fen, status, reason, remark, answered_by, applied_at, answered_at, receiver_account_id';

/**
 * A pledgee presents a pledged bill for payment at maturity, and a pledgee is an institution, which has no
 * members: an application may now have no applicant member (the applicant organisation acts through its
 * adapter). SQLite cannot drop a NOT NULL, so there the table is rebuilt under its own name. Other tables
 * refer to its rows: with the checks of those references deferred to the commit, dropping the table counts
 * them as broken and putting the same rows back counts them whole again. Each row put back looks for the
 * rows referring to it, so the two referring columns without an index get one for the while.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table bill_applications alter column applicant_user_id drop not null`.execute(db);
    return;
  }
  await sql`pragma defer_foreign_keys = on`.execute(db);
  await sql`create index bill_events_application_rebuild on bill_events (application_id)`.execute(db);
  await sql`create index pledge_fin_bills_pledge_rebuild on pledge_fin_bills (pledge_id)`.execute(db);
  await sql`create table bill_applications_copy as select * from bill_applications`.execute(db);
  await sql`drop table bill_applications`.execute(db);
  await db.schema
    .createTable('bill_applications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('package_id', 'text', (c) => c.notNull().references('bill_packages.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('applicant_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('applicant_user_id', 'text', (c) => c.references('users.id'))
    .addColumn('receiver_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('holding_id', 'text', (c) => c.notNull().references('bill_holdings.id'))
    .addColumn('sub_start', 'bigint', (c) => c.notNull())
    .addColumn('sub_end', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('answered_by', 'text', (c) => c.references('users.id'))
    .addColumn('applied_at', 'bigint', (c) => c.notNull())
    .addColumn('answered_at', 'bigint')
    .addColumn('receiver_account_id', 'text', (c) => c.references('bank_accounts.id'))
    .execute();
  const columns = sql.raw(COLUMNS);
  await sql`insert into bill_applications (${columns}) select ${columns} from bill_applications_copy`.execute(
    db,
  );
  await sql`drop table bill_applications_copy`.execute(db);
  await sql`drop index bill_events_application_rebuild`.execute(db);
  await sql`drop index pledge_fin_bills_pledge_rebuild`.execute(db);
  await db.schema
    .createIndex('bill_applications_receiver')
    .on('bill_applications')
    .columns(['receiver_org_id', 'status', 'applied_at'])
    .execute();
  await db.schema
    .createIndex('bill_applications_applicant')
    .on('bill_applications')
    .columns(['applicant_org_id', 'applied_at'])
    .execute();
  await db.schema
    .createIndex('bill_applications_package')
    .on('bill_applications')
    .column('package_id')
    .execute();
  await db.schema
    .createIndex('bill_applications_one_pending')
    .on('bill_applications')
    .column('holding_id')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute();
}
