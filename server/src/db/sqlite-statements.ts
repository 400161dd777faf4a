import type SQLite from 'better-sqlite3';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

/**
 * Distinct SQL texts kept prepared. The server's queries come from a fixed set of builders (a few hundred
 * texts at most, batch inserts of varying size among them); the least recently used is dropped beyond this.
 */
export const STATEMENT_CACHE_SIZE = 500;

/**
 * Tells whether the database may have changed between two moments: a statement that writes through this
 * connection, or a commit by any other connection (another server process on the same file, a maintenance
 * tool), which SQLite counts in `PRAGMA data_version`. db/prepared-query.ts keeps the rows of a hot read
 * for as long as the mark stays the same.
 */
export class ChangeMarks {
  private writes = 0;
  private readonly dataVersion: SQLite.Statement;
  /** `PRAGMA data_version` as read in this turn of the event loop; null when not read yet. */
  private version: string | null = null;
  private readonly forgetVersion = () => {
    this.version = null;
  };

  constructor(private readonly sqlite: SQLite.Database) {
    this.dataVersion = sqlite.prepare('PRAGMA data_version').pluck();
  }

  /** A statement that may write is about to run through this connection. */
  writing(): void {
    this.writes++;
  }

  /**
   * Equal to a later mark only if nothing changed the database in between. Null while a transaction is
   * open: what a read sees then may be uncommitted, and must not outlive the transaction.
   *
   * This connection's writes count at once. Other connections' commits are read from `PRAGMA data_version`
   * once per turn of the event loop rather than for every hot read. A commit elsewhere is then seen from the next turn on, which is no later than a request sent after
   * it is read; reads of one request were never one snapshot (each runs on its own).
   */
  mark(): string | null {
    if (this.sqlite.inTransaction) return null;
    if (this.version === null) {
      this.version = String(this.dataVersion.get());
      setImmediate(this.forgetVersion);
    }
    return `${this.writes}:${this.version}`;
  }
}

export interface CachedSqliteDatabase extends SqliteDatabase {
  readonly changes: ChangeMarks;
}

/**
 * The SQLite database as Kysely's dialect sees it, with each SQL text prepared once and reused: Kysely's
 * driver prepares every query anew. A statement still being iterated (a streamed select) is busy, so the same text gets a fresh one.
 * SQLite re-prepares a cached statement by itself after a schema change (migrations). Kysely prepares a
 * statement right before it runs it, so every statement that may write (anything but a read-only one; a
 * transaction's BEGIN and COMMIT write nothing themselves) counts as a change here.
 */
export function withStatementCache(
  sqlite: SQLite.Database,
  size = STATEMENT_CACHE_SIZE,
): CachedSqliteDatabase {
  const cache = new Map<string, SQLite.Statement>();
  const changes = new ChangeMarks(sqlite);
  const counted = (statement: SQLite.Statement): SQLite.Statement => {
    if (!statement.readonly) changes.writing();
    return statement;
  };
  return {
    changes,
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
        return counted(cached);
      }
      const statement = sqlite.prepare(sql);
      if (!cached) {
        cache.set(sql, statement);
        if (cache.size > size) cache.delete(cache.keys().next().value as string);
      }
      return counted(statement);
    },
  };
}
