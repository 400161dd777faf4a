import { inject } from 'vitest';
import { startPostgresApp, type TestApp } from '../support/helpers';
import { sql } from 'kysely';
import { POSTGRES_POOL_SIZE } from '../../src/db/database';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp | null = null;
afterEach(async () => {
  await t?.app.close();
  t = null;
});

describe('metrics and readiness on PostgreSQL', () => {
  it('shows the connection pool and the task queues, and is ready once migrated', async () => {
    t = await startPostgresApp(serverUrl, { metrics: true });
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', pendingMigrations: [] });
    const scrape = async () => (await t!.app.inject({ method: 'GET', url: '/metrics' })).body;
    const pool = (text: string, state: string) =>
      Number(new RegExp(`^chainbill_db_pool_connections\\{state="${state}"\\} (\\d+)$`, 'm').exec(text)?.[1]);
    const text = await scrape();
    expect(pool(text, 'max')).toBe(POSTGRES_POOL_SIZE);
    expect(pool(text, 'reserved')).toBe(0);
    expect(pool(text, 'waiting')).toBe(0);
    // A transaction holds a connection of its own from its start to its end.
    let end!: () => void;
    const ended = new Promise<void>((resolve) => (end = resolve));
    let started!: () => void;
    const begun = new Promise<void>((resolve) => (started = resolve));
    const open = t.app.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      started();
      await ended;
    });
    await begun;
    expect(pool(await scrape(), 'reserved')).toBe(1);
    end();
    await open;
    expect(pool(await scrape(), 'reserved')).toBe(0);
    expect(text).toMatch(/^chainbill_tasks\{queue="export_tasks",state="pending"\} 0$/m);
  });

  it('keeps as many connections as DATABASE_POOL_SIZE says, and no more at once', async () => {
    t = await startPostgresApp(serverUrl, { metrics: true, databasePoolSize: 2 });
    const scrape = async () => (await t!.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(await scrape()).toMatch(/^chainbill_db_pool_connections\{state="max"\} 2$/m);
    // Three reads of their own backend at once: two connections, so PostgreSQL sees at most two of them.
    const backends = await Promise.all(
      [0, 1, 2].map(() =>
        t!.app.db.transaction().execute(async (trx) => {
          const { rows } = await sql<{ pid: number }>`select pg_backend_pid() as pid, pg_sleep(0.2)`.execute(
            trx,
          );
          return rows[0]!.pid;
        }),
      ),
    );
    expect(new Set(backends).size).toBeLessThanOrEqual(2);
  });
});
