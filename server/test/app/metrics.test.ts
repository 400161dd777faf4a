import type { AddressInfo } from 'node:net';
import { types } from 'node:util';
import { sql } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { openAccount } from '../support/e-contract-helpers';
import { startFakeAliyunSms, type FakeAliyunSms } from '../support/fake-aliyun-sms';
import { signIn, startApp, type TestApp } from '../support/helpers';
import { OWNER_SH, sendSms } from '../support/verification-helpers';

let t: TestApp | null = null;
afterEach(async () => {
  await t?.app.close();
  t = null;
});

/** The value of one sample line of the exposition text, or undefined when absent. */
function sample(text: string, name: string, labels: Record<string, string> = {}): number | undefined {
  const wanted = Object.entries(labels).map(([k, v]) => `${k}="${v}"`);
  for (const line of text.split('\n')) {
    if (!line.startsWith(`${name}{`) && !line.startsWith(`${name} `)) continue;
    if (wanted.every((pair) => line.includes(pair))) return Number(line.split(' ').at(-1));
  }
  return undefined;
}

describe('metrics off (the default)', () => {
  it('serves no /metrics and leaves requests and adapters as they are', async () => {
    t = await startApp();
    expect(t.config.metrics).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    // Nothing wraps the adapters, and the day-end hook is there to call, doing nothing.
    expect(types.isProxy(t.app.adapters.sms)).toBe(false);
    expect(() => t?.app.metrics.dayEndProgress('ledger', 1, 2)).not.toThrow();
  });
});

describe('metrics on', () => {
  it('counts requests by route and status with their latency, adapters, queues, sockets and the day end', async () => {
    t = await startApp({ metrics: true });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/health' });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route' });
    const token = (await signIn(t.app, OWNER_SH)).access_token;
    // A command that asks for an SMS code, then the code sent.
    expect((await openAccount(t.app, token)).statusCode).toBe(406);
    await sendSms(t.app, OWNER_SH, { accessToken: token });
    t.app.metrics.dayEndProgress('ledger', 5, 20);
    t.app.metrics.dayEndFinished(Date.UTC(2026, 2, 2));

    const response = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = response.body;
    const requests = 'chainbill_http_request_duration_seconds_count';
    expect(sample(text, requests, { route: '/api/health', status_code: '200' })).toBe(2);
    expect(sample(text, requests, { route: 'unmatched', status_code: '404' })).toBe(1);
    expect(sample(text, requests, { route: '/api/sms', status_code: '200' })).toBe(1);
    expect(
      sample(text, 'chainbill_http_request_duration_seconds_bucket', { route: '/api/health', le: '+Inf' }),
    ).toBe(2);
    expect(sample(text, 'chainbill_adapter_calls_total', { adapter: 'sms', method: 'send' })).toBe(1);
    expect(sample(text, 'chainbill_tasks', { queue: 'export_tasks', state: 'pending' })).toBe(0);
    expect(sample(text, 'chainbill_tasks', { queue: 'sign_records', state: 'failed' })).toBe(0);
    expect(sample(text, 'chainbill_realtime_sockets')).toBe(0);
    expect(sample(text, 'chainbill_day_end_progress_ratio', { step: 'ledger' })).toBe(0.25);
    expect(sample(text, 'chainbill_day_end_last_finished_seconds')).toBe(Date.UTC(2026, 2, 2) / 1000);
    expect(sample(text, 'chainbill_process_cpu_user_seconds_total')).toBeGreaterThan(0);
    // The pool is PostgreSQL's (npm run test:server:postgres); SQLite has none to show.
    const pooled = sample(text, 'chainbill_db_pool_connections', { state: 'max' });
    if (t.config.databaseUrl) expect(pooled).toBeGreaterThanOrEqual(1);
    else expect(pooled).toBeUndefined();
  });

  it('serves them on a port of their own when one is named, and not on the app port', async () => {
    t = await startApp({ metrics: true, metricsPort: 0, metricsHost: '127.0.0.1' });
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    expect((await t.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    const port = (t.app.metricsServer?.address() as AddressInfo).port;
    const answer = await fetch(`http://127.0.0.1:${port}/metrics`);
    expect(answer.status).toBe(200);
    expect(await answer.text()).toContain('chainbill_realtime_sockets');
    expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(404);
  });
});

