import type { Kysely } from 'kysely';

/**
 * A pledge financing's bills by package: on PostgreSQL every command entering a package asks which open
 * financings one of its bills backs, to hold their packages with it (docs/domain.md, the order of locks);
 * without it that read went through every financing's bills.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('pledge_fin_bills_package')
    .on('pledge_fin_bills')
    .column('package_id')
    .execute();
}
