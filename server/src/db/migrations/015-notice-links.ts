import type { Kysely } from 'kysely';

/**
 * A notice may lead somewhere: `link` is a path of the web app (a hash route, e.g. the 待签收 workbench on one
 * bill) that the notice's 去处理 opens. Null for notices that only inform.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('plat_messages').addColumn('link', 'text').execute();
}
