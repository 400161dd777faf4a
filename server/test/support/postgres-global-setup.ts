import { execFileSync } from 'node:child_process';
import type { TestProject } from 'vitest/node';
import { dropRunDatabases, newRunName, POSTGRES_RUN_ENV } from './postgres-runs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server the postgres-*.test.ts files create their schemas on. */
    postgresUrl: string;
  }
}

/**
 * The server tests include a PostgreSQL pass, which must not skip itself: scripts/ensure-postgres.mjs starts
 * (or installs) a local server unless TEST_DATABASE_URL names one, and when it cannot, the run fails here.
 */
export default function preparePostgres(project: TestProject): () => Promise<void> {
  let printed: string;
  try {
    printed = execFileSync(process.execPath, ['scripts/ensure-postgres.mjs'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    });
  } catch {
    throw new Error(
      'PostgreSQL could not be prepared for the server tests (see [ensure-postgres] above). ' +
        'Set TEST_DATABASE_URL to a server the tests may create schemas in, or install PostgreSQL.',
    );
  }
  const url = printed.trim().split('\n').pop();
  if (!url) throw new Error('scripts/ensure-postgres.mjs printed no URL');
  project.provide('postgresUrl', url);
  // The seeded template databases of this run and their copies (postgres-template.ts) carry its name, which the
  // test workers inherit; they go when the run ends, with those of runs stopped before their end a day ago.
  const run = newRunName();
  process.env[POSTGRES_RUN_ENV] = run;
  return () => dropRunDatabases(url, run, 24 * 60 * 60 * 1000);
}
