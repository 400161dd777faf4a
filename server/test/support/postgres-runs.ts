import crypto from 'node:crypto';
import pg from 'pg';

/**
 * The databases a test run makes on the PostgreSQL server (postgres-template.ts), named after the run: the
 * global setup names the run and drops them at its end, and any left by a run stopped long ago.
 */

/** The environment variable naming this run's databases (postgres-global-setup.ts sets it). */
export const POSTGRES_RUN_ENV = 'CHAIN_BILL_POSTGRES_RUN';

/**
 * `serverUrl`'s database name, the start of every database name the runs make on that server: cut short, as
 * PostgreSQL cuts a name longer than 63 bytes, and one cut there would no longer be found by its full name.
 */
function baseName(serverUrl: string): string {
  return (decodeURIComponent(new URL(serverUrl).pathname.slice(1)) || 'postgres').slice(0, 20);
}

/** The start of the names of the databases of the run `run` on the server at `serverUrl`. */
export function runDatabasePrefix(serverUrl: string, run: string): string {
  return `${baseName(serverUrl)}_r${run}_`;
}

/** A run's name: when it started (seconds, base 36, so an old run's leftovers can be told) and a random part. */
export function newRunName(): string {
  return `${Math.floor(Date.now() / 1000).toString(36)}${crypto.randomBytes(3).toString('hex')}`;
}

/** When the run named `run` started (epoch ms), or null for a name not made by newRunName. */
export function runStartedAt(run: string): number | null {
  const match = /^([0-9a-z]+)[0-9a-f]{6}$/.exec(run);
  if (!match) return null;
  const seconds = parseInt(match[1]!, 36);
  return Number.isSafeInteger(seconds) ? seconds * 1000 : null;
}

export const databaseUrl = (serverUrl: string, name: string): string => {
  const parsed = new URL(serverUrl);
  parsed.pathname = `/${encodeURIComponent(name)}`;
  return parsed.toString();
};

export async function withServerClient<T>(
  serverUrl: string,
  use: (client: pg.Client) => Promise<T>,
): Promise<T> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

export const quoted = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Drops every database of the run `run` on the server at `serverUrl`, and those left by runs that started more
 * than `staleAfterMs` ago (a run stopped before its end): not another run still going.
 */
export async function dropRunDatabases(serverUrl: string, run: string, staleAfterMs: number): Promise<void> {
  const base = baseName(serverUrl);
  const names = await withServerClient(serverUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      `select datname from pg_database where starts_with(datname, $1)`,
      [`${base}_r`],
    );
    return rows
      .map((row) => row.datname)
      .filter((name) => {
        const other = name.slice(base.length + 2).split('_')[0]!;
        if (other === run) return true;
        const started = runStartedAt(other);
        return started !== null && Date.now() - started > staleAfterMs;
      });
  });
  // In parallel: each DROP DATABASE waits for a checkpoint, and PostgreSQL serves waiting ones with one.
  const lanes = 4;
  const queue = [...names];
  await Promise.all(
    Array.from({ length: lanes }, () =>
      withServerClient(serverUrl, async (client) => {
        for (let name = queue.shift(); name; name = queue.shift())
          await client.query(`drop database if exists ${quoted(name)} with (force)`);
      }),
    ),
  );
}
