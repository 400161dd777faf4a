import type { RouteOptions } from 'fastify';
import { inject } from 'vitest';
import { startPostgresApp } from '../support/helpers';
import { describeRouteFuzz, fuzzTargets } from '../support/route-fuzz';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

const routes: RouteOptions[] = [];
const t = await startPostgresApp(serverUrl, {}, { onRoute: (route) => void routes.push(route) });
afterAll(async () => {
  await t.app.close();
});

// The route fuzzer of app/fuzz.test.ts on PostgreSQL, which refuses what SQLite stores: a NUL in text, a
// number past its column's type, a date that does not exist. Another seed sends other requests than the
// SQLite pass's.
describeRouteFuzz(t, fuzzTargets(routes), {
  title: 'PostgreSQL: every route under fuzzed input',
  seed: 1038,
  runsPerRoute: 25,
});
