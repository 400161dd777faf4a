import { sql, type Kysely } from 'kysely';

/**
 * At most one pledge is in force on a holding (signed by its pledgee, not released): a pledged range takes
 * no other act until it is released, and the database now holds that too. The lists that name a holding's
 * pledgee join the pledge in force by this index, one row a holding, where they asked two subqueries a row.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createIndex('bill_pledges_in_force')
    .on('bill_pledges')
    .column('holding_id')
    .unique()
    .where(sql.ref('pledged_at'), 'is not', null)
    .where(sql.ref('released_at'), 'is', null)
    .execute();
}
