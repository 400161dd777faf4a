// The day-end over 100,000 maturing holdings, on SQLite and on PostgreSQL: a seeded database gets HOLDINGS
// received bills that all mature on one business day (one holding each, Suzhou's and Ningbo's in turn, accepted
// by Shanghai), of which CLEARED still wait on an endorsement; then that day's close runs every step and the
// time is printed, one line a pass. Then, on a database of their own, PLEDGED bills that mature on that day
// still pledged to an institution: the close presents each by its pledgee (payment.presentPledged, one
// transaction a pledge, the act the institution's sandbox `present` call runs), and its time is a second line.
// While the holdings' close runs, signed-in reads (a holder's lists a user opens at the close) are sent at a
// steady pace against the same server, listening on a port of its own, from a process of their own
// (bench/lib/paced-reads.mjs); their p50 and p99 are printed beside those of the same reads sent for
// BENCH_DAY_END_QUIET_S seconds just before, with no close running. The close is the server's own: its
// day-end runner, through the task queue, in the process that answers the reads.
// A figure, not a test: docs/performance.md records it. `npm run bench` runs it after its other measures
// (BENCH_DAY_END_HOLDINGS=0 there skips it).
//
//   npx tsx bench/day-end.ts        (BENCH_DAY_END_HOLDINGS, BENCH_DAY_END_CLEARED, BENCH_DAY_END_PLEDGED
//                                    (0 skips its line) to change the counts, BENCH_DATABASES=sqlite,postgres
//                                    the passes, as for the rest of the bench; BENCH_DAY_END_READS_RATE the
//                                    reads per second, 0 for none, BENCH_DAY_END_QUIET_S their quiet time)
import { execFileSync, fork } from 'node:child_process';
import { once } from 'node:events';
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
import Database from 'better-sqlite3';
import pg from 'pg';
import { buildApp } from '../server/src/app';
import { loadConfig } from '../server/src/config';
import { DEMO_ACCOUNTS } from '../server/src/db/seed';
import { openSession } from '../server/src/modules/auth/tokens';
import { createTestSchema, dropTestSchemas } from '../server/test/support/postgres-test-db';
import { RECOUNT_LEDGER } from './lib/seed-holdings.mjs';
import { countSqlite } from './lib/sqlite-counts.mjs';

const HOLDINGS = Number(process.env.BENCH_DAY_END_HOLDINGS ?? 100_000);
const CLEARED = Number(process.env.BENCH_DAY_END_CLEARED ?? 1_000);
const PLEDGED = Number(process.env.BENCH_DAY_END_PLEDGED ?? 1_000);
const READS_RATE = Number(process.env.BENCH_DAY_END_READS_RATE ?? 20);
const QUIET_S = Number(process.env.BENCH_DAY_END_QUIET_S ?? 20);
/** A business day (a Wednesday) and its close. */
const DAY = '2026-12-16';
const CLOSE = Date.parse(`${DAY}T21:00:00+08:00`);
const SHANGHAI = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a01';
const SUZHOU = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a03';
const NINGBO = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5a04';
const OWNER = '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e001';
/** The demo's 浦发银行（模拟） (server/src/db/demo/institutions.ts): the pledgee. */
const PLEDGEE = '0b6a6c3e-5d2f-4f6e-9a51-3c1d2e4f5b01';
const FACE_FEN = 100_000_00;

const PASSES = (process.env.BENCH_DATABASES || 'sqlite,postgres').split(',').map((name) => name.trim());
const SEEDED_AT = CLOSE - 20 * 24 * 3600_000;

/** The server's configuration for a pass: the sandbox and the demo seed, the day-end run by hand (runNow). */
function configOf(dataDir: string, databaseUrl?: string) {
  const config = loadConfig({
    SANDBOX: 'on',
    SEED_DEMO: 'on',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'error',
    // As the rest of the bench's servers: the reads beside the close share one access token.
    TOKEN_RATE_LIMIT: '0',
    // The day-end's thread on or off as the bench is run (on by default, as the server).
    ...(process.env.DAY_END_THREAD ? { DAY_END_THREAD: process.env.DAY_END_THREAD } : {}),
    ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}),
  });
  return { ...config, dayEndTimer: false };
}

