import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/**
 * The `bills` table held the holdings an early demo history wrote; the ledger (bill packages and their
 * ranges) replaced it and nothing reads or writes it. It goes, and with it the operation log's `bill_id`,
 * which pointed into it and was never set since. SQLite cannot drop a column that is a foreign key, so
 * there the log is rebuilt without it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  if (isPostgres(db)) {
    await sql`alter table bill_operations drop column bill_id`.execute(db);
    await sql`drop table bills`.execute(db);
    return;
  }
  await db.schema
    .createTable('bill_operations_next')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('biz_id', 'text', (c) => c.notNull())
    .addColumn('biz_type', 'text', (c) => c.notNull())
    .addColumn('op_type', 'text', (c) => c.notNull())
    .addColumn('bill_no', 'text', (c) => c.notNull())
    .addColumn('sub_start', 'bigint', (c) => c.notNull())
    .addColumn('sub_end', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('counterparty', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('operator_user_id', 'text', (c) => c.references('users.id'))
    .addColumn('operator_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  const columns = sql.raw(
    'id, org_id, biz_id, biz_type, op_type, bill_no, sub_start, sub_end, amount_fen, counterparty, status, ' +
      'operator_user_id, operator_name, created_at',
  );
  await sql`insert into bill_operations_next (${columns}) select ${columns} from bill_operations`.execute(db);
  await sql`drop table bill_operations`.execute(db);
  await sql`alter table bill_operations_next rename to bill_operations`.execute(db);
  await db.schema
    .createIndex('bill_operations_org_created')
    .on('bill_operations')
    .columns(['org_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bill_operations_org_type_created')
    .on('bill_operations')
    .columns(['org_id', 'biz_type', 'created_at'])
    .execute();
  await sql`drop table bills`.execute(db);
}