describe('the day-end run under metrics', () => {
  it('reports each step as it starts and ends, and when the run finished; a failed run is not a finish', async () => {
    let fail = true;
    let during: number | undefined;
    t = await startApp(
      { metrics: true },
      {
        dayEndSteps: [
          {
            name: 'first',
            run: async (ctx) => {
              const text = (await t!.app.inject({ method: 'GET', url: '/metrics' })).body;
              during = sample(text, 'chainbill_day_end_progress_ratio', { step: 'first' });
              await ctx.progress('a', 1);
            },
          },
          {
            name: 'second',
            run: async () => {
              if (fail) throw new Error('the disk went away');
            },
          },
        ],
      },
    );
    const metricsText = async () => (await t!.app.inject({ method: 'GET', url: '/metrics' })).body;
    t.clock.advance(12 * 3_600_000); // 21:00 on Monday 2026-03-02, its close
    expect((await t.app.dayEnd.runNow('2026-03-02')).status).toBe('failed');
    expect(during).toBe(0);
    let text = await metricsText();
    expect(sample(text, 'chainbill_day_end_progress_ratio', { step: 'first' })).toBe(1);
    expect(sample(text, 'chainbill_day_end_progress_ratio', { step: 'second' })).toBe(0);
    // Never finished: the gauge stays at 0, which an alert on its age catches.
    expect(sample(text, 'chainbill_day_end_last_finished_seconds')).toBe(0);

    fail = false;
    t.clock.advance(60_000);
    expect((await t.app.dayEnd.runNow('2026-03-02')).status).toBe('done');
    text = await metricsText();
    expect(sample(text, 'chainbill_day_end_progress_ratio', { step: 'second' })).toBe(1);
    expect(sample(text, 'chainbill_day_end_last_finished_seconds')).toBe(t.app.now() / 1000);
  });
});

describe('liveness and readiness', () => {
  it('answers live, and ready only with the database reachable and every migration run', async () => {
    t = await startApp();
    const live = await t.app.inject({ method: 'GET', url: '/api/health/live' });
    expect(live.statusCode).toBe(200);
    const ready = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', database: 'ok', pendingMigrations: [] });

    // A database behind this server's code: the newest migration was never run there.
    await sql`delete from kysely_migration where name = '017-provider-checked-amounts'`.execute(t.app.db);
    const behind = await t.app.inject({ method: 'GET', url: '/api/health/ready' });
    expect(behind.statusCode).toBe(503);
    expect(behind.json()).toMatchObject({
      status: 'not-ready',
      pendingMigrations: ['017-provider-checked-amounts'],
    });
    // Liveness does not ask the database: the node is not restarted for it.
    expect((await t.app.inject({ method: 'GET', url: '/api/health/live' })).statusCode).toBe(200);
  });
});

describe('provider calls', () => {
  let fake: FakeAliyunSms;
  afterEach(async () => fake?.close());

  it('are counted in the metrics of the app whose provider client made them, and of no other', async () => {
    fake = await startFakeAliyunSms();
    // Two apps in one process, as the tests run them, each with metrics and its own Aliyun client: the first
    // with the right secret, the second with a wrong one, which Aliyun refuses. On the real clock: Aliyun
    // refuses a request's timestamp more than 15 minutes off.
    const appWith = (accessKeySecret: string) =>
      startApp(
        {
          metrics: true,
          sandbox: false,
          aliyunSms: {
            endpoint: fake.endpoint,
            accessKeyId: fake.accessKeyId,
            accessKeySecret,
            signName: '链票通',
            templateCode: 'SMS_000001',
          },
        },
        { now: () => Date.now() },
      );
    const first = await appWith(fake.accessKeySecret);
    const second = await appWith('wrong');
    try {
      const message = { mobile: '13800000001', code: '246810', text: '您的验证码是246810' };
      await first.app.adapters.sms.send(message);
      await expect(second.app.adapters.sms.send(message)).rejects.toThrow();

      const metricsOf = async (one: TestApp) =>
        (await one.app.inject({ method: 'GET', url: '/metrics' })).body;
      const [firstText, secondText] = [await metricsOf(first), await metricsOf(second)];
      const calls = { provider: 'aliyun-sms', operation: 'SendSms' };
      expect(sample(firstText, 'chainbill_provider_requests_total', calls)).toBe(1);
      expect(sample(firstText, 'chainbill_provider_failures_total', calls)).toBeUndefined();
      expect(sample(secondText, 'chainbill_provider_requests_total', calls)).toBe(1);
      expect(sample(secondText, 'chainbill_provider_failures_total', { ...calls, kind: 'refused' })).toBe(1);
    } finally {
      await first.app.close();
      await second.app.close();
    }
  });
});
