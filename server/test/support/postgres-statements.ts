import type { CompiledQuery, QueryResult } from 'kysely';
import { PostgresJsConnection } from '../../src/db/postgres-driver';

/**
 * The SQL of every statement the server sends on PostgreSQL while `run` runs: each goes through a
 * connection of its driver.
 */
export async function statementsOf(run: () => Promise<void>): Promise<string[]> {
  const sent: string[] = [];
  const execute = PostgresJsConnection.prototype.executeQuery;
  PostgresJsConnection.prototype.executeQuery = function <R>(
    this: PostgresJsConnection,
    query: CompiledQuery,
  ) {
    sent.push(query.sql);
    return execute.call(this, query) as Promise<QueryResult<R>>;
  };
  try {
    await run();
  } finally {
    PostgresJsConnection.prototype.executeQuery = execute;
  }
  return sent;
}
