import type { DayEndRun } from '@contract/day-end-schemas';
import type { SystemStatus } from '@contract/shell-schemas';
import { closedBusinessDay, type DayEndStep } from '../../../src/modules/day-end/service';
import { holidayCalendar } from '../../../src/modules/holiday/service';
import { getData, signIn, startApp, T0, type TestApp } from '../../support/helpers';

const HOUR = 3_600_000;
/** Shanghai wall time as epoch ms. */
const at = (date: string, time: string) => Date.parse(`${date}T${time}:00+08:00`);

/** What the steps of a test did, in order. */
const done: string[] = [];
/** The second step fails once after recording its first batch, as a node dying mid-step would leave it. */
let failOnce = true;

const steps: DayEndStep[] = [
  {
    name: 'first',
    run: async (ctx) => {
      done.push(`first ${ctx.businessDate}`);
      await ctx.progress('only', 1);
    },
  },
  {
    name: 'batched',
    run: async (ctx) => {
      const batches = ['a', 'b', 'c'];
      const from = ctx.cursor === null ? 0 : batches.indexOf(ctx.cursor) + 1;
      for (const batch of batches.slice(from)) {
        done.push(`batched ${batch}`);
        await ctx.progress(batch, 10);
        if (batch === 'a' && failOnce) {
          failOnce = false;
          throw new Error('the disk went away');
        }
      }
    },
  },
];

let t: TestApp;
beforeAll(async () => {
  t = await startApp({}, { dayEndSteps: steps });
});
afterAll(async () => {
  await t.app.close();
});
beforeEach(() => {
  done.length = 0;
});

describe('closedBusinessDay', () => {
  it('is today from its close on, the business day before until then, over weekends and holidays', async () => {
    const calendar = await holidayCalendar(t.app.db);
    const close = 21 * 60;
    // Monday 2026-03-02: before the close, the last day that closed is Saturday the 28th, a make-up working
    // day of the Spring Festival.
    expect(closedBusinessDay(calendar, at('2026-03-02', '20:59'), close)).toBe('2026-02-28');
    expect(closedBusinessDay(calendar, at('2026-03-02', '21:00'), close)).toBe('2026-03-02');
    // A Sunday, and the National Day holiday: the last business day before them.
    expect(closedBusinessDay(calendar, at('2026-03-08', '22:00'), close)).toBe('2026-03-06');
    expect(closedBusinessDay(calendar, at('2026-10-05', '22:00'), close)).toBe('2026-09-30');
    // Saturday 2026-10-10 is a make-up working day: it closes like any other.
    expect(closedBusinessDay(calendar, at('2026-10-10', '21:30'), close)).toBe('2026-10-10');
    // Across a month end and into a leap day (2028 has no published holidays: weekends alone).
    expect(closedBusinessDay(calendar, at('2026-05-01', '08:00'), close)).toBe('2026-04-30');
    expect(closedBusinessDay(calendar, at('2028-03-01', '09:00'), close)).toBe('2028-02-29');
  });
});

