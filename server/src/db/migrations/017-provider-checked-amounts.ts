import type { Kysely } from 'kysely';

/**
 * A real transfer provider (e签宝) keeps the amount it paid and compares the typed one itself; the platform
 * then never learns it. Such a verification records amount_fen 0 and provider_checks 1, and its check asks
 * the provider. The sandbox bank tells the amount, and the platform compares as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('bank_verifications')
    .addColumn('provider_checks', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}
