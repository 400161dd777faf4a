import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Distinct SQL texts kept prepared. The server's queries come from a fixed set of builders (a few hundred
 * texts at most, batch inserts of varying size among them); the least recently used is dropped beyond this.
 */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * The SQLite database as Kysely's dialect sees it, with each SQL text prepared once and reused: Kysely's
 * driver prepares every query anew, which took 11% of the CPU of an authenticated GET /api/user under
 * load. A statement still being iterated (a streamed select) is busy, so the same text gets a fresh one.
 * SQLite re-prepares a cached statement by itself after a schema change (migrations).
 */
export function withStatementCache(sqlite: SQLite.Database, size = STATEMENT_CACHE_SIZE): SqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  return {
    close: () => {
      cache.clear();
      sqlite.close();
    },
    prepare: (sql: string): SqliteStatement => {
      const cached = cache.get(sql);
      if (cached && !cached.busy) {
        // Map order is the recency order: move the hit to the end.
        cache.delete(sql);
        cache.set(sql, cached);
        return cached;
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return statement;
    },
  };
}
