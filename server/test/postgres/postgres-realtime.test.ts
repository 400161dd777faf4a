import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { REALTIME_EVENT, type RealtimeMessage } from '@contract/realtime';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { inSavepoint } from '../../src/db/after-commit';
import type { PostgresBus } from '../../src/lib/realtime-postgres';
import { listenAs, signIn, T0 } from '../support/helpers';
import { createSchemaIn } from '../support/postgres-test-db';
import { seededPostgresDatabase } from '../support/postgres-template';
import { openTabSocket } from '../support/tab-socket';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

const started: FastifyInstance[] = [];
afterEach(async () => {
  await Promise.all(started.splice(0).map((app) => app.close()));
});

const config = testConfig({ logLevel: 'silent' });

async function node(databaseUrl: string): Promise<FastifyInstance> {
  const app = await buildApp({ ...config, databaseUrl }, { now: () => T0 });
  started.push(app);
  return app;
}

/** A database of its own, migrated and seeded (support/postgres-template.ts). */
const seeded = () => seededPostgresDatabase(serverUrl, config, T0);

const notice = (marker: string): RealtimeMessage => ({ type: REALTIME_EVENT.notice, payload: { marker } });
const listenerPid = (app: FastifyInstance) => (app.realtime.bus as PostgresBus).listenerPid;

async function backendAlive(pid: number): Promise<boolean> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    const { rows } = await client.query('select 1 from pg_stat_activity where pid = $1', [pid]);
    return rows.length > 0;
  } finally {
    await client.end();
  }
}

async function terminateBackend(pid: number): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await client.query('select pg_terminate_backend($1)', [pid]);
  } finally {
    await client.end();
  }
}

describe('PostgreSQL: realtime events between nodes', () => {
  it('carries an event published on one node to the sockets of another, in commit order', async () => {
    const url = await seeded();
    const [publisher, other] = [await node(url), await node(url)];
    const there = listenAs(other, 'zhao');
    const here = listenAs(publisher, 'zhao');
    await publisher.realtime.publishToUser('zhao', notice('first'));
    await publisher.db.transaction().execute(async (trx) => {
      await publisher.realtime.publishToUser('zhao', notice('second'), trx);
    });
    for (const tab of [there, here]) {
      expect((await tab.first(2)).map((m) => m.payload)).toEqual([{ marker: 'first' }, { marker: 'second' }]);
      tab.remove();
    }
  });

  it('sends a transaction’s events at its commit with one statement, each once, none rolled back', async () => {
    const url = await seeded();
    const [publisher, other] = [await node(url), await node(url)];
    const there = listenAs(other, 'zhao');
    // The statements the bus makes of its held events (one a commit), each with the events it was given.
    const made = vi.spyOn((publisher.realtime.bus as PostgresBus)['notifications'], 'statements');
    const notifies = () => made.mock.results.reduce((n, r) => n + (r.value as unknown[]).length, 0);
    try {
      await publisher.db.transaction().execute(async (trx) => {
        await publisher.realtime.publishToUser('zhao', notice('a'), trx);
        await publisher.realtime.publishToUser('zhao', notice('b'), trx);
        await publisher.realtime.publishToUser('zhao', notice('a'), trx);
        // What a row passed over in a savepoint announced is not sent (the 待签收 batch drops a failed row's events).
        await inSavepoint(
          trx,
          async () => {
            await publisher.realtime.publishToUser('zhao', notice('dropped'), trx);
            throw new Error('row refused');
          },
          () => true,
        );
        expect(notifies()).toBe(0);
      });
      expect(notifies()).toBe(1);
      expect(made.mock.calls[0]![1]).toHaveLength(3);
      await expect(
        publisher.db.transaction().execute(async (trx) => {
          await publisher.realtime.publishToUser('zhao', notice('rolled back'), trx);
          throw new Error('rolled back');
        }),
      ).rejects.toThrow('rolled back');
      await publisher.realtime.publishToUser('zhao', notice('last'));
      expect((await there.first(3)).map((m) => m.payload)).toEqual([
        { marker: 'a' },
        { marker: 'b' },
        { marker: 'last' },
      ]);
      // The rolled-back transaction made no statement; an event outside a transaction goes out at once.
      expect(notifies()).toBe(1);
    } finally {
      made.mockRestore();
      there.remove();
    }
  });

  it('keeps two deployments in two schemas of one database apart', async () => {
    const url = await seeded();
    const one = await node(url);
    // A second schema of the same database, which its app migrates and seeds.
    const another = await node((await createSchemaIn(url)).url);
    const elsewhere = listenAs(another, 'zhao');
    const own = listenAs(one, 'zhao');
    await one.realtime.publishToUser('zhao', notice('mine'));
    await own.first(1);
    // The other deployment's own event arrives; the first one's never came before it.
    await another.realtime.publishToUser('zhao', notice('theirs'));
    expect((await elsewhere.first(1)).map((m) => m.payload)).toEqual([{ marker: 'theirs' }]);
    own.remove();
    elsewhere.remove();
  });

  it('listens again when its connection is cut, tells the open sockets to resync, and goes on delivering', async () => {
    const app = await node(await seeded());
    await app.listen({ port: 0, host: '127.0.0.1' });
    const { access_token, account } = await signIn(app, '13800000001');
    const tab = await openTabSocket(
      `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`,
      access_token,
    );
    const before = listenerPid(app);
    expect(before).toEqual(expect.any(Number));

    await terminateBackend(before!);
    await tab.received((m) => m.type === REALTIME_EVENT.resync);
    const after = listenerPid(app);
    expect(after).toEqual(expect.any(Number));
    expect(after).not.toBe(before);

    await app.realtime.publishToUser(account.id, notice('after the gap'));
    await tab.received((m) => m.type === REALTIME_EVENT.notice);
    tab.close();
  });

  it('unlistens and releases its connection when the app closes', async () => {
    const app = await node(await seeded());
    const pid = listenerPid(app)!;
    expect(await backendAlive(pid)).toBe(true);
    await app.close();
    await vi.waitFor(async () => expect(await backendAlive(pid)).toBe(false));
  });
});
