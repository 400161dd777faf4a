import type { Kysely } from 'kysely';

/** Answers of committed commands by the client's Idempotency-Key, so a retried request is not run twice. */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('idempotent_requests')
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('idempotency_key', 'text', (c) => c.notNull())
    .addColumn('request_hash', 'text', (c) => c.notNull())
    .addColumn('status_code', 'integer', (c) => c.notNull())
    .addColumn('response_body', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('idempotent_requests_pk', ['user_id', 'idempotency_key'])
    .execute();
  await db.schema
    .createIndex('idempotent_requests_created')
    .on('idempotent_requests')
    .column('created_at')
    .execute();
}
