import type { Kysely } from 'kysely';

/** Secondary verification: challenges, SMS codes, QR sessions and the sandbox SMS outbox. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('verification_challenges')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('subject_key', 'text', (c) => c.notNull())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('user_id', 'text', (c) => c.references('users.id'))
    .addColumn('org_id', 'text', (c) => c.references('organizations.id'))
    .addColumn('operation_hash', 'text', (c) => c.notNull())
    .addColumn('operation_name', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('consumed_at', 'bigint')
    .addColumn('invalidated_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('verification_challenges_subject')
    .on('verification_challenges')
    .columns(['subject_key', 'kind', 'operation_hash'])
    .execute();
  await db.schema
    .createIndex('verification_challenges_mobile')
    .on('verification_challenges')
    .columns(['mobile', 'kind', 'created_at'])
    .execute();
  await db.schema
    .createIndex('verification_challenges_expiry')
    .on('verification_challenges')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('sms_codes')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('challenge_id', 'text', (c) =>
      c.notNull().references('verification_challenges.id').onDelete('cascade'),
    )
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('code_hmac', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .addColumn('invalidated_at', 'bigint')
    .addColumn('superseded_at', 'bigint')
    .execute();
  await db.schema.createIndex('sms_codes_mobile').on('sms_codes').columns(['mobile', 'created_at']).execute();
  await db.schema.createIndex('sms_codes_challenge').on('sms_codes').column('challenge_id').execute();

  await db.schema
    .createTable('qr_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('challenge_id', 'text', (c) =>
      c.notNull().references('verification_challenges.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('decided_at', 'bigint')
    .addColumn('consumed_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('qr_sessions_status')
    .on('qr_sessions')
    .columns(['status', 'expires_at'])
    .execute();
  await db.schema.createIndex('qr_sessions_challenge').on('qr_sessions').column('challenge_id').execute();

  await db.schema
    .createTable('sms_outbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mobile', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('business_code', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema
    .createIndex('sms_outbox_mobile')
    .on('sms_outbox')
    .columns(['mobile', 'created_at'])
    .execute();
}
