import type { Kysely } from 'kysely';

/**
 * Each organisation's counter row of current holdings gains a version: the ledger's end step moves it, in the
 * same transaction, for every organisation whose holdings the command wrote (a status changed in place as
 * well as a range moved), so a held list read at one version is the same list at that version on every node.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bill_org_holdings')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}
