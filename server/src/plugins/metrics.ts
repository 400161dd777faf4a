import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type * as PromClient from 'prom-client';
import type { Registry } from 'prom-client';
import { poolStats, type Db } from '../db/database';
import type { TransactionRetryReason } from '../db/retry';
import type { ProviderCallObserver } from '../lib/provider-http';

/**
 * Prometheus metrics (METRICS=on): requests by route and status with their latency, the database pool and
 * the transactions it ran again, the background task queues, open realtime sockets, every adapter's calls and failures, providers' HTTP calls,
 * and the process. Served at /metrics, or at METRICS_PORT on a listener of its own so it can stay private.
 * With METRICS=off nothing here is installed: no hook runs on any request.
 */
export interface Metrics {
  /**
   * The day-end run (modules/day-end/runner.ts) reports its progress here, step by step: `done` of `total`,
   * 0 of 1 when a step starts and 1 of 1 when it is done. With metrics off it does nothing.
   */
  dayEndProgress(step: string, done: number, total: number): void;
  /** Marks a day-end run finished (epoch ms). */
  dayEndFinished(at: number): void;
  /**
   * A transaction PostgreSQL failed for another it crossed runs again (db/retry.ts): why (`deadlock`,
   * `serialization`) and whose (`command`, `day-end`).
   */
  transactionRetried(reason: TransactionRetryReason, runner: TransactionRunner): void;
}

/** What runs transactions again: a command (runCommand) or a day-end batch. */
export type TransactionRunner = 'command' | 'day-end';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: Metrics;
  }
}

export const METRICS_PATH = '/metrics';
const PREFIX = 'chainbill_';
/** Background task tables and the queue states worth watching (done tasks are history, not load). */
const TASK_TABLES = ['export_tasks', 'sign_records', 'sandbox_esign_callbacks'] as const;
const WATCHED_STATES = ['pending', 'running', 'failed'] as const;
/** API latency: most answers take a few milliseconds, exports and signing up to seconds. */
const LATENCY_BUCKETS = [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

const NO_METRICS: Metrics = {
  dayEndProgress: () => {},
  dayEndFinished: () => {},
  transactionRetried: () => {},
};

/**
 * prom-client and the app's registry. The library is loaded only when metrics are on (the build keeps it
 * out of the bundle): with them off, a start does not even read it.
 */
export interface MetricsKit {
  prom: typeof PromClient;
  registry: Registry;
}

export async function createMetricsKit(): Promise<MetricsKit> {
  const prom = await import('prom-client');
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry, prefix: PREFIX });
  return { prom, registry };
}

/**
 * The app's calls to outside providers over HTTP and their failures, counted in its own registry: the
 * observer its provider clients are made with (app.ts), so two apps in one process count their own.
 */
export function providerCallMetrics({ prom, registry }: MetricsKit): ProviderCallObserver {
  const calls = new prom.Counter({
    name: `${PREFIX}provider_requests_total`,
    help: 'HTTP calls to outside providers, by provider and operation',
    labelNames: ['provider', 'operation'],
    registers: [registry],
  });
  const failures = new prom.Counter({
    name: `${PREFIX}provider_failures_total`,
    help: 'Provider calls that failed: timeout, network, http (after retries) or refused (a business error)',
    labelNames: ['provider', 'operation', 'kind'],
    registers: [registry],
  });
  return {
    called: (provider, operation) => calls.inc({ provider, operation }),
    failed: (provider, operation, kind) => failures.inc({ provider, operation, kind }),
  };
}

/** Every method call of every adapter, counted, and its failures (a thrown error or a rejection). */
export function instrumentAdapters<T extends object>(adapters: T, { prom, registry }: MetricsKit): T {
  const { Counter } = prom;
  const calls = new Counter({
    name: `${PREFIX}adapter_calls_total`,
    help: 'Calls of each outside-party adapter method',
    labelNames: ['adapter', 'method'],
    registers: [registry],
  });
  const failures = new Counter({
    name: `${PREFIX}adapter_failures_total`,
    help: 'Calls of each outside-party adapter method that failed',
    labelNames: ['adapter', 'method'],
    registers: [registry],
  });
  const wrap = (name: string, adapter: object) =>
    new Proxy(adapter, {
      get(target, property, receiver) {
        const value = Reflect.get(target, property, receiver) as unknown;
        if (typeof value !== 'function' || typeof property !== 'string' || property === 'constructor')
          return value;
        return (...args: unknown[]) => {
          const labels = { adapter: name, method: property };
          calls.inc(labels);
          try {
            const result = (value as (...a: unknown[]) => unknown).apply(target, args);
            if (result instanceof Promise)
              return result.catch((error: unknown) => {
                failures.inc(labels);
                throw error;
              });
            return result;
          } catch (error) {
            failures.inc(labels);
            throw error;
          }
        };
      },
    });
  return Object.fromEntries(
    Object.entries(adapters).map(([name, adapter]) => [name, wrap(name, adapter as object)]),
  ) as T;
}

