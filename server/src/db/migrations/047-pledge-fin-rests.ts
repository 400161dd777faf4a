import type { Kysely } from 'kysely';

/**
 * What the proceeds of a bill that matured pledged left over once the financing was repaid (docs/domain.md,
 * the rest of the proceeds): the institution owes it to the borrower and pays it into the borrower's
 * settlement account. A transfer the bank refuses leaves it owed (`paid_at` null) until a retry pays it;
 * `attempts` counts the refused transfers, so each attempt is a bank payment of its own reference. One row
 * per pledge: a bill matures and is paid once.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('pledge_fin_rests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('financing_id', 'text', (c) => c.notNull().references('pledge_financings.id'))
    .addColumn('pledge_id', 'text', (c) => c.notNull().unique())
    .addColumn('institution_org_id', 'text', (c) => c.notNull())
    .addColumn('proceeds_fen', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('paid_at', 'bigint')
    .addColumn('payment_id', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('pledge_fin_rests_financing')
    .on('pledge_fin_rests')
    .columns(['financing_id', 'created_at'])
    .execute();
}
