import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { inject } from 'vitest';
import { createDatabase, type Db } from '../../src/db/database';
import { DEMO_ORGS } from '../../src/db/seed';
import { addDays } from '../../src/lib/calendar-date';
import { shanghaiDate } from '../../src/lib/shanghai-time';
import { holidayCalendar } from '../../src/modules/holiday/service';
import { migratedPostgresDatabase } from '../support/postgres-template';
import { freePort, ServerProcess } from '../support/server-process';

/**
 * The day-end on two real server processes sharing one PostgreSQL database: the node running the close is
 * killed in the middle of 自动提示付款, the other takes the run over once the lease has run out and takes it
 * to the end. Every maturing holding is presented exactly once, what was cleared and reminded before the kill
 * is not done again, no step starts again from the beginning, and the business day has one run.
 */

const serverUrl = inject('postgresUrl');

/** tsx compiles on start; a loaded 2-core machine needs a while. */
const STARTUP_TIMEOUT_MS = 60_000;
const LEASE_SECONDS = 2;
/** Maturing holdings: several batches of presentations (PRESENT_BATCH), so the node dies in the middle of them. */
const HOLDINGS = 2_000;
/** Of which this many have an endorsement still waiting, cleared first. */
const WAITING = 150;
const FACE_FEN = 1_000_000;
const OWNER_USER = '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e001';
const SHANGHAI = DEMO_ORGS.shanghai;
const HOLDERS = [DEMO_ORGS.suzhou, DEMO_ORGS.ningbo];
/** Numbers no demo bill has, so the notices of these bills can be told apart by their number. */
const packageNoOf = (i: number) => `9${String(i).padStart(29, '0')}`;
const PACKAGE_NO_IN = /票据包号(9\d{29})/;

let db: Db;
let dataDirs: string[] = [];
let nodes: [ServerProcess, ServerProcess];

