import crypto from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { createDatabase, type Db } from '../../src/db/database';

/** A schema of its own on a test PostgreSQL server, and the URL that makes it the only one in search_path. */
export interface PostgresTestSchema {
  name: string;
  /** The server URL with `search_path` set to this schema: every table the app creates lands in it. */
  url: string;
}

/** Schemas created by this test file and not dropped yet, by server URL. */
const created = new Map<string, string[]>();

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

/** `url` with `options=-c search_path=<schema>` (any search_path it named is replaced). */
export function withSearchPath(url: string, schema: string): string {
  const parsed = new URL(url);
  const others = (parsed.searchParams.get('options') ?? '').replace(/-c\s*search_path=\S+/g, '').trim();
  parsed.searchParams.set('options', `${others} -c search_path=${schema}`.trim());
  return parsed.toString();
}

/** The database of this test worker on the server at `serverUrl`, by server URL (created once per worker). */
const workerDatabases = new Map<string, Promise<string>>();

/**
 * `serverUrl` with the database of this test worker, created when missing: Kysely's introspection (the
 * migrator's own included) reads the catalogue of every schema in its database, and a schema another worker
 * drops meanwhile fails it. Without the right to create databases (a TEST_DATABASE_URL given from outside),
 * the workers share `serverUrl`'s database, and the run should keep to one worker.
 */
function workerDatabaseUrl(serverUrl: string): Promise<string> {
  const worker = process.env.VITEST_POOL_ID;
  if (!worker) return Promise.resolve(serverUrl);
  let url = workerDatabases.get(serverUrl);
  if (!url) {
    url = (async () => {
      const parsed = new URL(serverUrl);
      const name = `${decodeURIComponent(parsed.pathname.slice(1))}_w${Number(worker)}`;
      try {
        await withClient(serverUrl, (client) => client.query(`CREATE DATABASE "${name}"`));
      } catch (error) {
        const code = (error as { code?: string }).code;
        // 42P04: it exists (an earlier file of this worker made it); 42501: not allowed to.
        if (code === '42501') return serverUrl;
        if (code !== '42P04') throw error;
      }
      parsed.pathname = `/${encodeURIComponent(name)}`;
      return parsed.toString();
    })();
    workerDatabases.set(serverUrl, url);
  }
  return url;
}

/** Creates an empty schema with a random name on the server at `serverUrl`; dropTestSchemas removes it. */
export async function createTestSchema(serverUrl: string): Promise<PostgresTestSchema> {
  return createSchemaIn(await workerDatabaseUrl(serverUrl));
}

/** Creates an empty schema with a random name in the database at `databaseUrl`; dropTestSchemas removes it. */
export async function createSchemaIn(databaseUrl: string): Promise<PostgresTestSchema> {
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(databaseUrl, (client) => client.query(`CREATE SCHEMA ${name}`));
  created.set(databaseUrl, [...(created.get(databaseUrl) ?? []), name]);
  return { name, url: withSearchPath(databaseUrl, name) };
}

/** Drops every schema createTestSchema made in this process, with everything in it. */
export async function dropTestSchemas(): Promise<void> {
  const pending = [...created];
  created.clear();
  for (const [serverUrl, names] of pending) {
    await withClient(serverUrl, async (client) => {
      for (const name of names) await client.query(`DROP SCHEMA IF EXISTS ${name} CASCADE`);
    });
  }
}

/** A database on a fresh schema of the test PostgreSQL server, not migrated. */
export async function freshPostgresDb(serverUrl: string): Promise<{ db: Db; url: string }> {
  const { url } = await createTestSchema(serverUrl);
  return { db: await createDatabase({ dataDir: '', databaseUrl: url }), url };
}

/** How many sessions of `db`'s database wait for an advisory lock (a package's, a financing's, a test's own). */
export async function waitingForAdvisoryLocks(db: Db): Promise<number> {
  const rows = await sql<{ n: string }>`
    select count(*) as n from pg_stat_activity
    where datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`.execute(db);
  return Number(rows.rows[0]!.n);
}