describe('the day-end run', () => {
  const runOf = async (businessDate?: string) => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/day-end',
      payload: businessDate ? { businessDate } : {},
    });
    return response;
  };

  it('refuses a day that has not closed yet, and a day that is not a business day', async () => {
    expect(new Date(t.clock.now()).toISOString()).toBe(new Date(T0).toISOString());
    const early = await runOf('2026-03-02');
    expect(early.statusCode).toBe(409);
    expect(early.json()).toMatchObject({ msg: '2026-03-02尚未到日终时间，请先将时钟调到其日终之后' });
    const sunday = await runOf('2026-03-01');
    expect(sunday.statusCode).toBe(400);
    expect(sunday.json()).toMatchObject({ msg: '2026-03-01不是营业日，没有日终处理' });
    expect(done).toEqual([]);
  });

  it('runs its steps in order; a failed step ends the run, recorded with its progress, for operators to see', async () => {
    t.clock.advance(12 * HOUR); // 21:00 on Monday 2026-03-02
    const response = await runOf();
    expect(response.statusCode).toBe(200);
    const run = response.json<{ data: DayEndRun }>().data;
    expect(run).toMatchObject({
      businessDate: '2026-03-02',
      status: 'failed',
      error: 'batched: the disk went away',
      steps: [
        { name: 'first', status: 'done', processed: 1 },
        { name: 'batched', status: 'failed', processed: 10 },
      ],
    });
    expect(done).toEqual(['first 2026-03-02', 'batched a']);
    const { access_token } = await signIn(t.app, '13800000002');
    const status = await getData<SystemStatus>(t.app, '/api/scbill/shcpe/system/status', access_token);
    expect(status.dayEnd).toMatchObject({ businessDate: '2026-03-02', status: 'failed' });
  });

  it('resumes a failed run where its step stopped, without running what was done again', async () => {
    const run = (await runOf('2026-03-02')).json<{ data: DayEndRun }>().data;
    expect(done).toEqual(['batched b', 'batched c']);
    expect(run).toMatchObject({
      status: 'done',
      error: null,
      steps: [
        { name: 'first', status: 'done', processed: 1 },
        { name: 'batched', status: 'done', processed: 30 },
      ],
    });
  });

  it('runs a day once: asking again for a day that is done changes nothing', async () => {
    const again = (await runOf('2026-03-02')).json<{ data: DayEndRun }>().data;
    expect(again.status).toBe('done');
    expect(done).toEqual([]);
    const runs = await t.app.db.selectFrom('day_end_runs').select('business_date').execute();
    expect(runs.map((row) => row.business_date)).toEqual(['2026-03-02']);
  });

  it("takes over a run whose node died (its lease ran out) and goes on from the step's last batch", async () => {
    t.clock.advance(24 * HOUR); // 21:00 on Tuesday the 3rd
    const now = t.clock.now();
    await t.app.db
      .insertInto('day_end_runs')
      .values({
        id: 'dead-node-run',
        business_date: '2026-03-03',
        status: 'running',
        attempts: 1,
        lease_expires_at: now - 1,
        created_at: now - 60_000,
        started_at: now - 60_000,
      })
      .execute();
    await t.app.db
      .insertInto('day_end_steps')
      .values(
        [
          {
            run_id: 'dead-node-run',
            name: 'first',
            position: 0,
            status: 'done',
            cursor: 'only',
            processed: 1,
          },
          {
            run_id: 'dead-node-run',
            name: 'batched',
            position: 1,
            status: 'running',
            cursor: 'b',
            processed: 20,
          },
        ].map((row) => ({ ...row, started_at: now - 60_000, finished_at: null, error: null })),
      )
      .execute();
    const run = (await runOf('2026-03-03')).json<{ data: DayEndRun }>().data;
    expect(done).toEqual(['batched c']);
    expect(run).toMatchObject({ status: 'done', attempts: 2, steps: [{ processed: 1 }, { processed: 30 }] });
  });

  it('leaves a run whose lease is still held to the node holding it', async () => {
    t.clock.advance(24 * HOUR); // Wednesday the 4th
    const now = t.clock.now();
    await t.app.db
      .insertInto('day_end_runs')
      .values({
        id: 'live-node-run',
        business_date: '2026-03-04',
        status: 'running',
        attempts: 1,
        lease_expires_at: now + 30_000,
        created_at: now,
        started_at: now,
      })
      .execute();
    const run = (await runOf('2026-03-04')).json<{ data: DayEndRun }>().data;
    expect(run.status).toBe('running');
    expect(done).toEqual([]);
  });

  it('is scheduled by the worker itself once the close has passed, on the business day that closed', async () => {
    t.clock.advance(2 * 24 * HOUR + HOUR); // Friday the 6th, 22:00
    t.app.dayEnd.worker.kick();
    await t.app.dayEnd.worker.idle();
    expect((await t.app.dayEnd.record('2026-03-06'))?.status).toBe('done');
    // Wednesday's run, whose node has not renewed its lease since, is taken over first; Thursday, which no
    // node closed, is not run by itself.
    expect((await t.app.dayEnd.record('2026-03-04'))?.status).toBe('done');
    expect(await t.app.dayEnd.record('2026-03-05')).toBeNull();
    const all = ['first', 'batched a', 'batched b', 'batched c'];
    expect(done).toEqual([
      ...all.map((s) => s.replace('first', 'first 2026-03-04')),
      ...all.map((s) => s.replace('first', 'first 2026-03-06')),
    ]);
  });

  it('hands the run back as pending when its node shuts down in the middle of a step', async () => {
    let other: TestApp | null = null;
    const shuttingDown: DayEndStep = {
      name: 'shutting-down',
      run: async (ctx) => {
        void other?.app.dayEnd.worker.stop();
        await ctx.progress('never', 1);
      },
    };
    other = await startApp({}, { dayEndSteps: [shuttingDown] });
    try {
      other.clock.advance(12 * HOUR);
      const run = await other.app.dayEnd.runNow('2026-03-02');
      expect(run).toMatchObject({
        status: 'pending',
        attempts: 0,
        steps: [{ name: 'shutting-down', status: 'running', processed: 0 }],
      });
    } finally {
      await other.app.close();
    }
  });
});

describe('the sandbox clock', () => {
  it('moves the server clock to a zoned moment and says where it is', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/sandbox/clock',
      payload: { at: '2028-02-29T21:30:00+08:00' },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ data: { now: '2028-02-29T13:30:00.000Z' } });
    expect(t.app.now()).toBe(at('2028-02-29', '21:30'));
    const read = await t.app.inject({ method: 'GET', url: '/api/sandbox/clock' });
    expect(read.json<{ data: { offsetMs: number } }>().data.offsetMs).toBe(
      at('2028-02-29', '21:30') - t.clock.now(),
    );
  });

  it('refuses a moment without its zone', async () => {
    const response = await t.app.inject({
      method: 'PUT',
      url: '/api/sandbox/clock',
      payload: { at: '2028-02-29T21:30:00' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ msg: '请给出带时区的时间，例如 2027-03-02T21:30:00+08:00' });
  });

  it('does not exist in production, where the clock cannot be moved', async () => {
    const production = await startApp({ sandbox: false });
    try {
      expect(production.app.sandboxClock).toBeNull();
      for (const [method, url] of [
        ['GET', '/api/sandbox/clock'],
        ['PUT', '/api/sandbox/clock'],
        ['POST', '/api/sandbox/day-end'],
      ] as const) {
        expect((await production.app.inject({ method, url, payload: {} })).statusCode).toBe(404);
      }
    } finally {
      await production.app.close();
    }
  });
});
