import { inject } from 'vitest';
import { startPostgresApp, type TestApp } from '../support/helpers';

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
    const text = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    const total = /^chainbill_db_pool_connections\{state="total"\} (\d+)$/m.exec(text)?.[1];
    const waiting = /^chainbill_db_pool_connections\{state="waiting"\} (\d+)$/m.exec(text)?.[1];
    expect(Number(total)).toBeGreaterThanOrEqual(1);
    expect(Number(waiting)).toBe(0);
    expect(text).toMatch(/^chainbill_tasks\{queue="export_tasks",state="pending"\} 0$/m);
  });
});