/** Each organisation's counter of the holdings it holds, after the bills were written around the commands. */
const HELD_COUNTERS = `insert into bill_org_holdings (org_id, held)
  select org_id, count(*) from bill_holdings where ended_at is null group by org_id
  on conflict (org_id) do update set held = excluded.held, version = bill_org_holdings.version + 1`;

/** How many maturing bills a pass writes: received ones (`cleared` of them locked), and pledged ones. */
interface Counts {
  holdings: number;
  cleared: number;
  pledged: number;
}

/**
 * Bills that mature on DAY, accepted by Shanghai, one holding each, Suzhou's and Ningbo's in turn: numbers
 * `from` to `from + count - 1` of `prefix` (ids `<prefix>-package-<i>` and `<prefix>-holding-<i>`, package
 * number `9<prefix without dashes>` and `i`), each holding in circulation status `circulation`.
 */
interface MaturingBills {
  prefix: string;
  from: number;
  count: number;
  circulation: string;
}

const packageIdOf = (prefix: string, i: number) => `${prefix}-package-${i}`;
const holdingIdOf = (prefix: string, i: number) => `${prefix}-holding-${i}`;
const packageNoPrefix = (prefix: string) => `9${prefix.replaceAll('-', '')}`;
const holderOf = (i: number) => (i % 2 === 0 ? SUZHOU : NINGBO);

/** The received bills of `counts` (the first `cleared` locked by an endorsement), then the pledged ones. */
function maturingOf(counts: Counts): MaturingBills[] {
  const cleared = Math.min(counts.cleared, counts.holdings);
  return [
    { prefix: 'day-end', from: 0, count: cleared, circulation: 'TF0302' },
    { prefix: 'day-end', from: cleared, count: counts.holdings - cleared, circulation: 'TF0301' },
    { prefix: 'pledged', from: 0, count: counts.pledged, circulation: 'TF0304' },
  ];
}

const PACKAGE_COLUMNS = `id, package_no, drawer_org_id, drawer_name, acceptor_org_id, acceptor_name, payee_org_id,
  payee_name, drawer_branch_no, amount_fen, issue_date, due_date, no_transfer, splittable, remark, created_by,
  created_at, acceptor_account_no, acceptor_bank_name`;
const HOLDING_COLUMNS = `id, package_id, org_id, sub_start, sub_end, amount_fen, bill_status, circ_status,
  acquired_at, ended_at`;
const APPLICATION_COLUMNS = `id, package_id, kind, applicant_org_id, applicant_user_id, receiver_org_id,
  holding_id, sub_start, sub_end, amount_fen, status, reason, remark, answered_by, applied_at, answered_at,
  receiver_account_id`;

