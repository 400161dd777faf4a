import {
  DAY_END_ROW_BATCH,
  eachInBatchTransactions,
  type DayEndContext,
} from '../../../src/modules/day-end/service';
import { afterCommit } from '../../../src/db/after-commit';
import { startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

const MOBILE = '13900000999';
const ids = Array.from({ length: DAY_END_ROW_BATCH + 5 }, (_, i) => `row-${String(i).padStart(4, '0')}`);

/** The rows the step walks: messages of one mobile in the sandbox outbox, a table any test may write. */
async function seed() {
  await t.app.db.deleteFrom('sms_outbox').where('mobile', '=', MOBILE).execute();
  await t.app.db
    .insertInto('sms_outbox')
    .values(ids.map((id) => ({ id, mobile: MOBILE, text: 'new', business_code: 0, created_at: 0 })))
    .execute();
}

const texts = async () =>
  Object.fromEntries(
    (
      await t.app.db.selectFrom('sms_outbox').select(['id', 'text']).where('mobile', '=', MOBILE).execute()
    ).map((row) => [row.id, row.text]),
  );

class Closed extends Error {}

async function walk(cursor: string | null) {
  const progress: [string, number][] = [];
  const ctx = {
    db: t.app.db,
    cursor,
    progress: async (at: string, processed: number) => {
      progress.push([at, processed]);
    },
  } as unknown as DayEndContext;
  await eachInBatchTransactions(
    ctx,
    rowsAfter,
    async (trx, row) => {
      await trx.updateTable('sms_outbox').set({ text: 'done' }).where('id', '=', row.id).execute();
      // One closed in between: its write is rolled back and it is passed over.
      if (row.id === ids[1]) throw new Closed();
      // One the handler finds nothing to do with: kept, not counted.
      return row.id !== ids[2];
    },
    (error) => error instanceof Closed,
  );
  return progress;
}

/** The test's rows past the cursor, in key order, as a day-end step reads its own. */
const rowsAfter = (after: string, limit: number) =>
  t.app.db
    .selectFrom('sms_outbox')
    .select('id')
    .where('mobile', '=', MOBILE)
    .where('id', '>', after)
    .orderBy('id')
    .limit(limit)
    .execute();

describe('a day-end step that handles a batch of rows in one transaction, each row in a savepoint', () => {
  it('walks every row after the cursor in batches, counts what it handled and records each batch', async () => {
    await seed();
    const progress = await walk(null);
    expect(progress).toEqual([
      [ids[DAY_END_ROW_BATCH - 1], DAY_END_ROW_BATCH - 2],
      [ids[ids.length - 1], 5],
    ]);
    const after = await texts();
    expect(after[ids[0]!]).toBe('done');
    expect(after[ids[1]!]).toBe('new');
    expect(after[ids[2]!]).toBe('done');
    expect(Object.values(after).filter((text) => text === 'done')).toHaveLength(ids.length - 1);
  });

  it('drops what a passed-over row published with its savepoint, and announces the rest once the batch commits', async () => {
    await seed();
    const announced: string[] = [];
    const ctx = {
      db: t.app.db,
      cursor: ids[DAY_END_ROW_BATCH - 1],
      progress: async () => {},
    } as unknown as DayEndContext;
    await eachInBatchTransactions(
      ctx,
      rowsAfter,
      async (trx, row) => {
        await afterCommit(trx, () => announced.push(row.id));
        if (row.id === ids[DAY_END_ROW_BATCH + 1]) throw new Closed();
        expect(announced).toEqual([]);
        return true;
      },
      (error) => error instanceof Closed,
    );
    expect(announced).toEqual(ids.slice(DAY_END_ROW_BATCH).filter((id) => id !== ids[DAY_END_ROW_BATCH + 1]));
  });

  it('starts after a recorded cursor and lets any other error through', async () => {
    await seed();
    expect(await walk(ids[DAY_END_ROW_BATCH - 1]!)).toEqual([[ids[ids.length - 1], 5]]);
    expect((await texts())[ids[0]!]).toBe('new');
    const ctx = { db: t.app.db, cursor: null, progress: async () => {} } as unknown as DayEndContext;
    await expect(
      eachInBatchTransactions(
        ctx,
        async () => [{ id: 'x' }],
        () => Promise.reject(new Error('boom')),
        (error) => error instanceof Closed,
      ),
    ).rejects.toThrow('boom');
  });

  it('rolls the whole batch back on an error it does not pass over, the cursor with it', async () => {
    await seed();
    const recorded: string[] = [];
    const ctx = {
      db: t.app.db,
      cursor: null,
      progress: async (at: string, _processed: number, trx: typeof t.app.db) => {
        // Written in the batch's own transaction: gone with it when the batch rolls back.
        await trx.updateTable('sms_outbox').set({ text: `cursor` }).where('id', '=', at).execute();
        recorded.push(at);
      },
    } as unknown as DayEndContext;
    const failing = ids[DAY_END_ROW_BATCH + 2]!;
    await expect(
      eachInBatchTransactions(ctx, rowsAfter, async (trx, row) => {
        await trx.updateTable('sms_outbox').set({ text: 'done' }).where('id', '=', row.id).execute();
        if (row.id === failing) throw new Error('boom');
        return true;
      }),
    ).rejects.toThrow('boom');
    const after = await texts();
    // The first batch committed with its cursor; the second left nothing, not even the rows before the error.
    expect(recorded).toEqual([ids[DAY_END_ROW_BATCH - 1]]);
    expect(after[ids[DAY_END_ROW_BATCH - 1]!]).toBe('cursor');
    expect(after[ids[DAY_END_ROW_BATCH - 2]!]).toBe('done');
    expect(after[ids[DAY_END_ROW_BATCH]!]).toBe('new');
    expect(after[ids[DAY_END_ROW_BATCH + 1]!]).toBe('new');
  });

  it("handles a batch's rows in the order of their packages' keys, and records the batch's last id", async () => {
    await seed();
    const handled: string[] = [];
    const progress: [string, number][] = [];
    const ctx = {
      db: t.app.db,
      cursor: null,
      progress: async (at: string, processed: number) => void progress.push([at, processed]),
    } as unknown as DayEndContext;
    const rows = ids.slice(0, 4).map((id, i) => ({ id, packageId: `pkg-${4 - i}` }));
    let read = false;
    await eachInBatchTransactions(
      ctx,
      async () => (read ? [] : ((read = true), rows)),
      async (_trx, row) => {
        handled.push(row.packageId);
        return true;
      },
      undefined,
      (row) => row.packageId,
    );
    expect(handled).toEqual(['pkg-1', 'pkg-2', 'pkg-3', 'pkg-4']);
    expect(progress).toEqual([[ids[3], 4]]);
  });
});
