import crypto from 'node:crypto';
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

/** Creates an empty schema with a random name on the server at `serverUrl`; dropTestSchemas removes it. */
export async function createTestSchema(serverUrl: string): Promise<PostgresTestSchema> {
  const name = `test_${crypto.randomBytes(6).toString('hex')}`;
  await withClient(serverUrl, (client) => client.query(`CREATE SCHEMA ${name}`));
  created.set(serverUrl, [...(created.get(serverUrl) ?? []), name]);
  return { name, url: withSearchPath(serverUrl, name) };
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
