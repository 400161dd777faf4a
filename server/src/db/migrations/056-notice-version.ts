import type { Kysely } from 'kysely';

/**
 * Each row of the notices' counts gains a version, moved by every write that moves the row (the notice
 * module's counts written before commit): a member's notices page at one sum of the versions of their
 * organisation's rows and their own is one page, so an answer kept for that sum is served only while it is
 * current.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .alterTable('plat_message_counts')
    .addColumn('version', 'integer', (column) => column.notNull().defaultTo(0))
    .execute();
}