/** Writes the maturing bills straight into the SQLite file. */
function seedSqlite(dataDir: string, counts: Counts): void {
  const sqlite = new Database(path.join(dataDir, 'chain-bill.sqlite'));
  const insertPackage = sqlite.prepare(`insert into bill_packages (${PACKAGE_COLUMNS})
  values (?, ?, ?, '上海链票示范供应链有限公司', ?, '上海链票示范供应链有限公司', ?, '持票企业', '310290000021', ?,
  '2026-07-01', ?, 0, 1, '', ?, ?, '31001234567890', '上海浦东发展银行')`);
  const insertHolding = sqlite.prepare(`insert into bill_holdings (${HOLDING_COLUMNS})
  values (?, ?, ?, 1, ?, ?, 'CS03', ?, ?, null)`);
  const insertApplication = sqlite.prepare(`insert into bill_applications (${APPLICATION_COLUMNS})
  values (?, ?, 'endorsement', ?, ?, ?, ?, 1, ?, ?, 'pending', null, '', null, ?, null, null)`);
  // A pledge signed before: its application (kind pledge, signed by the institution) and the pledge in force
  // on the holding it rests on (TF0304).
  const insertPledgeApplication = sqlite.prepare(`insert into bill_applications (${APPLICATION_COLUMNS})
  values (?, ?, 'pledge', ?, ?, ?, ?, 1, ?, ?, 'signed', null, '', null, ?, ?, null)`);
  const insertPledge = sqlite.prepare(`insert into bill_pledges (application_id, package_id, pledgor_org_id,
  pledgee_org_id, holding_id, pledged_at, released_at, created_at) values (?, ?, ?, ?, ?, ?, null, ?)`);
  const seedMaturing = ({ prefix, from, count, circulation }: MaturingBills) => {
    const width = 30 - packageNoPrefix(prefix).length;
    for (let i = from; i < from + count; i += 1) {
      const packageId = packageIdOf(prefix, i);
      const packageNo = `${packageNoPrefix(prefix)}${String(i).padStart(width, '0')}`;
      const holder = holderOf(i);
      insertPackage.run(packageId, packageNo, SHANGHAI, SHANGHAI, holder, FACE_FEN, DAY, OWNER, SEEDED_AT);
      insertHolding.run(
        holdingIdOf(prefix, i),
        packageId,
        holder,
        FACE_FEN,
        FACE_FEN,
        circulation,
        SEEDED_AT,
      );
    }
  };
  sqlite.transaction(() => {
    for (const bills of maturingOf(counts)) seedMaturing(bills);
    for (let i = 0; i < Math.min(counts.cleared, counts.holdings); i += 1) {
      const holder = holderOf(i);
      insertApplication.run(
        `day-end-application-${i}`,
        packageIdOf('day-end', i),
        holder,
        OWNER,
        holder === SUZHOU ? NINGBO : SUZHOU,
        holdingIdOf('day-end', i),
        FACE_FEN,
        FACE_FEN,
        SEEDED_AT,
      );
    }
    for (let i = 0; i < counts.pledged; i += 1) {
      const [packageId, holdingId, holder] = [
        packageIdOf('pledged', i),
        holdingIdOf('pledged', i),
        holderOf(i),
      ];
      const applicationId = `pledge-application-${i}`;
      insertPledgeApplication.run(
        applicationId,
        packageId,
        holder,
        OWNER,
        PLEDGEE,
        holdingId,
        FACE_FEN,
        FACE_FEN,
        SEEDED_AT,
        SEEDED_AT,
      );
      insertPledge.run(applicationId, packageId, holder, PLEDGEE, holdingId, SEEDED_AT, SEEDED_AT);
    }
  })();
  sqlite.exec(HELD_COUNTERS);
  for (const statement of RECOUNT_LEDGER) sqlite.exec(statement);
  sqlite.close();
}

/** The maturing bills of `bills` on PostgreSQL, generated by the server in two statements. */
async function seedMaturingPostgres(client: pg.Client, { prefix, from, count, circulation }: MaturingBills) {
  const last = from + count - 1;
  await client.query(
    `INSERT INTO bill_packages (${PACKAGE_COLUMNS})
     SELECT $9::text || '-package-' || i, $10::text || lpad(i::text, 30 - length($10::text), '0'), $1, '上海链票示范供应链有限公司',
       $1, '上海链票示范供应链有限公司', CASE WHEN i % 2 = 0 THEN $2 ELSE $3 END, '持票企业', '310290000021', $4,
       '2026-07-01', $5, 0, 1, '', $6, $7, '31001234567890', '上海浦东发展银行'
     FROM generate_series($8::int, $11::int) AS i`,
    [SHANGHAI, SUZHOU, NINGBO, FACE_FEN, DAY, OWNER, SEEDED_AT, from, prefix, packageNoPrefix(prefix), last],
  );
  await client.query(
    `INSERT INTO bill_holdings (${HOLDING_COLUMNS})
     SELECT $6::text || '-holding-' || i, $6::text || '-package-' || i, CASE WHEN i % 2 = 0 THEN $1 ELSE $2 END, 1, $3, $3,
       'CS03', $4, $5, NULL
     FROM generate_series($7::int, $8::int) AS i`,
    [SUZHOU, NINGBO, FACE_FEN, circulation, SEEDED_AT, prefix, from, last],
  );
}

