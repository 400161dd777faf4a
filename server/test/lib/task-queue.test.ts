import { createDatabase, migrate, type Db } from '../../src/db/database';
import { DEMO_ACCOUNTS, DEMO_ORGS, ensurePermissionCatalogue, seedDemoData } from '../../src/db/seed';
import { TaskQueue } from '../../src/lib/task-queue';
import { T0, testClock, type TestClock } from '../support/helpers';
import { freshPostgresDb } from '../support/postgres-test-db';

const LEASE_MS = 60_000;

let db: Db;
let clock: TestClock;
beforeEach(async () => {
  // On the database of this pass: in-memory SQLite, or PostgreSQL when TEST_DATABASE_URL names a server.
  const postgresUrl = process.env.TEST_DATABASE_URL;
  db = postgresUrl
    ? (await freshPostgresDb(postgresUrl)).db
    : await createDatabase({ dataDir: '', inMemory: true });
  await migrate(db);
  await ensurePermissionCatalogue(db);
  await seedDemoData(db, T0);
  clock = testClock();
});
afterEach(async () => {
  await db.destroy();
});

/** A queue as one server node holds it: nodes share the table and the clock. */
const node = () => new TaskQueue({ db, table: 'export_tasks', now: clock.now, leaseMs: LEASE_MS });

async function addTasks(count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, (_, i) => `task-${String(i).padStart(2, '0')}`);
  await db
    .insertInto('export_tasks')
    .values(
      ids.map((id, i) => ({
        id,
        org_id: DEMO_ORGS.shanghai.id,
        user_id: DEMO_ACCOUNTS[0]!.id,
        kind: 'operation-list',
        name: '业务操作记录',
        params: '{}',
        status: 'pending',
        file_name: `${id}.xlsx`,
        ascii_file_name: `${id}.xlsx`,
        row_count: null,
        error: null,
        lease_expires_at: null,
        created_at: T0 + i,
        started_at: null,
        finished_at: null,
      })),
    )
    .execute();
  return ids;
}

const rowOf = (id: string) =>
  db
    .selectFrom('export_tasks')
    .select(['status', 'attempts', 'lease_expires_at', 'progress'])
    .where('id', '=', id)
    .executeTakeFirstOrThrow();

describe('the task queue', () => {
  it('hands each task to exactly one of many claims made at once', async () => {
    const ids = await addTasks(6);
    const nodes = [node(), node(), node()];
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => nodes[i % 3]!.claim()));
    const claimed = claims.flatMap((claim) => (claim ? [claim.task.id] : []));
    expect(claimed.sort()).toEqual(ids);
    expect(claims.filter((claim) => claim === null)).toHaveLength(6);
    expect(claims.every((claim) => claim === null || claim.lease.attempt === 1)).toBe(true);
    expect(await node().claim()).toBeNull();
    expect(await rowOf(ids[0]!)).toMatchObject({
      status: 'running',
      attempts: 1,
      lease_expires_at: T0 + LEASE_MS,
    });
  });

  it('claims the oldest task first', async () => {
    const ids = await addTasks(3);
    const queue = node();
    const order = [
      (await queue.claim())?.task.id,
      (await queue.claim())?.task.id,
      (await queue.claim())?.task.id,
    ];
    expect(order).toEqual(ids);
  });

  it('leaves a task alone while its lease holds, and takes it over once it ran out', async () => {
    const [id] = await addTasks(1);
    const dead = node();
    const deadClaim = (await dead.claim())!;
    const survivor = node();
    clock.advance(LEASE_MS - 1);
    expect(await survivor.claim()).toBeNull();
    clock.advance(1);
    const taken = (await survivor.claim())!;
    expect(taken.task.id).toBe(id);
    expect(taken.lease).toEqual({ id, attempt: 2 });
    expect(deadClaim.lease).toEqual({ id, attempt: 1 });
  });

  it('refuses every write of a holder whose task was taken over, and keeps the new holder’s', async () => {
    const [id] = await addTasks(1);
    const slow = node();
    const old = (await slow.claim())!;
    clock.advance(LEASE_MS);
    const fresh = (await node().claim())!;

    expect(await slow.renew(old.lease, { progress: 90 })).toBe(false);
    expect(await slow.finish(old.lease, 'done', { row_count: 1 })).toBe(false);
    await slow.release(old.lease);
    expect(await rowOf(id!)).toMatchObject({ status: 'running', attempts: 2, progress: 0 });

    expect(await slow.renew(fresh.lease, { progress: 40 })).toBe(true);
    expect(await rowOf(id!)).toMatchObject({ progress: 40, lease_expires_at: clock.now() + LEASE_MS });
    expect(await slow.finish(fresh.lease, 'done', { progress: 100 })).toBe(true);
    expect(await rowOf(id!)).toMatchObject({ status: 'done', progress: 100, lease_expires_at: null });
    expect(await node().claim()).toBeNull();
  });

  it('hands a released task back as pending, without counting the interrupted run', async () => {
    const [id] = await addTasks(1);
    const stopping = node();
    const claim = (await stopping.claim())!;
    await stopping.release(claim.lease);
    expect(await rowOf(id!)).toMatchObject({ status: 'pending', attempts: 0, lease_expires_at: null });
    expect((await node().claim())?.lease).toEqual({ id, attempt: 1 });
  });

  it('finishes the task and runs its follow-up in one transaction: a failing follow-up undoes the finish', async () => {
    const [id] = await addTasks(1);
    const queue = node();
    const { lease } = (await queue.claim())!;
    const failing = queue.finish(lease, 'done', {}, async (trx) => {
      await trx.updateTable('export_tasks').set({ row_count: 7 }).where('id', '=', id!).execute();
      throw new Error('the announcement failed');
    });
    await expect(failing).rejects.toThrow('the announcement failed');
    expect(await rowOf(id!)).toMatchObject({ status: 'running', attempts: 1 });

    let followedUp = false;
    expect(
      await queue.finish(lease, 'failed', { error: 'write failed' }, async () => {
        followedUp = true;
      }),
    ).toBe(true);
    expect(followedUp).toBe(true);
    expect(await rowOf(id!)).toMatchObject({ status: 'failed' });
  });
});
