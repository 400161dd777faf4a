// The day-end's batches on a thread of their own (modules/day-end/thread.ts), on a SQLite database file: the
// same close as on the event loop, its events delivered to the server's sockets, and a run stopped in the
// middle of a step by the server's shutdown resumed by the next start where its last batch ended.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { REALTIME_EVENT } from '@contract/realtime';
import { sql } from 'kysely';
import type { Db } from '../../../src/db/database';
import { startApp, type TestApp } from '../../support/helpers';

const SHANGHAI = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a01';
const SUZHOU = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a03';
const NINGBO = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a04';
const OWNER = '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e001';
/** A business day (Tuesday) after the tests' start (T0, Monday 2026-03-02), and its close. */
const DUE = '2026-03-03';
const CLOSE = Date.parse(`${DUE}T21:00:00+08:00`);
/** Bills maturing on DUE: three batches of presentations (500 a batch) and of reminders' bills. */
const BILLS = 1_200;
/** Of them, locked by an endorsement still waiting: cleared at the close. */
const LOCKED = 60;
const FACE_FEN = 100_000_00;

const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

function dataDir(): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'day-end-thread-'));
  dirs.push(dir);
  return dir;
}

/** A server on the database file in `dir`, its clock at DUE's close. */
async function openApp(dir: string, dayEndThread: boolean): Promise<TestApp> {
  const t = await startApp({ dataDir: dir, inMemoryDb: false, dayEndThread });
  t.clock.advance(CLOSE - t.clock.now());
  return t;
}

/** BILLS received bills maturing on DUE, one holding each, Suzhou's and Ningbo's in turn; LOCKED of them locked. */
async function seedMaturing(db: Db, at: number): Promise<void> {
  const holderOf = (i: number) => (i % 2 === 0 ? SUZHOU : NINGBO);
  const indexes = Array.from({ length: BILLS }, (_, i) => i);
  await db.transaction().execute(async (trx) => {
    for (let from = 0; from < BILLS; from += 200) {
      const chunk = indexes.slice(from, from + 200);
      await trx
        .insertInto('bill_packages')
        .values(
          chunk.map((i) => ({
            id: `thread-package-${String(i).padStart(5, '0')}`,
            package_no: `9${String(i).padStart(29, '0')}`,
            drawer_org_id: SHANGHAI,
            drawer_name: '上海链票示范供应链有限公司',
            acceptor_org_id: SHANGHAI,
            acceptor_name: '上海链票示范供应链有限公司',
            payee_org_id: holderOf(i),
            payee_name: '持票企业',
            drawer_branch_no: '310290000021',
            amount_fen: FACE_FEN,
            issue_date: '2025-09-03',
            due_date: DUE,
            no_transfer: 0,
            splittable: 1,
            remark: '',
            created_by: OWNER,
            created_at: at,
            acceptor_account_no: '31001234567890',
            acceptor_bank_name: '上海浦东发展银行',
          })),
        )
        .execute();
      await trx
        .insertInto('bill_holdings')
        .values(
          chunk.map((i) => ({
            id: `thread-holding-${String(i).padStart(5, '0')}`,
            package_id: `thread-package-${String(i).padStart(5, '0')}`,
            org_id: holderOf(i),
            sub_start: 1,
            sub_end: FACE_FEN,
            amount_fen: FACE_FEN,
            bill_status: 'CS03',
            circ_status: i < LOCKED ? 'TF0302' : 'TF0301',
            acquired_at: at,
            ended_at: null,
            due_date: DUE,
          })),
        )
        .execute();
    }
    await trx
      .insertInto('bill_applications')
      .values(
        indexes.slice(0, LOCKED).map((i) => ({
          id: `thread-application-${i}`,
          package_id: `thread-package-${String(i).padStart(5, '0')}`,
          kind: 'endorsement',
          applicant_org_id: holderOf(i),
          applicant_user_id: OWNER,
          receiver_org_id: holderOf(i + 1),
          holding_id: `thread-holding-${String(i).padStart(5, '0')}`,
          sub_start: 1,
          sub_end: FACE_FEN,
          amount_fen: FACE_FEN,
          status: 'pending',
          reason: null,
          remark: '',
          answered_by: null,
          applied_at: at,
          answered_at: null,
          receiver_account_id: null,
        })),
      )
      .execute();
    // The counters the ledger keeps as it writes, for rows written around it.
    await sql`insert into bill_org_holdings (org_id, held)
      select org_id, count(*) from bill_holdings where ended_at is null group by org_id
      on conflict (org_id) do update set held = excluded.held, version = bill_org_holdings.version + 1`.execute(
      trx,
    );
    await sql`delete from bill_payable_days`.execute(trx);
    await sql`insert into bill_payable_days (acceptor_org_id, due_date, bills, amount_fen)
      select p.acceptor_org_id, p.due_date, count(distinct p.id), sum(h.amount_fen)
      from bill_packages p join bill_holdings h on h.package_id = p.id
      where h.ended_at is null and h.bill_status = 'CS03' and h.circ_status <> 'TF0501'
      group by p.acceptor_org_id, p.due_date`.execute(trx);
  });
}