/** The same bills on PostgreSQL, generated by the server in a few statements. */
async function seedPostgres(url: string, counts: Counts): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query('BEGIN');
    for (const bills of maturingOf(counts)) await seedMaturingPostgres(client, bills);
    await client.query(
      `INSERT INTO bill_applications (${APPLICATION_COLUMNS})
       SELECT 'day-end-application-' || i, 'day-end-package-' || i, 'endorsement',
         CASE WHEN i % 2 = 0 THEN $1 ELSE $2 END, $3, CASE WHEN i % 2 = 0 THEN $2 ELSE $1 END,
         'day-end-holding-' || i, 1, $4, $4, 'pending', NULL, '', NULL, $5, NULL, NULL
       FROM generate_series(0, $6::int - 1) AS i`,
      [SUZHOU, NINGBO, OWNER, FACE_FEN, SEEDED_AT, Math.min(counts.cleared, counts.holdings)],
    );
    await client.query(
      `INSERT INTO bill_applications (${APPLICATION_COLUMNS})
       SELECT 'pledge-application-' || i, 'pledged-package-' || i, 'pledge',
         CASE WHEN i % 2 = 0 THEN $1 ELSE $2 END, $3, $4, 'pledged-holding-' || i, 1, $5, $5, 'signed', NULL, '',
         NULL, $6, $6, NULL
       FROM generate_series(0, $7::int - 1) AS i`,
      [SUZHOU, NINGBO, OWNER, PLEDGEE, FACE_FEN, SEEDED_AT, counts.pledged],
    );
    await client.query(
      `INSERT INTO bill_pledges (application_id, package_id, pledgor_org_id, pledgee_org_id, holding_id,
         pledged_at, released_at, created_at)
       SELECT 'pledge-application-' || i, 'pledged-package-' || i, CASE WHEN i % 2 = 0 THEN $1 ELSE $2 END, $3,
         'pledged-holding-' || i, $4, NULL, $4
       FROM generate_series(0, $5::int - 1) AS i`,
      [SUZHOU, NINGBO, PLEDGEE, SEEDED_AT, counts.pledged],
    );
    await client.query(HELD_COUNTERS);
    for (const statement of RECOUNT_LEDGER) await client.query(statement);
    await client.query('COMMIT');
    await client.query('ANALYZE');
  } finally {
    await client.end();
  }
}

/**
 * The statements and commits of this process's event loop on SQLite; each step's own are read around its run.
 * With the day-end's thread (DAY_END_THREAD, on by default) the steps' statements run there and are not
 * counted: DAY_END_THREAD=off runs them on the event loop, counted.
 */
const sqliteCounts = countSqlite();
const ON_THREAD = (process.env.DAY_END_THREAD ?? 'on') === 'on';

interface StepFigures {
  seconds: number;
  statements: number;
  commits: number;
}

/**
 * Each step of the close timed (and on the event loop counted) as it runs, from the progress the runner
 * reports to the metrics: 0 when a step starts, 1 when it is done.
 */
