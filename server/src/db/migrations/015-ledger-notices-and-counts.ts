import { sql, type Kysely } from 'kysely';

/**
 * Two additions around the bill ledger:
 * - A notice may lead somewhere: `plat_messages.link` is a path of the web app (a hash route, e.g. the 待签收
 *   workbench on one bill) that the notice's 去处理 opens; null for notices that only inform.
 * - `bill_org_holdings` counts each organisation's current holdings, kept by the ledger's two writes of a
 *   holding (insert, end) in the command's own transaction, so the held list's total is one row read
 *   instead of a count of every current holding. Filled from the holdings that exist.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plat_messages').addColumn('link', 'text').execute();

  await db.schema
    .createTable('bill_org_holdings')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id'))
    .addColumn('held', 'integer', (c) => c.notNull())
    .execute();
  await sql`insert into bill_org_holdings (org_id, held)
    select org_id, count(*) from bill_holdings where ended_at is null group by org_id`.execute(db);
}