/** What the close left in the database, in terms that do not depend on generated ids. */
async function outcome(db: Db) {
  const count = async (query: ReturnType<typeof sql<{ n: number }>>) =>
    Number((await query.execute(db)).rows[0]?.n ?? 0);
  const holdings = await db
    .selectFrom('bill_holdings')
    .select(['circ_status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('package_id', 'like', 'thread-package-%')
    .where('ended_at', 'is', null)
    .groupBy('circ_status')
    .orderBy('circ_status')
    .execute();
  const applications = await db
    .selectFrom('bill_applications')
    .select(['kind', 'status', (eb) => eb.fn.countAll<number>().as('n')])
    .where('package_id', 'like', 'thread-package-%')
    .groupBy(['kind', 'status'])
    .orderBy('kind')
    .orderBy('status')
    .execute();
  const notices = await db
    .selectFrom('plat_messages')
    .select(['org_id', 'type', 'title', (eb) => eb.fn.countAll<number>().as('n')])
    .where('created_at', '=', CLOSE)
    .groupBy(['org_id', 'type', 'title'])
    .orderBy('org_id')
    .orderBy('type')
    .orderBy('title')
    .execute();
  const steps = await db
    .selectFrom('day_end_steps as s')
    .innerJoin('day_end_runs as r', 'r.id', 's.run_id')
    .select(['s.name', 's.status', 's.processed', 'r.status as run'])
    .where('r.business_date', '=', DUE)
    .orderBy('s.position')
    .execute();
  return {
    holdings,
    applications,
    notices,
    steps,
    presentations: await count(sql`select count(*) as n from payment_applications p
      join bill_applications a on a.id = p.application_id where a.package_id like 'thread-package-%'`),
    reminders: await count(
      sql`select count(*) as n from maturity_reminders where package_id like 'thread-package-%'`,
    ),
    history: await count(sql`select count(*) as n from bill_events where package_id like 'thread-package-%'`),
  };
}

/** The messages the server's sockets of Suzhou's and Ningbo's users receive, counted by type. */
function listen(t: TestApp): Map<string, number> {
  const received = new Map<string, number>();
  for (const orgId of [SUZHOU, NINGBO]) {
    t.app.realtime.add(`listener-${orgId}`, orgId, {
      send: (data: string) => {
        const { type } = JSON.parse(data) as { type: string };
        received.set(type, (received.get(type) ?? 0) + 1);
      },
    });
  }
  return received;
}

let reference: Awaited<ReturnType<typeof outcome>>;
let referenceEvents: Map<string, number>;

describe('the day-end on a thread of its own', () => {
  beforeAll(async () => {
    // The close on the event loop, as in-memory databases and PostgreSQL run it: the reference.
    const t = await openApp(dataDir(), false);
    try {
      expect(t.app.dayEnd.thread).toBeUndefined();
      await seedMaturing(t.app.db, CLOSE - 86_400_000);
      referenceEvents = listen(t);
      const run = await t.app.dayEnd.runNow(DUE);
      expect(run.status).toBe('done');
      reference = await outcome(t.app.db);
    } finally {
      await t.app.close();
    }
    // What the close does to these bills, so that a thread that did nothing could not match it.
    expect(reference.presentations).toBe(BILLS);
    expect(reference.reminders).toBe(2 * BILLS);
    expect(reference.applications).toContainEqual({ kind: 'endorsement', status: 'cleared', n: LOCKED });
    expect(referenceEvents.get(REALTIME_EVENT.notice)).toBeGreaterThan(0);
  }, 120_000);

  it('closes the day as the event loop does, and its events reach the server’s sockets', async () => {
    const t = await openApp(dataDir(), true);
    try {
      await seedMaturing(t.app.db, CLOSE - 86_400_000);
      const events = listen(t);
      const run = await t.app.dayEnd.runNow(DUE);
      expect(run.status).toBe('done');
      expect(t.app.dayEnd.thread?.stepsDone).toBe(run.steps.length);
      expect(await outcome(t.app.db)).toEqual(reference);
      expect(events).toEqual(referenceEvents);
    } finally {
      await t.app.close();
    }
  }, 120_000);

  it('hands a run stopped by a shutdown mid-step back, and the next start finishes it from its last batch', async () => {
    const dir = dataDir();
    const first = await openApp(dir, true);
    let stoppedAt: { cursor: string | null; processed: number } | undefined;
    let running: Promise<unknown> = Promise.resolve();
    try {
      await seedMaturing(first.app.db, CLOSE - 86_400_000);
      // Its answer may never come: the shutdown closes the database it would read the record from.
      running = first.app.dayEnd.runNow(DUE).catch(() => null);
      // Shut down once the presentations' first batch has committed on the thread.
      for (;;) {
        const step = await first.app.db
          .selectFrom('day_end_steps')
          .select(['cursor', 'processed'])
          .where('name', '=', 'payment.presentMaturing')
          .executeTakeFirst();
        if (step?.cursor) {
          stoppedAt = step;
          break;
        }
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
    } finally {
      // The shutdown tells the thread to stop at its next batch and hands the run back.
      await first.app.close();
      await running;
    }
    expect(stoppedAt?.processed).toBeLessThan(BILLS);
    const second = await openApp(dir, true);
    try {
      const handedBack = await second.app.db
        .selectFrom('day_end_runs')
        .select(['status'])
        .where('business_date', '=', DUE)
        .executeTakeFirstOrThrow();
      expect(handedBack.status).toBe('pending');
      const presented = await second.app.db
        .selectFrom('day_end_steps')
        .select(['status', 'processed'])
        .where('name', '=', 'payment.presentMaturing')
        .executeTakeFirstOrThrow();
      // Stopped before its last batch: the rest is the next start's.
      expect(presented.status).toBe('running');
      expect(presented.processed).toBeLessThan(BILLS);
      const run = await second.app.dayEnd.runNow(DUE);
      expect(run.status).toBe('done');
      expect(await outcome(second.app.db)).toEqual(reference);
    } finally {
      await second.app.close();
    }
  }, 180_000);
});