const measured = new WeakSet<object>();
function measureSteps(app: Awaited<ReturnType<typeof buildApp>>, figures: Map<string, StepFigures>): void {
  // The metrics without METRICS=on are one object every app shares: wrapped once.
  if (measured.has(app.metrics)) return;
  measured.add(app.metrics);
  const started = new Map<string, { at: bigint; statements: number; commits: number }>();
  const report = app.metrics.dayEndProgress.bind(app.metrics);
  app.metrics.dayEndProgress = (step, done, total) => {
    report(step, done, total);
    const { statements, commits } = sqliteCounts.counts;
    if (done === 0) {
      started.set(step, { at: process.hrtime.bigint(), statements, commits });
      return;
    }
    const from = started.get(step);
    if (!from) return;
    const earlier = figures.get(step);
    figures.set(step, {
      seconds: (earlier?.seconds ?? 0) + Number(process.hrtime.bigint() - from.at) / 1e9,
      statements: (earlier?.statements ?? 0) + statements - from.statements,
      commits: (earlier?.commits ?? 0) + commits - from.commits,
    });
  };
}
const stepFigures = new Map<string, StepFigures>();

/** Whose reads are sent beside the close: Suzhou's operator, holder of half the maturing bills. */
const READER_MOBILE = '13800000005';

/**
 * The reads a holder's user makes at the close: who is signed in, the bell (the first 5 unread notices: the
 * close writes a reminder to each holder of every bill), the held bills, and 待签收.
 */
const READ_ROUTES = [
  { name: 'GET /api/user', path: '/api/user' },
  { name: 'the bell', method: 'POST', path: '/api/plat-message/page?page=0&size=5', body: { status: 0 } },
  { name: 'held', path: '/api/scbill/bills/held?page=0&size=10' },
  { name: '待签收', path: '/api/scbill/bill-applications/pending?page=0&size=10' },
];

/** A route's latencies over a phase (ms), as bench/lib/paced-reads.mjs answers them. */
interface ReadFigures {
  count: number;
  p50: number;
  p99: number;
  max: number;
  failures: number;
}

/**
 * Starts the reads beside `app` (listening now on a port of its own): READS_RATE a second from their own
 * process, as READER_MOBILE for Suzhou. `phase(name)` tags the requests sent from then on and measures the
 * server's event-loop delay over the phase; `stop()` answers each phase's figures.
 */
async function readsBeside(app: Awaited<ReturnType<typeof buildApp>>, config: ReturnType<typeof configOf>) {
  await app.listen({ host: '127.0.0.1', port: 0 });
  const { port } = app.server.address() as AddressInfo;
  const reader = DEMO_ACCOUNTS.find((account) => account.mobile === READER_MOBILE);
  if (!reader) throw new Error(`no demo account ${READER_MOBILE}`);
  const { accessToken } = await openSession(
    app.db,
    { userId: reader.id, orgId: SUZHOU, clientId: config.clientId },
    CLOSE,
    config,
  );
  const child = fork(path.join('bench', 'lib', 'paced-reads.mjs'), {
    execArgv: [],
    env: {
      ...process.env,
      BENCH_READS_BASE: `http://127.0.0.1:${port}`,
      BENCH_READS_TOKEN: accessToken,
      BENCH_READS_RATE: String(READS_RATE),
      BENCH_READS_ROUTES: JSON.stringify(READ_ROUTES),
    },
  });
  const loopDelays = new Map<string, ReturnType<typeof monitorEventLoopDelay>>();
  let current: ReturnType<typeof monitorEventLoopDelay> | null = null;
  return {
    phase(name: string) {
      current?.disable();
      current = monitorEventLoopDelay({ resolution: 10 });
      current.enable();
      loopDelays.set(name, current);
      child.send({ phase: name });
    },
    async stop() {
      current?.disable();
      const answered = once(child, 'message');
      child.send({ stop: true });
      const [{ figures }] = (await answered) as [{ figures: Record<string, Record<string, ReadFigures>> }];
      const ms = (ns: number) => Number((ns / 1e6).toFixed(1));
      return Object.fromEntries(
        [...loopDelays].map(([name, delay]) => [
          name,
          {
            ...figures[name],
            // The server's own event loop over the phase: how long a request could wait for it to be free.
            eventLoopDelay: { p99: ms(delay.percentile(99)), max: ms(delay.max) },
          },
        ]),
      );
    },
  };
}

