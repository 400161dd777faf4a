import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type pg from 'pg';
import { REALTIME_EVENT } from '@contract/realtime';
import { beforeCommit, type HeldWrites } from '../db/after-commit';
import type { Db } from '../db/database';
import { sha256Hex } from './hash';
import type { RealtimeBus, RealtimeHub } from './realtime-hub';

/** Waits before each attempt to listen again after the connection was lost; the last one repeats. */
export const LISTEN_RETRY_DELAYS_MS = [250, 500, 1000, 2000, 5000, 10_000];
/** Keep-alive probes on the listening connection, so a silently dead peer is noticed. */
const KEEPALIVE_DELAY_MS = 10_000;
/** PostgreSQL identifiers (channel names) are at most 63 bytes. */
const IDENTIFIER_MAX_BYTES = 63;
const CHANNEL_PREFIX = 'chainbill_realtime.';

/**
 * The channel of one deployment. NOTIFY reaches every session of the database, whatever its schema, so two
 * deployments in two schemas of one database would hear each other: the schema is part of the name.
 */
export function realtimeChannel(schema: string): string {
  const channel = `${CHANNEL_PREFIX}${schema}`;
  if (Buffer.byteLength(channel) <= IDENTIFIER_MAX_BYTES) return channel;
  return `${CHANNEL_PREFIX}${sha256Hex(schema).slice(0, 40)}`;
}

export interface PostgresBusOptions {
  hub: RealtimeHub;
  db: Db;
  connectionString: string;
  log: FastifyBaseLogger;
}

/**
 * Events between server nodes on one PostgreSQL database. Publishing is `NOTIFY` on the deployment's channel
 * (within the publisher's transaction when it gives one, so PostgreSQL delivers it only on commit); each node
 * `LISTEN`s on a connection of its own, outside the pool, and hands what arrives to its hub, its own events
 * included, so there is one path whatever node published.
 *
 * A node whose listening connection drops listens again, backing off, and then tells every socket it holds to
 * resync: events published during the gap are gone (NOTIFY keeps nothing for an absent listener), and what
 * they announced is in the database, where every screen can reload it.
 */
export class PostgresBus implements RealtimeBus {
  private client: pg.Client | null = null;
  private closed = false;
  private failures = 0;
  private retry: NodeJS.Timeout | null = null;
  /** The listening session's backend process id, or null while it reconnects. */
  listenerPid: number | null = null;

  private constructor(
    private readonly options: PostgresBusOptions,
    readonly channel: string,
  ) {}

  /** Listens before answering, so a node never serves while deaf; fails when the database is unreachable. */
  static async start(options: PostgresBusOptions): Promise<PostgresBus> {
    const { rows } = await sql<{ schema: string }>`select current_schema() as schema`.execute(options.db);
    const bus = new PostgresBus(options, realtimeChannel(rows[0]?.schema ?? 'public'));
    await bus.listen();
    return bus;
  }

  /**
   * Within a transaction the event is held back to its commit (beforeCommit), where all the transaction's
   * events go out with one statement, each once: PostgreSQL delivers a transaction's notifications at its
   * commit and drops repeats of one anyway, and a day-end batch announces hundreds.
   */
  async send(serialised: string, within: Db | undefined): Promise<void> {
    if (within?.isTransaction) await beforeCommit(within, this.notifications, serialised);
    else await sql`select pg_notify(${this.channel}, ${serialised})`.execute(within ?? this.options.db);
  }

  private readonly notifications: HeldWrites<string> = {
    statements: (db, payloads) => [
      sql`select pg_notify(${this.channel}, t.payload)
        from unnest(${[...new Set(payloads)]}::text[]) with ordinality as t(payload, n) order by t.n`.compile(
        db,
      ),
    ],
  };

  /** Stops listening and releases the connection; a reconnection under way is abandoned. */
  async close(): Promise<void> {
    this.closed = true;
    if (this.retry) clearTimeout(this.retry);
    this.retry = null;
    const client = this.client;
    this.client = null;
    this.listenerPid = null;
    if (!client) return;
    await client.query('UNLISTEN *').catch(() => undefined);
    await client.end().catch(() => undefined);
  }

  private async listen(): Promise<void> {
    const { default: pgModule } = await import('pg');
    const client = new pgModule.Client({
      connectionString: this.options.connectionString,
      keepAlive: true,
      keepAliveInitialDelayMillis: KEEPALIVE_DELAY_MS,
      application_name: 'chain-bill realtime',
    });
    // Before connecting: an 'error' without a listener would end the process.
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    client.on('notification', (notification) => {
      if (notification.channel === this.channel && notification.payload) this.deliver(notification.payload);
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${client.escapeIdentifier(this.channel)}`);
      const { rows } = await client.query<{ pid: number }>('select pg_backend_pid() as pid');
      this.client = client;
      this.listenerPid = rows[0]?.pid ?? null;
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
  }

  private deliver(payload: string): void {
    try {
      this.options.hub.deliver(payload);
    } catch (error) {
      this.options.log.warn({ err: error }, 'realtime event not understood');
    }
  }

  private lost(client: pg.Client, error?: Error): void {
    if (this.client !== client) return;
    this.client = null;
    this.listenerPid = null;
    client.end().catch(() => undefined);
    if (this.closed) return;
    this.options.log.warn({ err: error }, 'realtime listener lost its connection; listening again');
    this.scheduleRetry();
  }

  private scheduleRetry(): void {
    const delay = LISTEN_RETRY_DELAYS_MS[Math.min(this.failures, LISTEN_RETRY_DELAYS_MS.length - 1)];
    this.failures++;
    this.retry = setTimeout(() => void this.listenAgain(), delay);
    this.retry.unref();
  }

  private async listenAgain(): Promise<void> {
    this.retry = null;
    if (this.closed) return;
    try {
      await this.listen();
    } catch (error) {
      this.options.log.warn(
        { err: error, attempt: this.failures },
        'realtime listener could not listen again',
      );
      if (!this.closed) this.scheduleRetry();
      return;
    }
    if (this.closed) {
      await this.close();
      return;
    }
    this.failures = 0;
    this.options.log.info({ pid: this.listenerPid }, 'realtime listener listening again; clients resync');
    this.options.hub.broadcast({ type: REALTIME_EVENT.resync, payload: {} });
  }
}
