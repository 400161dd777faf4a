import { sql, type Kysely } from 'kysely';

/**
 * The organisation's contact details and legal person, members' roles, users' real-name checks, the partner
 * platform's spent token nonces, and the organisations' signed service agreements.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  // One column per statement: SQLite adds one at a time.
  for (const column of [
    'legal_person',
    'contact_name',
    'contact_mobile',
    'contact_email',
    'contact_address',
  ]) {
    await db.schema
      .alterTable('organizations')
      .addColumn(column, 'text', (c) => c.notNull().defaultTo(''))
      .execute();
  }

  // A member's roles; membership_permissions holds the union of their permission sets.
  await db.schema
    .createTable('membership_roles')
    .addColumn('membership_id', 'text', (c) => c.notNull().references('memberships.id').onDelete('cascade'))
    .addColumn('role_code', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('membership_roles_pk', ['membership_id', 'role_code'])
    .execute();

  // The number itself is never stored: its HMAC (one number, one user) and a masked form to show.
  await db.schema
    .createTable('user_identities')
    .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
    .addColumn('real_name', 'text', (c) => c.notNull())
    .addColumn('id_number_hmac', 'text', (c) => c.notNull().unique())
    .addColumn('id_number_masked', 'text', (c) => c.notNull())
    .addColumn('verified_at', 'bigint', (c) => c.notNull())
    .execute();

  // A partner token's nonce is spent once; rows older than the token window may be purged.
  await db.schema
    .createTable('partner_token_nonces')
    .addColumn('nonce', 'text', (c) => c.primaryKey())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('org_agreements')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('org_id', 'text', (c) => c.notNull().references('organizations.id'))
    .addColumn('agreement_code', 'text', (c) => c.notNull())
    .addColumn('version', 'text', (c) => c.notNull())
    .addColumn('channel_id', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('signed_by', 'text', (c) => c.notNull().references('users.id'))
    .addColumn('signed_at', 'bigint', (c) => c.notNull())
    .addColumn('released_by', 'text', (c) => c.references('users.id'))
    .addColumn('released_at', 'bigint')
    .execute();
  // One signed agreement of a kind per organisation, whatever two requests do at once.
  await db.schema
    .createIndex('org_agreements_one_signed')
    .on('org_agreements')
    .columns(['org_id', 'agreement_code'])
    .unique()
    .where(sql.ref('status'), '=', 'SIGNED')
    .execute();
  await db.schema
    .createIndex('org_agreements_org')
    .on('org_agreements')
    .columns(['org_id', 'signed_at'])
    .execute();
}