/** Seeds a fresh database of the pass with `counts`, then times that day's close. */
async function measure(pass: string, counts: Counts) {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-day-end-'));
  let databaseUrl: string | undefined;
  if (pass === 'postgres') {
    const serverUrl = execFileSync(process.execPath, ['scripts/ensure-postgres.mjs'], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'inherit'],
    }).trim();
    databaseUrl = (await createTestSchema(serverUrl)).url;
  } else if (pass !== 'sqlite') {
    throw new Error(`BENCH_DATABASES names no pass "${pass}": sqlite, postgres`);
  }
  const config = configOf(dataDir, databaseUrl);
  try {
    // Migrate and seed, then write the maturing bills straight into the database.
    await (await buildApp(config, { now: () => CLOSE - 40 * 24 * 3600_000 })).close();
    if (databaseUrl) await seedPostgres(databaseUrl, counts);
    else seedSqlite(dataDir, counts);

    const app = await buildApp(config, { now: () => CLOSE });
    measureSteps(app, stepFigures);
    const reads = counts.holdings > 0 && READS_RATE > 0 ? await readsBeside(app, config) : null;
    if (reads) {
      // Warm the reads (JIT, prepared statements), then measure them with no close running.
      reads.phase('warm-up');
      await sleep(2_000);
      reads.phase('quiet');
      await sleep(QUIET_S * 1000);
      reads.phase('day-end');
    }
    stepFigures.clear();
    sqliteCounts.reset();
    const cpu = process.cpuUsage();
    const started = process.hrtime.bigint();
    const run = await app.dayEnd.runNow(DAY);
    const seconds = Number(process.hrtime.bigint() - started) / 1e9;
    const { user, system } = process.cpuUsage(cpu);
    const { statements, commits } = sqliteCounts.counts;
    const readFigures = await reads?.stop();
    await app.close();
    const items = counts.holdings + counts.pledged;
    const perItem = (value: number) => Number((value / items).toFixed(2));
    return {
      database: pass,
      holdings: counts.holdings,
      pledged: counts.pledged,
      status: run.status,
      steps: run.steps.map((step) => `${step.name}: ${step.processed}`),
      seconds: Number(seconds.toFixed(1)),
      // The process's CPU time: what the close cost this process, whatever else the machine ran.
      cpuSeconds: Number(((user + system) / 1e6).toFixed(1)),
      ...(pass === 'sqlite' ? { onThread: ON_THREAD } : {}),
      ...(pass === 'sqlite' && !ON_THREAD
        ? { statementsPerBill: perItem(statements), commitsPerBill: perItem(commits) }
        : {}),
      stepFigures: Object.fromEntries(
        [...stepFigures].map(([name, figure]) => [
          name,
          pass === 'sqlite' && !ON_THREAD
            ? `${figure.seconds.toFixed(1)} s, ${figure.statements} statements, ${figure.commits} commits`
            : `${figure.seconds.toFixed(1)} s`,
        ]),
      ),
      ...(readFigures
        ? {
            reads: {
              perSecond: READS_RATE,
              quiet: readFigures.quiet,
              duringDayEnd: readFigures['day-end'],
            },
          }
        : {}),
      load: os.loadavg()[0]?.toFixed(1),
    };
  } finally {
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (databaseUrl) await dropTestSchemas();
  }
}

for (const pass of PASSES) {
  if (HOLDINGS > 0)
    console.log(JSON.stringify(await measure(pass, { holdings: HOLDINGS, cleared: CLEARED, pledged: 0 })));
  if (PLEDGED > 0)
    console.log(JSON.stringify(await measure(pass, { holdings: 0, cleared: 0, pledged: PLEDGED })));
}
