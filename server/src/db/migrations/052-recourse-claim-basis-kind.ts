import type { Kysely } from 'kysely';

/**
 * A recourse notice keeps which basis its claim is reckoned on (docs/domain.md, the claim): the range's face
 * from maturity, or what the pursuer paid from the day it paid, so the claim says which without reading it
 * from the dates. Null on the notices sent before: read as face, as they were reckoned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('recourse_notices').addColumn('basis_kind', 'text').execute();
}
