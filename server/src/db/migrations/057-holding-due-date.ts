import { sql, type Kysely } from 'kysely';

/**
 * Each holding carries its bill's maturity (a package's due date never changes), and two partial indexes
 * serve the two pages that ask an organisation's current holdings for a few of them:
 * - 提示付款's candidates, its holdings due on or before today and not lapsed: a range of the due-date index,
 *   where the page walked every current holding of the organisation and joined its package to compare dates;
 * - 追索's candidates, its holdings in recourse (TF0402): an index of those alone, newest first, where the
 *   page walked every current holding to find them.
 * The recourse index names its status as a constant, and the query that uses it writes the same constant,
 * not a bound value: a generic plan on PostgreSQL cannot prove a partial index's predicate from a parameter.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bill_holdings')
    .addColumn('due_date', 'text', (column) => column.notNull().defaultTo(''))
    .execute();
  await sql`update bill_holdings set due_date = (
      select p.due_date from bill_packages p where p.id = bill_holdings.package_id)`.execute(db);
  await db.schema
    .createIndex('bill_holdings_current_due')
    .on('bill_holdings')
    .columns(['org_id', 'due_date', 'id'])
    .where(sql.ref('ended_at'), 'is', null)
    .execute();
  await db.schema
    .createIndex('bill_holdings_in_recourse')
    .on('bill_holdings')
    .columns(['org_id', 'acquired_at', 'id'])
    .where(sql.ref('ended_at'), 'is', null)
    .where(sql.ref('circ_status'), '=', sql.lit('TF0402'))
    .execute();
}
