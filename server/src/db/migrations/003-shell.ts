import type { Kysely } from 'kysely';

/**
 * The signed-in shell: platform settings, notices, bills and their operation log, export tasks, channels,
 * organisation functions and invitations.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('platform_settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('plat_messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('type', 'integer', (c) => c.notNull())
    .addColumn('title', 'text', (c) => c.notNull())
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('plat_messages_org_created')
    .on('plat_messages')
    .columns(['org_id', 'created_at'])
    .execute();

  await db.schema
    .createTable('plat_message_reads')
    .addColumn('message_id', 'text', (c) => c.notNull().references('plat_messages.id').onDelete('cascade'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('read_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('plat_message_reads_pk', ['message_id', 'user_id'])
    .execute();

  await db.schema
    .createTable('bills')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('package_no', 'text', (c) => c.notNull())
    .addColumn('sub_start', 'bigint', (c) => c.notNull())
    .addColumn('sub_end', 'bigint', (c) => c.notNull())
    .addColumn('amount_fen', 'bigint', (c) => c.notNull())
    .addColumn('drawer_name', 'text', (c) => c.notNull())
    .addColumn('acceptor_name', 'text', (c) => c.notNull())
    .addColumn('payee_name', 'text', (c) => c.notNull())
    .addColumn('bill_status', 'text', (c) => c.notNull())
    .addColumn('circ_status', 'text', (c) => c.notNull())
    .addColumn('issue_date', 'text', (c) => c.notNull())
    .addColumn('due_date', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('bills_org_package', ['org_id', 'package_no', 'sub_start'])
    .execute();

  await db.schema
    .createTable('bill_operations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('bill_id', 'text', (c) => c.references('bills.id'))
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

  await db.schema
    .createTable('export_tasks')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('params', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('progress', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('file_name', 'text', (c) => c.notNull())
    .addColumn('ascii_file_name', 'text', (c) => c.notNull())
    .addColumn('row_count', 'integer')
    .addColumn('error', 'text')
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('lease_expires_at', 'bigint')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('started_at', 'bigint')
    .addColumn('finished_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('export_tasks_owner')
    .on('export_tasks')
    .columns(['user_id', 'org_id', 'created_at'])
    .execute();
  await db.schema.createIndex('export_tasks_status').on('export_tasks').column('status').execute();

  await db.schema
    .createTable('channels')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('channel_functions')
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.id').onDelete('cascade'))
    .addColumn('func_code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('channel_functions_pk', ['channel_id', 'func_code'])
    .execute();

  await db.schema
    .createTable('org_channels')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('channel_id', 'text', (c) => c.notNull().references('channels.id'))
    .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('org_channels_pk', ['org_id', 'channel_id'])
    .execute();

  await db.schema
    .createTable('org_function_openings')
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('func_code', 'text', (c) => c.notNull())
    .addColumn('opened_at', 'bigint', (c) => c.notNull())
    .addColumn('opened_by', 'text', (c) => c.references('users.id'))
    .addPrimaryKeyConstraint('org_function_openings_pk', ['org_id', 'func_code'])
    .execute();

  await db.schema
    .createTable('invitations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('code_hash', 'text', (c) => c.notNull().unique())
    .addColumn('inviter_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('mobile', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('used_by', 'text', (c) => c.references('users.id'))
    .execute();
  await db.schema.createIndex('invitations_org').on('invitations').column('org_id').execute();
}
