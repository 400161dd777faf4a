import type { Kysely } from 'kysely';

/** Indexes for the housekeeping purges: each finds its expired rows by range scan, not by reading the table. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('access_tokens_expiry').on('access_tokens').column('expires_at').execute();
  await db.schema.createIndex('oauth_sessions_expiry').on('oauth_sessions').column('expires_at').execute();
  await db.schema.createIndex('oauth_sessions_revoked').on('oauth_sessions').column('revoked_at').execute();
  await db.schema.createIndex('cr_tokens_expiry').on('cr_tokens').column('expires_at').execute();
  await db.schema
    .createIndex('captcha_verifications_expiry')
    .on('captcha_verifications')
    .column('expires_at')
    .execute();
  await db.schema.createIndex('export_tasks_created').on('export_tasks').column('created_at').execute();
}
