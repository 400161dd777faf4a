import { sql, type Kysely } from 'kysely';

/**
 * The company centre's applications to join (apply records) and e-licence QR authentication: the records,
 * the licence QR sessions, and when the organisation's licence was last authenticated and by whom.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('apply_records')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('applicant_user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('remark', 'text', (c) => c.notNull())
    .addColumn('refuse_reason', 'text')
    // JSON array of the roles given on authorisation.
    .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('auth_letter_type', 'text')
    .addColumn('auth_letter_size', 'bigint')
    .addColumn('decided_by', 'text', (c) => c.references('users.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  // The organisation's list, newest first, optionally by status.
  await db.schema
    .createIndex('apply_records_org_created')
    .on('apply_records')
    .columns(['org_id', 'created_at'])
    .execute();
  await db.schema
    .createIndex('apply_records_applicant')
    .on('apply_records')
    .columns(['applicant_user_id', 'created_at'])
    .execute();
  // One waiting application per applicant and organisation, whatever two requests do at once.
  await db.schema
    .createIndex('apply_records_one_pending')
    .on('apply_records')
    .columns(['org_id', 'applicant_user_id'])
    .unique()
    .where(sql.ref('status'), '=', 'PENDING')
    .execute();

  await db.schema
    .createTable('licence_qr_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('apply_record_id', 'text', (c) => c.references('apply_records.id'))
    .addColumn('biz_type', 'text')
    .addColumn('roles', 'text')
    // pending | confirmed | refused | expired | void (confirmed, but the apply record had been decided)
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('licence_qr_sessions_pending')
    .on('licence_qr_sessions')
    .columns(['status', 'expires_at'])
    .execute();
  await db.schema
    .createIndex('licence_qr_sessions_org_kind')
    .on('licence_qr_sessions')
    .columns(['org_id', 'kind', 'status'])
    .execute();

  await db.schema.alterTable('organizations').addColumn('licence_auth_at', 'bigint').execute();
  await db.schema
    .alterTable('organizations')
    .addColumn('licence_operator_id', 'text', (c) => c.references('users.id'))
    .execute();
}
