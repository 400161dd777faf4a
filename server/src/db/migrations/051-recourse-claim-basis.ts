import type { Kysely } from 'kysely';

/**
 * A recourse notice keeps what its claim is reckoned on when it is sent (docs/domain.md, the claim): which
 * basis, the amount interest runs on and the day it runs from. A first recourse claims the face from maturity;
 * a further recourse what the pursuer paid, from the day it paid. Null on the notices sent before: face and
 * maturity, as they were reckoned.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('recourse_notices').addColumn('basis_kind', 'text').execute();
  await db.schema.alterTable('recourse_notices').addColumn('basis_fen', 'bigint').execute();
  await db.schema.alterTable('recourse_notices').addColumn('basis_from', 'text').execute();
}
