import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, type MigrationProvider } from 'kysely';
import { migrations } from './migrations/index';
import type { Database } from './schema';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** Folder of the embedded SQLite file; ignored when `databaseUrl` is set. */
  dataDir: string;
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite only: keep the database in memory (tests). */
  inMemory?: boolean;
}

export async function createDatabase(options: DatabaseOptions): Promise<Db> {
  if (options.databaseUrl) {
    const pg = await import('pg');
    // bigint columns hold epoch milliseconds, well inside Number's safe range.
    pg.default.types.setTypeParser(20, (v: string) => Number(v));
    return new Kysely<Database>({
      dialect: new PostgresDialect({
        pool: new pg.default.Pool({ connectionString: options.databaseUrl, max: 10 }),
      }),
    });
  }
  let file = ':memory:';
  if (!options.inMemory) {
    fs.mkdirSync(options.dataDir, { recursive: true });
    file = path.join(options.dataDir, 'chain-bill.sqlite');
  }
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) });
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/** Brings the schema up to date; a no-op when it already is. */
export async function migrate(db: Db): Promise<void> {
  const { error, results } = await new Migrator({ db, provider }).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration failed${failed ? `: ${failed.migrationName}` : ''}`, { cause: error });
  }
}
