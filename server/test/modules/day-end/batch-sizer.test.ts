import { BatchSizer, DAY_END_BATCH_MS } from '../../../src/modules/day-end/service';
import { startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('the size of a day-end batch on SQLite, bounded by time', () => {
  it('starts at its first size, then reads as many rows as the rows before say fit in the time, within its bounds', async () => {
    let now = 0;
    const sizer = new BatchSizer(t.app.db, { first: 10, min: 2, max: 400 }, () => now);
    expect(sizer.size).toBe(10);
    // 10 rows in 10 ms: 1 ms a row.
    await sizer.timed(
      async () => {
        now += 10;
        return 10;
      },
      (rows) => rows,
    );
    expect(sizer.size).toBe(DAY_END_BATCH_MS);
    // Rows grown slower (5 ms a row): the average of the two batches, 3 ms a row.
    await sizer.timed(
      async () => {
        now += 5 * sizer.size;
        return sizer.size;
      },
      (rows) => rows,
    );
    expect(sizer.size).toBe(Math.floor(DAY_END_BATCH_MS / 3));
    // Far slower: never fewer than its least.
    await sizer.timed(
      async () => {
        now += 1000;
        return 1;
      },
      (rows) => rows,
    );
    expect(sizer.size).toBe(2);
    // Far faster: never more than its most.
    for (let i = 0; i < 20; i += 1)
      await sizer.timed(
        async () => 400,
        (rows) => rows,
      );
    expect(sizer.size).toBe(400);
  });

  it('learns nothing from a batch that read no row', async () => {
    let now = 0;
    const sizer = new BatchSizer(t.app.db, { first: 10, min: 2, max: 400 }, () => now);
    await sizer.timed(
      async () => {
        now += 1000;
        return 0;
      },
      (rows) => rows,
    );
    expect(sizer.size).toBe(10);
  });
});
