import crypto from 'node:crypto';
import { buildApp } from '../../src/app';
import type { AppConfig } from '../../src/config';
import { createDatabase, migrate } from '../../src/db/database';
import { databaseUrl, POSTGRES_RUN_ENV, quoted, runDatabasePrefix, withServerClient } from './postgres-runs';
import { createTestSchema } from './postgres-test-db';

/**
 * Seeded PostgreSQL databases made once per test run and copied: an app started on an empty database migrates
 * it and seeds the demo through the modules' commands, several seconds on PostgreSQL. The first app of a
 * configuration (and start time: the seed dates its rows) in the run is built on a template database of its
 * own and closed; every app of that configuration then starts on `CREATE DATABASE … TEMPLATE` of it, a copy of
 * the files PostgreSQL makes without running a statement of the migrations or the seed, finds every migration
 * run and the demo there, and skips both. The test workers share the templates (an advisory lock keeps two from
 * building one); the run's global setup (postgres-global-setup.ts) names the run and drops what it made when it
 * ends. TEST_POSTGRES_TEMPLATE=off builds every app on an empty schema instead, as does a server on which the
 * tests may not create databases.
 */

/** Whether this run copies templates: a run name given by the global setup, and not switched off. */
function templatesOn(): string | null {
  if (process.env.TEST_POSTGRES_TEMPLATE === 'off') return null;
  return process.env[POSTGRES_RUN_ENV] || null;
}

/** Template names known built in this process, by key. */
const templates = new Map<string, Promise<string | null>>();
let copies = 0;

/**
 * The template of `key` on the server at `serverUrl`: built with `build` on a database of its own when no
 * worker has built it yet. null when the tests may not create databases there.
 */
function templateOf(
  serverUrl: string,
  run: string,
  key: string,
  build: (url: string) => Promise<void>,
): Promise<string | null> {
  const hash = crypto.createHash('sha256').update(key).digest('hex').slice(0, 16);
  const name = `${runDatabasePrefix(serverUrl, run)}t${hash}`;
  let known = templates.get(name);
  if (!known) {
    known = withServerClient(serverUrl, async (client) => {
      const lock = crypto.createHash('sha256').update(name).digest().readBigInt64BE();
      await client.query('select pg_advisory_lock($1)', [lock.toString()]);
      try {
        const exists = await client.query('select 1 from pg_database where datname = $1', [name]);
        if (exists.rowCount) return name;
        // Built under another name and renamed once closed: a copy never starts from half a template.
        const partial = `${name}_partial`;
        await client.query(`drop database if exists ${quoted(partial)} with (force)`);
        try {
          await client.query(`create database ${quoted(partial)}`);
        } catch (error) {
          if ((error as { code?: string }).code === '42501') return null;
          throw error;
        }
        await build(databaseUrl(serverUrl, partial));
        await client.query(`alter database ${quoted(partial)} rename to ${quoted(name)}`);
        // Nobody connects to a template: PostgreSQL copies only a database nobody else is connected to.
        await client.query(`alter database ${quoted(name)} allow_connections false`);
        return name;
      } finally {
        await client.query('select pg_advisory_unlock($1)', [lock.toString()]);
      }
    });
    templates.set(name, known);
    known.catch(() => templates.delete(name));
  }
  return known;
}

/** A new database copied from the template `template`; answers its URL. */
async function copyOf(serverUrl: string, run: string, template: string): Promise<string> {
  const name = `${runDatabasePrefix(serverUrl, run)}a${process.env.VITEST_POOL_ID ?? 0}_${process.pid}_${++copies}`;
  await withServerClient(serverUrl, (client) =>
    client.query(`create database ${quoted(name)} template ${quoted(template)}`),
  );
  return databaseUrl(serverUrl, name);
}

/**
 * What an app with `config` finds in its database at `now`: all of the configuration may matter to it but where
 * the database is and how much the app logs.
 */
const seededKey = (config: AppConfig, now: number) =>
  JSON.stringify({ seeded: { ...config, databaseUrl: undefined, logLevel: undefined }, now });

/**
 * The URL of a new database on the server at `serverUrl` holding what an app with `config` started at `now`
 * leaves in an empty one (migrated, and seeded when the configuration seeds): a copy of this run's template
 * of them. null when templates are off or the tests may not create databases on that server.
 */
export async function seededPostgresCopy(
  serverUrl: string,
  config: AppConfig,
  now: number,
): Promise<string | null> {
  const run = templatesOn();
  if (!run) return null;
  const template = await templateOf(serverUrl, run, seededKey(config, now), async (url) => {
    const app = await buildApp({ ...config, databaseUrl: url }, { now: () => now });
    await app.close();
  });
  return template ? copyOf(serverUrl, run, template) : null;
}

/**
 * The URL of a new database on the server at `serverUrl` with every migration run and nothing else (what a
 * server process seeds with its own clock starts there): a copy of this run's migrated template. null as above.
 */
export async function migratedPostgresCopy(serverUrl: string): Promise<string | null> {
  const run = templatesOn();
  if (!run) return null;
  const template = await templateOf(serverUrl, run, JSON.stringify({ migrated: true }), async (url) => {
    const db = await createDatabase({ dataDir: '', databaseUrl: url });
    try {
      await migrate(db);
    } finally {
      await db.destroy();
    }
  });
  return template ? copyOf(serverUrl, run, template) : null;
}

/**
 * The URL of a database for an app with `config` started at `now` on the server at `serverUrl`: a seeded copy
 * (seededPostgresCopy), or when there is none an empty schema of its own that the app migrates and seeds.
 */
export async function seededPostgresDatabase(
  serverUrl: string,
  config: AppConfig,
  now: number,
): Promise<string> {
  return (await seededPostgresCopy(serverUrl, config, now)) ?? (await createTestSchema(serverUrl)).url;
}

/** Like seededPostgresDatabase, migrated only (migratedPostgresCopy). */
export async function migratedPostgresDatabase(serverUrl: string): Promise<string> {
  return (await migratedPostgresCopy(serverUrl)) ?? (await createTestSchema(serverUrl)).url;
}
