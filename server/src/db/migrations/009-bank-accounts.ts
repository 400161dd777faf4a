import { sql, type Kysely } from 'kysely';

/**
 * Banks: the branch directory (filled at start from server/src/db/reference, see db/bank-directory.ts), the
 * organisations' bank accounts, their small-amount verifications and the sandbox bank's ledger.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // Looked up by number (an account's branch); the search runs on each node's index of it (branch-index.ts).
  await db.schema
    .createTable('bank_branches')
    .addColumn('bank_no', 'text', (c) => c.primaryKey())
    .addColumn('bank_code', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('full_name', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('reference_data_versions')
    .addColumn('name', 'text', (c) => c.primaryKey())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('loaded_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('bank_accounts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_no', 'text', (c) => c.notNull())
    .addColumn('branch_no', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('branch_name', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified_at', 'bigint')
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    // One account number once per organisation (a second one answers 409).
    .addUniqueConstraint('bank_accounts_org_account_no', ['org_id', 'account_no'])
    .execute();
  // At most one default settlement account per organisation, whatever two requests do at once.
  await db.schema
    .createIndex('bank_accounts_one_default')
    .on('bank_accounts')
    .column('org_id')
    .unique()
    .where(sql.ref('is_default'), '=', 1)
    .execute();

  await db.schema
    .createTable('bank_verifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('account_id', 'text', (c) => c.notNull().references('bank_accounts.id'))
    .addColumn('purpose', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('account_no', 'text', (c) => c.notNull())
    .addColumn('branch_no', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('branch_name', 'text', (c) => c.notNull())
    .addColumn('province', 'text', (c) => c.notNull())
    .addColumn('city', 'text', (c) => c.notNull())
    .addColumn('transfer_id', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('wrong_count', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('requested_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('arrives_at', 'bigint')
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('closed_at', 'bigint')
    .execute();
  // The daily request count and the records list of an organisation.
  await db.schema
    .createIndex('bank_verifications_org_created')
    .on('bank_verifications')
    .columns(['org_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('bank_verifications_account_created')
    .on('bank_verifications')
    .columns(['account_id', 'created_at'])
    .execute();
  // One open verification per account: a new request closes the open one in the same transaction.
  await db.schema
    .createIndex('bank_verifications_one_open')
    .on('bank_verifications')
    .column('account_id')
    .unique()
    .where(sql.ref('closed_at'), 'is', null)
    .execute();

  await db.schema
    .createTable('sandbox_bank_transfers')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('account_no', 'text', (c) => c.notNull())
    .addColumn('account_name', 'text', (c) => c.notNull())
    .addColumn('branch_no', 'text', (c) => c.notNull())
    .addColumn('bank_name', 'text', (c) => c.notNull())
    .addColumn('branch_name', 'text', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('payer_name', 'text', (c) => c.notNull())
    .addColumn('refused', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('arrives_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sandbox_bank_transfers_account')
    .on('sandbox_bank_transfers')
    .columns(['account_no', 'arrives_at'])
    .execute();
}