beforeAll(async () => {
  // Migrated already (support/postgres-template.ts): the first node seeds the demo with its own clock.
  const databaseUrl = await migratedPostgresDatabase(serverUrl);
  db = await createDatabase({ dataDir: '', databaseUrl });
  const shared = {
    DATABASE_URL: databaseUrl,
    VERIFICATION_SECRET: crypto.randomBytes(32).toString('hex'),
    RSA_PRIVATE_KEY: crypto
      .generateKeyPairSync('rsa', { modulusLength: 2048 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' }) as string,
    FILE_STORE: 'database',
    TASK_LEASE_SECONDS: String(LEASE_SECONDS),
    TASK_POLL_SECONDS: '1',
  };
  dataDirs = [0, 1].map(() => fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-day-end-')));
  nodes = [
    new ServerProcess(dataDirs[0]!, await freePort(), shared),
    new ServerProcess(dataDirs[1]!, await freePort(), shared),
  ];
  // The second node starts once the first is gone: a node that is up claims any run still pending, and the
  // run must be the first node's when it dies.
  await nodes[0].start(STARTUP_TIMEOUT_MS);
}, 2 * STARTUP_TIMEOUT_MS);

afterAll(async () => {
  for (const node of nodes ?? []) node.killNow();
  await db?.destroy();
  for (const dir of dataDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Moves one node's clock (each process keeps its own) to `at`, an ISO moment with its zone. */
async function moveClock(node: ServerProcess, at: string): Promise<void> {
  const response = await fetch(`${node.baseUrl}/api/sandbox/clock`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ at }),
  });
  expect(response.status, await response.clone().text()).toBe(200);
}

/** HOLDINGS received bills accepted by Shanghai that all mature on `day`, the first WAITING with an endorsement waiting. */
async function maturingBills(day: string, seededAt: number) {
  const bills = Array.from({ length: HOLDINGS }, (_, i) => ({
    packageId: crypto.randomUUID(),
    holdingId: crypto.randomUUID(),
    applicationId: i < WAITING ? crypto.randomUUID() : null,
    packageNo: packageNoOf(i),
    holder: HOLDERS[i % 2]!,
    endorsee: HOLDERS[(i + 1) % 2]!,
  }));
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('bill_packages')
      .values(
        bills.map((b) => ({
          id: b.packageId,
          package_no: b.packageNo,
          drawer_org_id: SHANGHAI.id,
          drawer_name: SHANGHAI.name,
          acceptor_org_id: SHANGHAI.id,
          acceptor_name: SHANGHAI.name,
          payee_org_id: b.holder.id,
          payee_name: b.holder.name,
          drawer_branch_no: '310290000021',
          amount_fen: FACE_FEN,
          issue_date: addDays(day, -180),
          due_date: day,
          no_transfer: 0,
          splittable: 1,
          remark: '',
          created_by: OWNER_USER,
          created_at: seededAt,
          drawer_account_no: null,
          drawer_bank_name: null,
          acceptor_account_no: '31001234567890',
          acceptor_bank_name: '上海浦东发展银行',
          payee_account_no: null,
          payee_bank_name: null,
        })),
      )
      .execute();
    await trx
      .insertInto('bill_holdings')
      .values(
        bills.map((b) => ({
          id: b.holdingId,
          package_id: b.packageId,
          org_id: b.holder.id,
          sub_start: 1,
          sub_end: FACE_FEN,
          amount_fen: FACE_FEN,
          bill_status: 'CS03',
          circ_status: b.applicationId ? 'TF0302' : 'TF0301',
          acquired_at: seededAt,
          ended_at: null,
          account_id: null,
          due_date: day,
        })),
      )
      .execute();
    await trx
      .insertInto('bill_applications')
      .values(
        bills.flatMap((b) =>
          b.applicationId
            ? [
                {
                  id: b.applicationId,
                  package_id: b.packageId,
                  kind: 'endorsement',
                  applicant_org_id: b.holder.id,
                  applicant_user_id: OWNER_USER,
                  receiver_org_id: b.endorsee.id,
                  holding_id: b.holdingId,
                  sub_start: 1,
                  sub_end: FACE_FEN,
                  amount_fen: FACE_FEN,
                  status: 'pending',
                  reason: null,
                  remark: '',
                  answered_by: null,
                  applied_at: seededAt,
                  answered_at: null,
                  receiver_account_id: null,
                },
              ]
            : [],
        ),
      )
      .execute();
  });
  return bills;
}

const runOf = (day: string) =>
  db.selectFrom('day_end_runs').selectAll().where('business_date', '=', day).execute();

const stepsOf = (runId: string) =>
  db.selectFrom('day_end_steps').selectAll().where('run_id', '=', runId).orderBy('position').execute();

/** The presentations for payment made of these bills, one row each. */
const presentationsOf = (packageIds: string[]) =>
  db
    .selectFrom('bill_applications as a')
    .innerJoin('payment_applications as pa', 'pa.application_id', 'a.id')
    .select(['a.package_id', 'a.holding_id', 'pa.presenter_org_id', 'pa.presented_by'])
    .where('a.package_id', 'in', packageIds)
    .where('a.kind', '=', 'payment')
    .execute();

describe('the day-end on two nodes of one PostgreSQL database', () => {
  it('is taken over when the node running it is killed mid-step, and handles every maturing holding once', async () => {
    // A business day years ahead: the close the first node ran when it started cannot reach these bills.
    const calendar = await holidayCalendar(db);
    const day = calendar.businessDayOnOrAfter(addDays(shanghaiDate(Date.now()), 3 * 366));
    const close = Date.parse(`${day}T21:00:00+08:00`);
    const bills = await maturingBills(day, close - 30 * 24 * 3600_000);
    const packageIds = bills.map((b) => b.packageId);
    const waiting = bills.flatMap((b) => (b.applicationId ? [b.applicationId] : []));

    await moveClock(nodes[0], `${day}T21:05:00+08:00`);
    // The first node schedules the close on its next look; it clears and reminds, then is killed while it
    // presents the holdings for payment, a batch a transaction.
    await vi.waitFor(
      async () => {
        const presented = (await presentationsOf(packageIds)).length;
        expect(presented).toBeGreaterThanOrEqual(HOLDINGS / 10);
      },
      { timeout: 60_000, interval: 5 },
    );
    await nodes[0].crash();

    const [dead] = await runOf(day);
    expect(dead).toMatchObject({ status: 'running', attempts: 1 });
    const atKill = await stepsOf(dead!.id);
    expect(atKill.at(-1)).toMatchObject({ name: 'payment.presentMaturing', status: 'running' });
    const presentedAtKill = (await presentationsOf(packageIds)).length;
    expect(presentedAtKill).toBeLessThan(HOLDINGS);

    // The second node comes up with its own clock, before the close: the run is still the dead node's lease
    // to it. Its clock past the close and the lease, it takes the run over on its next look.
    await nodes[1].start(STARTUP_TIMEOUT_MS);
    expect((await runOf(day))[0]).toMatchObject({ status: 'running', attempts: 1 });
    await moveClock(nodes[1], `${day}T21:06:00+08:00`);
    await vi.waitFor(async () => expect((await runOf(day))[0]?.status).toBe('done'), {
      timeout: 120_000,
      interval: 100,
    });

    // The day recorded once, by two claims; each step once and done; what the first node finished was left
    // as it was, and the step it died in went on rather than being recorded again.
    const runs = await runOf(day);
    expect(runs).toHaveLength(1);
    expect(runs[0]).toMatchObject({ status: 'done', attempts: 2, error: null });
    const steps = await stepsOf(runs[0]!.id);
    expect(steps.map((s) => s.status)).toEqual(steps.map(() => 'done'));
    expect(new Set(steps.map((s) => s.name)).size).toBe(steps.length);
    for (const before of atKill) {
      const after = steps.find((s) => s.name === before.name)!;
      expect(Number(after.started_at)).toBe(Number(before.started_at));
      if (before.status === 'done') expect(after).toEqual(before);
    }

    // Every maturing holding presented once, on its holder's behalf, by the system.
    const presentations = await presentationsOf(packageIds);
    expect(presentations).toHaveLength(HOLDINGS);
    expect(new Set(presentations.map((p) => p.package_id)).size).toBe(HOLDINGS);
    const holderOf = new Map<string, string>(bills.map((b) => [b.holdingId, b.holder.id]));
    for (const p of presentations) expect(p.presenter_org_id).toBe(holderOf.get(p.holding_id));
    expect(new Set(presentations.map((p) => p.presented_by)).size).toBe(1);

    // Every waiting endorsement cleared once: one event in its bill's history.
    const cleared = await db
      .selectFrom('bill_events')
      .select(['application_id', 'type'])
      .where('application_id', 'in', waiting)
      .execute();
    expect(cleared).toHaveLength(WAITING);
    expect(new Set(cleared.map((e) => e.application_id)).size).toBe(WAITING);
    expect(new Set(cleared.map((e) => e.type))).toEqual(new Set(['cleared']));

    // The notices about these bills: none twice; the clearing told to both sides and the reminder on the day
    // to the holder and to Shanghai, the acceptor, each once.
    const ours = new Set(bills.map((b) => b.packageNo));
    const notices = await db
      .selectFrom('plat_messages')
      .select(['org_id', 'title', 'content'])
      .where('created_at', '>=', close)
      .where('content', 'like', '%票据包号9%')
      .execute();
    const told = new Map<string, number>();
    for (const notice of notices) {
      const packageNo = PACKAGE_NO_IN.exec(notice.content)?.[1];
      if (!packageNo || !ours.has(packageNo)) continue;
      const key = `${notice.org_id} ${notice.title} ${notice.content}`;
      told.set(key, (told.get(key) ?? 0) + 1);
    }
    expect([...told.values()].filter((n) => n > 1)).toEqual([]);
    const titled = new Map<string, number>();
    for (const notice of notices) {
      const packageNo = PACKAGE_NO_IN.exec(notice.content)?.[1];
      if (!packageNo || !ours.has(packageNo)) continue;
      const key = `${packageNo} ${notice.org_id} ${notice.title}`;
      titled.set(key, (titled.get(key) ?? 0) + 1);
    }
    for (const bill of bills) {
      const owed: Array<[string, string]> = [
        [bill.holder.id, '持有票据今日到期'],
        [SHANGHAI.id, '承兑票据今日到期'],
      ];
      if (bill.applicationId)
        owed.push([bill.holder.id, '转让背书已到期清退'], [bill.endorsee.id, '转让背书已到期清退']);
      for (const [orgId, title] of owed) expect(titled.get(`${bill.packageNo} ${orgId} ${title}`)).toBe(1);
    }
  }, 300_000);
});
