import type { Kysely } from 'kysely';

/**
 * An administrator's 添加成员 is an invitation the person accepts, carrying the roles chosen for them:
 * a JSON list of role codes, granted on acceptance. Null: the roles every invited member gets.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('invitations').addColumn('roles', 'text').execute();
}
