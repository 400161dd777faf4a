import {
  CompiledQuery,
  PostgresAdapter,
  PostgresDriver,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type DatabaseConnection,
  type DatabaseIntrospector,
  type Dialect,
  type DialectAdapter,
  type Driver,
  type Kysely,
  type PostgresDialectConfig,
  type QueryCompiler,
  type QueryResult,
} from 'kysely';
import type postgres from 'postgres';
import { transactionCommitted, transactionCommitting, transactionRolledBack } from './after-commit';
import { isPreparedSql } from './prepared-query';

/**
 * Kysely over postgres.js, the one place the server talks to PostgreSQL (the LISTEN of realtime-postgres.ts
 * aside). Why not pg with Kysely's PostgresDialect: pg asks the server to describe a named statement's rows on
 * every call and parses the description again; postgres.js keeps the description with the statement and
 * sends only bind and execute. PostgreSQL spent twice the CPU on a one-row read through pg (58 against
 * 27 µs). Why not the kysely-postgres-js dialect: it reserves a connection for every query, which costs
 * more than it saves, and sends every query unprepared.
 *
 * The rules this driver keeps, each held by the suite's PostgreSQL pass:
 * - A query outside a transaction goes to the shared pool, which sends it on an idle connection or behind
 *   another on a busy one; only a transaction reserves a connection, from BEGIN to its end, so its
 *   statements run in order on one session.
 * - Every statement is sent as a named one, which each connection parses once: postgres.js sends a statement
 *   with values unnamed in two round trips (it asks for the values' types first), and a transaction's
 *   statements each paid the second. But a statement of more than MOST_NAMED_PARAMETERS values (a bulk
 *   insert, a long list of ids) is sent unnamed: its SQL changes with its length, so named ones would pile
 *   up on the connection, and one more round trip is little beside its work. The prepared queries
 *   (db/prepared-query.ts, isPreparedSql) are named whatever their length.
 * - Each transaction's end is told to after-commit.ts.
 */
export type PostgresSql = postgres.Sql<Record<string, never>>;
type Session = postgres.ReservedSql<Record<string, never>>;

/** What a pool is doing now, for the metrics: its size, and the transactions holding or waiting for a connection. */
export interface PoolActivity {
  max: number;
  reserved: number;
  waiting: number;
}

/** The most values a statement is sent named with (see above); PostgreSQL allows 65,535. */
export const MOST_NAMED_PARAMETERS = 100;

export class PostgresJsConnection implements DatabaseConnection {
  /** The connection a transaction holds from its BEGIN; null outside a transaction (the shared pool). */
  session: Session | null = null;

  constructor(readonly sql: PostgresSql) {}

  async executeQuery<R>(query: CompiledQuery): Promise<QueryResult<R>> {
    const prepare = query.parameters.length <= MOST_NAMED_PARAMETERS || isPreparedSql(query.sql);
    const result = await (this.session ?? this.sql).unsafe(
      query.sql,
      query.parameters as postgres.ParameterOrJSON<never>[],
      { prepare },
    );
    const { command } = result;
    return {
      rows: result as unknown as R[],
      numAffectedRows:
        command === 'INSERT' || command === 'UPDATE' || command === 'DELETE' || command === 'MERGE'
          ? BigInt(result.count)
          : undefined,
    };
  }

  // eslint-disable-next-line require-yield -- no caller streams; Kysely's interface asks for it
  async *streamQuery<R>(): AsyncIterableIterator<QueryResult<R>> {
    throw new Error('streaming is not used with PostgreSQL');
  }
}

class PostgresJsDriver extends PostgresDriver {
  constructor(
    private readonly sql: PostgresSql,
    private readonly activity: PoolActivity,
  ) {
    // PostgresDriver for its savepoints, which run on the connection; its pg pool is never made (init).
    super({} as PostgresDialectConfig);
  }

  override async init(): Promise<void> {}

  override async acquireConnection(): Promise<DatabaseConnection> {
    return new PostgresJsConnection(this.sql);
  }

  override async beginTransaction(connection: DatabaseConnection): Promise<void> {
    const conn = connection as PostgresJsConnection;
    this.activity.waiting += 1;
    try {
      conn.session = await this.sql.reserve();
    } finally {
      this.activity.waiting -= 1;
    }
    this.activity.reserved += 1;
    await conn.executeQuery(CompiledQuery.raw('begin'));
  }

  override async commitTransaction(connection: DatabaseConnection): Promise<void> {
    await transactionCommitting(connection);
    await connection.executeQuery(CompiledQuery.raw('commit'));
    transactionCommitted(connection);
  }

  override async rollbackTransaction(connection: DatabaseConnection): Promise<void> {
    transactionRolledBack(connection);
    await connection.executeQuery(CompiledQuery.raw('rollback'));
  }

  override async releaseConnection(connection: DatabaseConnection): Promise<void> {
    const conn = connection as PostgresJsConnection;
    if (conn.session === null) return;
    conn.session.release();
    conn.session = null;
    this.activity.reserved -= 1;
  }

  override async destroy(): Promise<void> {
    await this.sql.end();
  }
}

export class PostgresJsDialect implements Dialect {
  constructor(
    private readonly sql: PostgresSql,
    private readonly activity: PoolActivity,
  ) {}

  createAdapter(): DialectAdapter {
    return new PostgresAdapter();
  }

  createDriver(): Driver {
    return new PostgresJsDriver(this.sql, this.activity);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema, as Kysely's own dialects
  createIntrospector(db: Kysely<any>): DatabaseIntrospector {
    return new PostgresIntrospector(db);
  }

  createQueryCompiler(): QueryCompiler {
    return new PostgresQueryCompiler();
  }
}
