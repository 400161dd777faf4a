import type { Kysely } from 'kysely';

/**
 * A passed puzzle is spent only by the client address that solved it: one solved by a human elsewhere (a
 * captcha farm) cannot be relayed to the address that signs in. Verifications issued before have no
 * address and are no longer accepted; they live three minutes.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('captcha_verifications').addColumn('client_ip', 'text').execute();
}
