import { PostgresAdapter, type Kysely } from 'kysely';

/** True when `db` talks to PostgreSQL (false: SQLite). For the few places where the two must differ. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema: migrations see Kysely<unknown>
export const isPostgres = (db: Kysely<any>): boolean => db.getExecutor().adapter instanceof PostgresAdapter;
