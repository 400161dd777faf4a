import type { Kysely } from 'kysely';

/** Indexes for the purges of rate counters, sign-in failures, the sandbox SMS outbox and invitations. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.createIndex('rate_counters_window').on('rate_counters').column('window_start').execute();
  await db.schema
    .createIndex('login_attempts_first_failed')
    .on('login_attempts')
    .column('first_failed_at')
    .execute();
  await db.schema.createIndex('sms_outbox_created').on('sms_outbox').column('created_at').execute();
  await db.schema.createIndex('invitations_expiry').on('invitations').column('expires_at').execute();
}
