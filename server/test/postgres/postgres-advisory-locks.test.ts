import { sql, type Transaction } from 'kysely';
import { inject } from 'vitest';
import type { Db } from '../../src/db/database';
import { lockAllWithinTransaction, lockWithinTransaction } from '../../src/db/locks';
import type { Database } from '../../src/db/schema';
import { freshPostgresDb, waitingForAdvisoryLocks } from '../support/postgres-test-db';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let db: Db;
beforeAll(async () => {
  ({ db } = await freshPostgresDb(serverUrl));
});
afterAll(async () => {
  await db.destroy();
});

/** Whether another session could take the lock called `name` now (it is let go at once). */
async function free(name: string): Promise<boolean> {
  return db.transaction().execute(async (trx) => {
    const { rows } = await sql<{ taken: boolean }>`
      select pg_try_advisory_xact_lock(hashtextextended(${name}, 0)) as taken`.execute(trx);
    return rows[0]!.taken;
  });
}

describe('PostgreSQL: many advisory locks with one statement', () => {
  it('takes them in the order given: waiting on one, it holds those before it and none after', async () => {
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    const holder = db.transaction().execute(async (trx) => {
      await lockWithinTransaction(trx as Transaction<Database>, 'lock-b');
      holding();
      await released;
    });
    await held;
    let done = false;
    const batch = db.transaction().execute(async (trx) => {
      await lockAllWithinTransaction(trx as Transaction<Database>, ['lock-a', 'lock-b', 'lock-c']);
      done = true;
    });
    await vi.waitFor(async () => expect(await waitingForAdvisoryLocks(db)).toBe(1), {
      timeout: 10_000,
      interval: 50,
    });
    expect(await free('lock-a')).toBe(false);
    expect(await free('lock-c')).toBe(true);
    expect(done).toBe(false);
    release();
    await Promise.all([holder, batch]);
    expect(done).toBe(true);
    // All three were held to the batch's end and let go with it.
    for (const name of ['lock-a', 'lock-b', 'lock-c']) expect(await free(name)).toBe(true);
  });
});
