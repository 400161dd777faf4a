import type { Kysely } from 'kysely';

/**
 * The bills an organisation accepted, newest first, as the drawer's are (bill_packages_drawer): the
 * guarantee candidates read them until they have enough, where they read every bill.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('bill_packages_acceptor')
    .on('bill_packages')
    .columns(['acceptor_org_id', 'created_at'])
    .execute();
}
