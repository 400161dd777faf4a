import type { Kysely } from 'kysely';

export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('organizations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('credit_code', 'text', (c) => c.notNull().unique())
    .addColumn('authorized', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('bound', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('mobile', 'text', (c) => c.notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('password_hash', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
    .addColumn('last_org_id', 'text', (c) => c.references('organizations.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('password_changed_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('memberships')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('owner', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addUniqueConstraint('memberships_user_org', ['user_id', 'org_id'])
    .execute();
  await db.schema.createIndex('memberships_org').on('memberships').column('org_id').execute();

  await db.schema
    .createTable('permissions')
    .addColumn('path', 'text', (c) => c.primaryKey())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('sort', 'integer', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('membership_permissions')
    .addColumn('membership_id', 'text', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('permission_path', 'text', (c) => c.notNull().references('permissions.path'))
    .addPrimaryKeyConstraint('membership_permissions_pk', ['membership_id', 'permission_path'])
    .execute();

  await db.schema
    .createTable('oauth_sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('org_id', 'text', (c) => c.references('organizations.id'))
    .addColumn('client_id', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('revoked_at', 'bigint')
    .addColumn('revoked_reason', 'text')
    .execute();
  await db.schema.createIndex('oauth_sessions_user').on('oauth_sessions').column('user_id').execute();

  await db.schema
    .createTable('refresh_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('oauth_sessions.id').onDelete('cascade'))
    .addColumn('parent_hash', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();
  await db.schema.createIndex('refresh_tokens_session').on('refresh_tokens').column('session_id').execute();

  await db.schema
    .createTable('access_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('session_id', 'text', (c) => c.notNull().references('oauth_sessions.id').onDelete('cascade'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('access_tokens_session').on('access_tokens').column('session_id').execute();

  await db.schema
    .createTable('cr_tokens')
    .addColumn('token_hash', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('org_id', 'text', (c) => c.references('organizations.id'))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('login_attempts')
    .addColumn('mobile', 'text', (c) => c.primaryKey())
    .addColumn('failed_count', 'integer', (c) => c.notNull())
    .addColumn('first_failed_at', 'bigint', (c) => c.notNull())
    .addColumn('locked_until', 'bigint')
    .execute();

  await db.schema
    .createTable('captcha_challenges')
    .addColumn('token', 'text', (c) => c.primaryKey())
    .addColumn('secret_key', 'text', (c) => c.notNull())
    .addColumn('answer_x', 'integer', (c) => c.notNull())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('client_uid', 'text')
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('checked_at', 'bigint')
    .execute();
  await db.schema
    .createIndex('captcha_challenges_expiry')
    .on('captcha_challenges')
    .column('expires_at')
    .execute();

  await db.schema
    .createTable('captcha_verifications')
    .addColumn('hash', 'text', (c) => c.primaryKey())
    .addColumn('scene', 'text', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('used_at', 'bigint')
    .execute();

  await db.schema
    .createTable('rate_counters')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('window_start', 'bigint', (c) => c.notNull())
    .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
