import { sql, type Transaction } from 'kysely';
import { isPostgres } from './dialect';
import type { Database } from './schema';

/**
 * Within `trx`: waits until no other transaction holds the lock called `name`, and holds it until `trx` ends.
 * For a check-then-write that no unique index or conditional UPDATE can guard. PostgreSQL runs transactions
 * side by side (READ COMMITTED), so it takes an advisory lock; SQLite needs none, as every transaction of
 * the one connection runs alone.
 */
export async function lockWithinTransaction(trx: Transaction<Database>, name: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select pg_advisory_xact_lock(hashtextextended(${name}, 0))`.execute(trx);
}

/**
 * Within `trx`: takes the locks called `names` one after another in the order given, with one statement (a
 * round trip for all where lockWithinTransaction makes one each). Callers that may meet give the names in one
 * order (sorted), so two of them never wait on each other crosswise.
 */
export async function lockAllWithinTransaction(
  trx: Transaction<Database>,
  names: readonly string[],
): Promise<void> {
  if (!isPostgres(trx) || names.length === 0) return;
  if (names.length === 1) return lockWithinTransaction(trx, names[0]!);
  // unnest with ordinality: the locks are taken in the array's order (ordered by n, not left to the plan).
  await sql`select pg_advisory_xact_lock(hashtextextended(t.name, 0))
    from unnest(${[...names]}::text[]) with ordinality as t(name, n) order by t.n`.execute(trx);
}
