import { sql, type Kysely } from 'kysely';

/**
 * 应付票据 by due date, kept by the ledger instead of summed on every read: for each acceptor and due date,
 * how many of its bills are held received in some range still current, and what those ranges add up to
 * (ledger.ts, the end of every command, moves them in the command's own transaction). The read was a sum
 * over every current holding of every bill the organisation accepted. Filled from the holdings that exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('bill_payable_days')
    .addColumn('acceptor_org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('bills', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('bill_payable_days_pk', ['acceptor_org_id', 'due_date'])
    .execute();
  await sql`insert into bill_payable_days (acceptor_org_id, due_date, bills, amount_fen)
    select p.acceptor_org_id, p.due_date, count(distinct p.id), sum(h.amount_fen)
    from bill_packages p join bill_holdings h on h.package_id = p.id
    where h.ended_at is null and h.bill_status = 'CS03' and h.circ_status <> 'TF0501'
    group by p.acceptor_org_id, p.due_date`.execute(db);
}
