import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

const COLUMNS =
  'id, financing_id, seq, due_date, interest_fen, principal_fen, overdue_days, penalty_fen, paid_by, ' +
  'paid_at, payment_id';

/**
 * A pledge financing's payment may be made by no member: the proceeds of a bill that matured pledged, which
 * its pledgee received, repay the loan (docs/domain.md, a bill that matures while pledged). SQLite cannot
 * drop a NOT NULL, so there the table is rebuilt; no other table refers to its rows.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table pledge_fin_payments alter column paid_by drop not null`.execute(db);
    return;
  }
  await db.schema
    .createTable('pledge_fin_payments_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('financing_id', 'text', (c) => c.notNull().references('pledge_financings.id'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('interest_fen', 'bigint', (c) => c.notNull())
    .addColumn('principal_fen', 'bigint', (c) => c.notNull())
    .addColumn('overdue_days', 'integer', (c) => c.notNull())
    .addColumn('penalty_fen', 'bigint', (c) => c.notNull())
    .addColumn('paid_by', 'text', (c) => c.references('users.id'))
    .addColumn('paid_at', 'bigint', (c) => c.notNull())
    .addColumn('payment_id', 'text', (c) => c.notNull())
    .addUniqueConstraint('pledge_fin_payments_seq', ['financing_id', 'seq'])
    .execute();
  const columns = sql.raw(COLUMNS);
  await sql`insert into pledge_fin_payments_next (${columns}) select ${columns} from pledge_fin_payments`.execute(
    db,
  );
  await sql`drop table pledge_fin_payments`.execute(db);
  await sql`alter table pledge_fin_payments_next rename to pledge_fin_payments`.execute(db);
}
