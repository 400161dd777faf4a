import fs from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  SqliteAdapter,
  SqliteDialect,
  SqliteDriver,
  sql,
  type DatabaseConnection,
  type DialectAdapter,
  type Driver,
  type MigrationProvider,
  type SqliteDialectConfig,
} from 'kysely';
import { transactionCommitted, transactionCommitting, transactionRolledBack } from './after-commit';
import { isPostgres } from './dialect';
import { migrations } from './migrations/index';
import type { Database } from './schema';
import { keepRowsWhileUnchanged } from './prepared-query';
import { PostgresJsDialect, type PoolActivity, type PostgresSql } from './postgres-driver';
import { withStatementCache } from './sqlite-statements';

export type Db = Kysely<Database>;

export interface DatabaseOptions {
  /** Folder of the embedded SQLite file; ignored when `databaseUrl` is set. */
  dataDir: string;
  /** PostgreSQL connection string; when set, PostgreSQL is used instead of SQLite. */
  databaseUrl?: string | undefined;
  /** SQLite only: keep the database in memory (tests). */
  inMemory?: boolean;
  /** PostgreSQL only: connections kept at most (config.ts, DATABASE_POOL_SIZE). */
  poolSize?: number;
}

/** PostgreSQL's type id of bigint (int8), which is also what count(*) returns. */
const INT8_OID = 20;

/**
 * int8 as a JS number: bigint columns hold epoch milliseconds and fen, counts are small, all well inside
 * Number's safe range. The drivers' default is a string, which would make `created_at + 1` a concatenation.
 */
function int8AsNumber(text: string): number {
  const value = Number(text);
  if (!Number.isSafeInteger(value)) throw new RangeError(`bigint ${text} is outside the safe integer range`);
  return value;
}

/** The connection pool of each PostgreSQL database, for the metrics. */
const pools = new WeakMap<Db, PoolActivity>();

/** The PostgreSQL pool's size and its transactions' connections (held, waited for); null on SQLite. */
export function poolStats(db: Db): PoolActivity | null {
  return pools.get(db) ?? null;
}

/**
 * Connections one node keeps to PostgreSQL unless DATABASE_POOL_SIZE says otherwise: postgres.js's own
 * default. Every node of a deployment opens up to its pool's size, so together they stay under PostgreSQL's
 * max_connections (100 unless configured).
 */
export const POSTGRES_POOL_SIZE = 10;

async function createPostgres(connectionString: string, poolSize: number): Promise<Db> {
  const { default: postgres } = await import('postgres');
  const sql = postgres(connectionString, {
    max: poolSize,
    // A notice (a migration's "already exists, skipping") is no news; postgres.js would print each.
    onnotice: () => {},
    // Kysely leaves a value it was given as undefined (an optional filter); SQL's null, as pg sent it.
    transform: { undefined: null },
    types: {
      int8: {
        to: INT8_OID,
        from: [INT8_OID],
        parse: int8AsNumber,
        serialize: (value: number) => String(value),
      },
    },
  }) as unknown as PostgresSql;
  const activity: PoolActivity = { max: poolSize, reserved: 0, waiting: 0 };
  const db = new Kysely<Database>({ dialect: new PostgresJsDialect(sql, activity) });
  pools.set(db, activity);
  return db;
}

/**
 * SQLite transactions that begin with the write lock (BEGIN IMMEDIATE). A deferred transaction that reads
 * and then writes fails at once with SQLITE_BUSY when another process wrote since its read, whatever the busy
 * timeout; an immediate one waits its turn instead. Within one process Kysely already runs transactions one
 * at a time, so this changes nothing there; it makes several server processes on one file safe.
 */
class ImmediateSqliteDriver extends SqliteDriver {
  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    await connection.executeQuery(CompiledQuery.raw('begin immediate'));
  }

  // after-commit.ts learns how each transaction ends.
  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await transactionCommitting(connection);
    await super.commitTransaction(connection);
    transactionCommitted(connection);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    transactionRolledBack(connection);
    await super.rollbackTransaction(connection);
  }
}

/**
 * SQLite runs DDL inside transactions, but Kysely's adapter says it does not, so its migrator ran every
 * statement on its own: 70 commits, each an fsync (synchronous = FULL), a quarter of a first start. Saying
 * so makes the migrator run the pending migrations in one transaction: one commit, and all or nothing.
 */
class TransactionalDdlSqliteAdapter extends SqliteAdapter {
  override get supportsTransactionalDdl(): boolean {
    return true;
  }
}

class ImmediateSqliteDialect extends SqliteDialect {
  constructor(private readonly settings: SqliteDialectConfig) {
    super(settings);
  }

  override createDriver(): Driver {
    return new ImmediateSqliteDriver(this.settings);
  }

  override createAdapter(): DialectAdapter {
    return new TransactionalDdlSqliteAdapter();
  }
}

function createSqlite(options: DatabaseOptions): Db {
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
  const database = withStatementCache(sqlite);
  const db = new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database }) });
  keepRowsWhileUnchanged(db, database.changes);
  return db;
}

export async function createDatabase(options: DatabaseOptions): Promise<Db> {
  return options.databaseUrl
    ? createPostgres(options.databaseUrl, options.poolSize ?? POSTGRES_POOL_SIZE)
    : createSqlite(options);
}

const provider: MigrationProvider = { getMigrations: async () => migrations };

/**
 * PostgreSQL: the schema the tables are created in (the first of search_path). Kysely's migrator otherwise
 * takes a migration table in any schema of the database for its own, and skips creating it here.
 */
async function migrationTableSchema(db: Db): Promise<string | undefined> {
  if (!isPostgres(db)) return undefined;
  const { rows } = await sql<{ schema: string | null }>`select current_schema() as schema`.execute(db);
  const schema = rows[0]?.schema;
  if (!schema) throw new Error('PostgreSQL search_path names no existing schema to create the tables in');
  return schema;
}

/** The migrations this server has that the database has not run (readiness: none may be left). */
export async function pendingMigrations(db: Db): Promise<string[]> {
  const migrator = new Migrator({ db, provider, migrationTableSchema: await migrationTableSchema(db) });
  return (await migrator.getMigrations()).filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/** Brings the schema up to date; a no-op when it already is. */
export async function migrate(db: Db): Promise<void> {
  const migrator = new Migrator({ db, provider, migrationTableSchema: await migrationTableSchema(db) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    throw new Error(`migration failed${failed ? `: ${failed.migrationName}` : ''}`, { cause: error });
  }
}
