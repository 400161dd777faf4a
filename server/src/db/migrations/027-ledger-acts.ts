import { sql, type Kysely } from 'kysely';

/** The path a to-do of the 待签收 workbench links to, before its package id (contract signWorkbenchLink). */
const WORKBENCH_LINK = '/chain-bill/sign-workbench?bill=';

/**
 * What the ledger's acts need beyond migration 010:
 * - `bill_events.seq` numbers a package's events in turn, one number each: events a concurrent PostgreSQL
 *   command may have numbered alike are renumbered (ties in id order), and a unique index holds it.
 * - A to-do notice names what it is about (`subject`, e.g. `bill-application:<id>`) and closes for every
 *   member at once (`closed_at`) when that leaves its waiting state. To-dos of the workbench whose package
 *   has no application waiting for the organisation any more are closed now.
 * - The face of a bill names each party's settlement account and bank, as they were when it was written:
 *   drawer and acceptor at issue, the payee's at issue and again as it chose when it signed. A holding
 *   records the account it is held in, an application the account its receiver chose. Existing packages
 *   take the parties' default accounts of today.
 * - The held count leaves out holdings at the end of their life (TF0501): it is counted again.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`update bill_events set seq = (
      select count(*) from bill_events e
      where e.package_id = bill_events.package_id
        and (e.seq < bill_events.seq or (e.seq = bill_events.seq and e.id <= bill_events.id)))
    where package_id in (
      select package_id from bill_events group by package_id, seq having count(*) > 1)`.execute(db);
  await db.schema
    .createIndex('bill_events_package_seq')
    .on('bill_events')
    .columns(['package_id', 'seq'])
    .unique()
    .execute();

  await db.schema.alterTable('plat_messages').addColumn('subject', 'text').execute();
  await db.schema.alterTable('plat_messages').addColumn('closed_at', 'bigint').execute();
  await db.schema.createIndex('plat_messages_subject').on('plat_messages').column('subject').execute();
  await sql`update plat_messages set closed_at = created_at
    where type = 2 and closed_at is null and link like ${`${WORKBENCH_LINK}%`}
      and not exists (
        select 1 from bill_applications a
        where a.receiver_org_id = plat_messages.org_id and a.status = 'pending'
          and a.package_id = substr(plat_messages.link, ${WORKBENCH_LINK.length + 1}))`.execute(db);

  for (const party of ['drawer', 'acceptor', 'payee']) {
    await db.schema.alterTable('bill_packages').addColumn(`${party}_account_no`, 'text').execute();
    await db.schema.alterTable('bill_packages').addColumn(`${party}_bank_name`, 'text').execute();
    const account = (column: string) =>
      sql.raw(`(select b.${column} from bank_accounts b
        where b.org_id = bill_packages.${party}_org_id and b.is_default = 1 and b.verified = 1)`);
    await sql`update bill_packages set ${sql.raw(`${party}_account_no`)} = ${account('account_no')},
      ${sql.raw(`${party}_bank_name`)} = ${account('branch_name')}`.execute(db);
  }
  await db.schema
    .alterTable('bill_holdings')
    .addColumn('account_id', 'text', (c) => c.references('bank_accounts.id'))
    .execute();
  await db.schema
    .alterTable('bill_applications')
    .addColumn('receiver_account_id', 'text', (c) => c.references('bank_accounts.id'))
    .execute();

  await sql`delete from bill_org_holdings`.execute(db);
  await sql`insert into bill_org_holdings (org_id, held)
    select org_id, count(*) from bill_holdings
    where ended_at is null and circ_status <> 'TF0501' group by org_id`.execute(db);
}
