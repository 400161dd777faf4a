import type { Kysely } from 'kysely';

/**
 * Electronic contracts: e-sign accounts and seals, contracts, sign records (a background task each) with
 * their items, the provider callbacks applied; and the sandbox e-sign provider's books.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('esign_accounts')
    .addColumn('org_id', 'text', (c) => c.primaryKey().references('organizations.id'))
    .addColumn('provider_account_id', 'text', (c) => c.notNull().unique())
    .addColumn('opened_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('esign_seals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('provider_seal_id', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('label', 'text')
    .addColumn('svg', 'text', (c) => c.notNull())
    .addColumn('is_default', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('esign_seals_org')
    .on('esign_seals')
    .columns(['org_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('contracts')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('contract_no', 'text', (c) => c.notNull().unique())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('template', 'text', (c) => c.notNull())
    .addColumn('biz_type', 'text', (c) => c.notNull())
    .addColumn('biz_id', 'text', (c) => c.notNull())
    .addColumn('parties', 'text', (c) => c.notNull())
    .addColumn('signer_party', 'integer', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('signed_file_key', 'text')
    .addColumn('fields', 'text', (c) => c.notNull())
    .addColumn('flow_id', 'text', (c) => c.unique())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('signed_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('contracts_org_created')
    .on('contracts')
    .columns(['org_id', 'created_at'])
    .execute();
  await db.schema.createIndex('contracts_biz').on('contracts').columns(['biz_type', 'biz_id']).execute();

  await db.schema
    .createTable('sign_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('seal_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('total', 'integer', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('sign_records_status')
    .on('sign_records')
    .columns(['status', 'created_at'])
    .execute();
  await db.schema
    .createIndex('sign_records_org')
    .on('sign_records')
    .columns(['org_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('sign_record_items')
    .addColumn('record_id', 'text', (c) => c.notNull().references('sign_records.id'))
    .addColumn('contract_id', 'text', (c) => c.notNull().references('contracts.id'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('message', 'text')
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('sign_record_items_pk', ['record_id', 'contract_id'])
    .execute();
  await db.schema
    .createIndex('sign_record_items_contract')
    .on('sign_record_items')
    .column('contract_id')
    .execute();

  await db.schema
    .createTable('esign_callback_events')
    .addColumn('event_id', 'text', (c) => c.primaryKey())
    .addColumn('flow_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('received_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_esign_ca')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('certificate_pem', 'text', (c) => c.notNull())
    .addColumn('private_key_pem', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_esign_accounts')
    .addColumn('account_id', 'text', (c) => c.primaryKey())
    .addColumn('org_name', 'text', (c) => c.notNull())
    .addColumn('credit_code', 'text', (c) => c.notNull().unique())
    .addColumn('certificate_pem', 'text', (c) => c.notNull())
    .addColumn('private_key_pem', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_esign_flows')
    .addColumn('flow_id', 'text', (c) => c.primaryKey())
    .addColumn('account_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('file_key', 'text', (c) => c.notNull())
    .addColumn('signed_file_key', 'text')
    .addColumn('field', 'text', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('sandbox_esign_callbacks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('flow_id', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull())
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('next_attempt_at', 'bigint', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('sandbox_esign_callbacks_status')
    .on('sandbox_esign_callbacks')
    .columns(['status', 'created_at'])
    .execute();
}