async function taskCounts(db: Db): Promise<Array<{ queue: string; state: string; count: number }>> {
  const counts: Array<{ queue: string; state: string; count: number }> = [];
  for (const table of TASK_TABLES) {
    const { rows } = await sql<{ status: string; n: number | string }>`
      select status, count(*) as n from ${sql.table(table)}
      where status in (${sql.join(WATCHED_STATES.map((s) => sql.lit(s)))}) group by status`.execute(db);
    for (const state of WATCHED_STATES) {
      const row = rows.find((r) => r.status === state);
      counts.push({ queue: table, state, count: row ? Number(row.n) : 0 });
    }
  }
  return counts;
}

export function setupMetrics(app: FastifyInstance, kit: MetricsKit | null): void {
  if (!kit) {
    app.decorate('metrics', NO_METRICS);
    return;
  }
  const { registry } = kit;
  const { Counter, Gauge, Histogram } = kit.prom;
  const latency = new Histogram({
    name: `${PREFIX}http_request_duration_seconds`,
    help: 'API answers by route pattern, method and status, with their latency (its _count is requests)',
    labelNames: ['method', 'route', 'status_code'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url ?? 'unmatched';
    if (route !== METRICS_PATH)
      latency.observe(
        { method: request.method, route, status_code: String(reply.statusCode) },
        reply.elapsedTime / 1000,
      );
    done();
  });

  new Gauge({
    name: `${PREFIX}db_pool_connections`,
    help: 'Connections of the PostgreSQL pool: its size (max), those transactions hold (reserved) and wait for (waiting); absent on SQLite',
    labelNames: ['state'],
    registers: [registry],
    collect() {
      const stats = poolStats(app.db);
      if (!stats) return;
      this.set({ state: 'max' }, stats.max);
      this.set({ state: 'reserved' }, stats.reserved);
      this.set({ state: 'waiting' }, stats.waiting);
    },
  });
  new Gauge({
    name: `${PREFIX}tasks`,
    help: 'Background tasks by queue and state (pending: waiting, running, failed)',
    labelNames: ['queue', 'state'],
    registers: [registry],
    async collect() {
      for (const { queue, state, count } of await taskCounts(app.db)) this.set({ queue, state }, count);
    },
  });
  new Gauge({
    name: `${PREFIX}realtime_sockets`,
    help: 'Open realtime WebSockets of this node',
    registers: [registry],
    collect() {
      this.set(app.realtime.size);
    },
  });

  const dayEndProgress = new Gauge({
    name: `${PREFIX}day_end_progress_ratio`,
    help: 'Progress of the running day-end step, 0 to 1',
    labelNames: ['step'],
    registers: [registry],
  });
  const dayEndFinished = new Gauge({
    name: `${PREFIX}day_end_last_finished_seconds`,
    help: 'When the last day-end run finished (epoch seconds)',
    registers: [registry],
  });
  const transactionRetries = new Counter({
    name: `${PREFIX}transaction_retries_total`,
    help: 'Transactions PostgreSQL failed for another they crossed, run again, by reason and runner',
    labelNames: ['reason', 'runner'],
    registers: [registry],
  });
  app.decorate('metrics', {
    dayEndProgress: (step, done, total) => dayEndProgress.set({ step }, total > 0 ? done / total : 0),
    dayEndFinished: (at) => dayEndFinished.set(at / 1000),
    transactionRetried: (reason, runner) => transactionRetries.inc({ reason, runner }),
  } satisfies Metrics);

  const port = app.config.metricsPort;
  if (port === undefined) {
    app.get(METRICS_PATH, async function getMetrics(_request, reply) {
      reply.header('Content-Type', registry.contentType).header('Cache-Control', 'no-store');
      return registry.metrics();
    });
    return;
  }
  // A listener of its own: the operator keeps it off the public network (METRICS_HOST, a firewall).
  const server = http.createServer((req, res) => {
    if (req.method !== 'GET' || req.url !== METRICS_PATH) {
      res.writeHead(404).end();
      return;
    }
    registry
      .metrics()
      .then((text) => res.writeHead(200, { 'Content-Type': registry.contentType }).end(text))
      .catch(() => res.writeHead(500).end());
  });
  app.addHook('onListen', async () => {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, app.config.metricsHost, () => resolve());
    });
    app.log.info({ address: server.address() as AddressInfo }, 'metrics listening');
  });
  app.addHook('onClose', async () => {
    if (server.listening) await new Promise<void>((resolve) => server.close(() => resolve()));
  });
  app.decorate('metricsServer', server);
}

declare module 'fastify' {
  interface FastifyInstance {
    /** The metrics listener when METRICS_PORT names one (tests read its port). */
    metricsServer?: http.Server;
  }
}
