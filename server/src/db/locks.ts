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
