// `npm run bench`: start-up, the API's hot paths as a ratio of a bare Fastify route on SQLite and on
// PostgreSQL, sign-in throughput, the login route's JavaScript and Lighthouse's mobile scores. Needs a build
// (npm run bench builds first) and Chromium. Tunables: BENCH_ROUNDS (3; 0 skips the hot paths),
// BENCH_DURATION seconds per run (3), BENCH_STARTS (5; 0 skips start-up), BENCH_LIGHTHOUSE_RUNS (3; 0 skips
// Lighthouse), BENCH_DAY_END_HOLDINGS (100,000 maturing holdings through a day-end on each pass, then
// BENCH_DAY_END_PLEDGED (1,000) pledged bills presented by their pledgees, bench/day-end.ts; 0 skips it),
// BENCH_ROUTES (pieces of routes' names separated by `|`: measures only the routes whose names contain one),
// BENCH_DATABASES (`sqlite,postgres`: the passes to run), BENCH_SIGN_INS (300; 0 skips the sign-in throughput),
// BENCH_WRITES (200 round trips of each write path of bench/routes.mjs as fast as they go and 200 more at the
// target rate; 0 skips them; BENCH_ROUTES selects them by name too), BENCH_BROWSER (1; 0 skips the login
// route's JavaScript, the entry link and Lighthouse, which need Chromium), BENCH_LIGHTHOUSE_REPORTS (a folder
// to keep each Lighthouse run's full JSON report in), BENCH_SERVER_NODE_ARGS (Node's flags for the measured
// server, e.g. a CPU profile).
// Results: a table, and bench/results/<date>.json.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import forge from 'node-forge';
import { DEMO, entryLinkToStatistics, loginRouteJavaScript, signInByEntryLink } from './lib/browser.mjs';
import { lighthouseScores } from './lib/lighthouse.mjs';
import { postgresDatabase, sqliteDatabase } from './lib/databases.mjs';
import { cannon, compareWithBare } from './lib/load.mjs';
import { startBare, startServer } from './lib/processes.mjs';
import { Report } from './lib/report.mjs';
import { measureStartup } from './lib/startup.mjs';
import { BENCH_VERIFICATION_SECRET, WRITE_ORGS, paced, writeParty } from './lib/write-acts.mjs';
import { MEASURED_ROUTES, ROUTE_TARGETS, WRITE_PATHS, WRITE_TARGETS } from './routes.mjs';

const intEnv = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= 0 && process.env[name] !== '' ? value : fallback;
};
const ROUNDS = intEnv('BENCH_ROUNDS', 3);
const DURATION_S = intEnv('BENCH_DURATION', 3);
const STARTS = intEnv('BENCH_STARTS', 5);
const LIGHTHOUSE_RUNS = intEnv('BENCH_LIGHTHOUSE_RUNS', 3);
const ONLY_ROUTES = (process.env.BENCH_ROUTES ?? '').split('|');
const DATABASES = (process.env.BENCH_DATABASES || 'sqlite,postgres').split(',').map((name) => name.trim());
const SIGN_INS = intEnv('BENCH_SIGN_INS', 300);
const BROWSER = intEnv('BENCH_BROWSER', 1) > 0;
const WRITES = intEnv('BENCH_WRITES', 200);
const DAY_END_HOLDINGS = intEnv('BENCH_DAY_END_HOLDINGS', 100_000);
// Node's own flags for the measured server, e.g. `--cpu-prof --cpu-prof-dir=/tmp/prof` for a CPU profile of
// a pass (written when the pass stops it); Node refuses --cpu-prof in NODE_OPTIONS.
const SERVER_NODE_ARGS = (process.env.BENCH_SERVER_NODE_ARGS ?? '').split(' ').filter(Boolean);
const CONNECTIONS = 50;
const SIGN_IN_CONNECTIONS = 4;

const BASIC = `Basic ${Buffer.from('chain-bill-web:chain-bill-web-public').toString('base64')}`;
const TARGET = {
  seededStartMs: { max: 1000 },
  emptyStartMs: { max: 1500 },
  loginJsGzipKb: { max: 150 },
  lighthouse: { min: 95 },
  /** The figure: 100,000 maturing holdings through the day-end in under a minute. */
  dayEndS: { max: 60 },
};

function encryptPassword(publicKeyPem, password) {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'));
}

/** The i-th simulated client's address: each sign-in comes from its own, as the server's proxy says. */
const clientAddress = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

const signInForm = (password, verification) => ({
  grant_type: 'mobile_password',
  mobile: DEMO.mobile,
  password,
  captchaVerification: verification,
  scope: 'all',
  systemRole: '2',
});

/**
 * SIGN_INS sign-ins over 4 connections, each from its own client address (the server trusts the bench's
 * proxy). Puzzle answers are excluded from the figures: verifications are written straight into the database,
 * each for the client address that will spend it (a verification is good only from the address that solved it).
 */
async function signInThroughput(base, database, password) {
  const verifications = await database.grantVerifications(SIGN_INS, clientAddress);
  let next = 0;
  return cannon({
    url: `${base}/oauth/token`,
    connections: SIGN_IN_CONNECTIONS,
    amount: SIGN_INS,
    requests: [
      {
        method: 'POST',
        setupRequest: (req) => {
          const i = next++;
          return {
            ...req,
            headers: {
              authorization: BASIC,
              'content-type': 'application/x-www-form-urlencoded',
              'x-forwarded-for': clientAddress(i),
            },
            body: new URLSearchParams(
              signInForm(password, verifications[i % verifications.length]),
            ).toString(),
          };
        },
      },
    ],
  });
}

async function accessToken(base, database, password, mobile = DEMO.mobile, client = 0) {
  // From the address the verification was granted for: a verification is spent only from its own.
  const verification = (await database.grantVerifications(client + 1, clientAddress))[client];
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: {
      authorization: BASIC,
      'content-type': 'application/x-www-form-urlencoded',
      'x-forwarded-for': clientAddress(client),
    },
    body: new URLSearchParams({ ...signInForm(password, verification), mobile }),
  });
  if (!res.ok) throw new Error(`sign-in for the bench: ${res.status}`);
  return (await res.json()).access_token;
}

const loadNow = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');

/** The figures of one database: the hot paths against the bare route, and sign-in throughput. */
async function databasePass(report, extra, { server, database, bare }) {
  const name = database.name;
  console.log(`\n${name} pass, load ${loadNow()}`);
  report.add(`${name}: load average (1 min) at the start of the pass`, os.loadavg()[0].toFixed(2), 'load');
  const config = await (await fetch(`${server.base}/api/channel/config/default`)).json();
  const password = encryptPassword(config.data.passwordPublicKey, DEMO.password);
  const context = { accessToken: await accessToken(server.base, database, password) };

  const named = (route) => ONLY_ROUTES.some((piece) => route.name.includes(piece));
  const measured = ROUNDS > 0 ? MEASURED_ROUTES.filter(named) : [];
  const writePaths = WRITES > 0 ? WRITE_PATHS.filter(named) : [];
  if ((ROUNDS > 0 || WRITES > 0) && measured.length === 0 && writePaths.length === 0)
    throw new Error(`BENCH_ROUTES="${ONLY_ROUTES}" names no route of bench/routes.mjs`);
  if (measured.length > 0) {
    for (const route of measured) await route.prepare?.({ database });
    console.log(
      `hot paths vs the bare route (${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s)`,
    );
    // On PostgreSQL, beside the routes: the bare route with one prepared query of the pass's database, the
    // least a signed-in read there can cost on this machine, and with the held list's page in one prepared
    // query, the least that list can cost (no targets: yardsticks, not routes of ours).
    const yardstick = database.kind === 'postgres' ? await startBare(database.env.DATABASE_URL) : null;
    const yardsticks = yardstick
      ? [
          { name: 'the bare route with one prepared query', url: yardstick.oneQueryUrl, yardstick: true },
          {
            name: 'the bare route with a page of 10 holdings in one prepared query',
            url: yardstick.holdingsPageUrl,
            yardstick: true,
          },
        ]
      : [];
    const routes = await compareWithBare([...yardsticks, ...measured], {
      base: server.base,
      bareUrl: bare.url,
      context,
      rounds: ROUNDS,
      duration: DURATION_S,
      connections: CONNECTIONS,
      pidOf: (route) => (route.yardstick ? yardstick.pid : server.pid),
      postgres: database.kind === 'postgres',
    }).finally(() => yardstick?.stop());
    for (const route of routes) {
      const label = `${name}: ${route.name}`;
      const targets = yardsticks.some((y) => y.name === route.name)
        ? undefined
        : ROUTE_TARGETS[database.kind];
      report.add(
        `${label}, share of the bare route`,
        route.ratio.toFixed(2),
        'x',
        targets && {
          min: targets.minRatio,
        },
      );
      report.add(`${label}, latency p99`, route.p99, 'ms', targets && { max: targets.maxP99Ms });
      report.add(`${label}, throughput`, Math.round(route.reqPerSec), 'req/s');
      report.add(`${label}, non-2xx answers`, route.non2xx, 'responses', { max: 0 });
      report.add(`${label}, CPU of its process per request`, Math.round(route.appCpuUs), 'µs');
      if (route.dbCpuUs !== null)
        report.add(`${label}, CPU of PostgreSQL per request`, Math.round(route.dbCpuUs), 'µs');
    }
    report.add(`${name}: bare route throughput`, Math.round(routes[0].bareReqPerSec), 'req/s');
    report.add(`${name}: bare route latency p99`, routes[0].bareP99, 'ms');
    extra.routes = { ...extra.routes, [database.kind]: routes };
  }

  if (writePaths.length > 0)
    await writeFigures(report, extra, { server, database, bare, password, paths: writePaths });

  if (SIGN_INS > 0) {
    console.log('sign-in');
    const signIn = await signInThroughput(server.base, database, password);
    report.add(`${name}: sign-in throughput (puzzle excluded)`, Math.round(signIn.requests.average), 'req/s');
    report.add(`${name}: sign-in latency p99`, signIn.latency.p99, 'ms');
    report.add(`${name}: sign-in non-2xx answers`, signIn.non2xx, 'responses', { max: 0 });
  }
}

/**
 * The write paths of bench/routes.mjs: each WRITES round trips of an application and its answer (each with
 * the id the application answered), by WRITE_ORGS organisations (bench/lib/write-acts.mjs says how they pair), every act
 * confirmed by an SMS proof the bench writes for it; beside the bare route's figures at as many connections
 * in the same pass.
 */
async function writeFigures(report, extra, { server, database, bare, password, paths }) {
  await database.seedWriteOrgs();
  const tokens = [];
  for (let k = 0; k < WRITE_ORGS; k++)
    tokens.push(await accessToken(server.base, database, password, writeParty(k).mobile, k + 1));
  const name = database.name;
  for (const path of paths) {
    console.log(`${path.name} (${WRITES} round trips twice, ${WRITE_ORGS} organisations)`);
    // One half of the bills for the round trips as fast as the flows go (the acts per second the server
    // can take), the other half at the target rate (each act's latency at the load the target names).
    const holdings = await path.prepare({ database, count: 2 * WRITES });
    const half = holdings.length / 2;
    const run = (part) => path.run({ base: server.base, tokens, database, holdings: part });
    const writes = await run(holdings.slice(0, half));
    const rate = WRITE_TARGETS.minActsPerSec;
    const atRate = await paced(rate, () => run(holdings.slice(half)));
    const bareRun = await cannon({ url: bare.url, connections: writes.flows, duration: DURATION_S });
    const label = `${name}: ${path.name}`;
    const effect = path.effect ?? 'bills passed to the new holder';
    report.add(`${label}, acts`, Math.round(writes.actsPerSec), 'acts/s', {
      min: WRITE_TARGETS.minActsPerSec,
    });
    report.add(
      `${label}, acts over wall time (proof writes included)`,
      Math.round(writes.wallActsPerSec),
      'acts/s',
    );
    for (const [act, figures] of Object.entries(writes.acts)) {
      report.add(`${label}: ${act}, latency p50 (flows at full speed)`, figures.p50.toFixed(1), 'ms');
      report.add(`${label}: ${act}, latency p99 (flows at full speed)`, figures.p99.toFixed(1), 'ms');
    }
    report.add(`${label}, failed acts`, writes.failures, 'responses', { max: 0 });
    report.add(`${label}, ${effect}`, writes.tookEffect, 'bills', { min: WRITES });
    report.add(
      `${label} at ${rate} acts/s, acts over wall time`,
      Math.round(atRate.wallActsPerSec),
      'acts/s',
    );
    for (const [act, figures] of Object.entries(atRate.acts)) {
      report.add(`${label} at ${rate} acts/s: ${act}, latency p50`, figures.p50.toFixed(1), 'ms');
      report.add(`${label} at ${rate} acts/s: ${act}, latency p99`, figures.p99.toFixed(1), 'ms', {
        max: WRITE_TARGETS.maxP99Ms,
      });
    }
    report.add(`${label} at ${rate} acts/s, failed acts`, atRate.failures, 'responses', { max: 0 });
    report.add(`${label} at ${rate} acts/s, ${effect}`, atRate.tookEffect - writes.tookEffect, 'bills', {
      min: WRITES,
    });
    report.add(
      `${label}, bare route at ${writes.flows} connections`,
      Math.round(bareRun.requests.average),
      'req/s',
    );
    report.add(`${label}, bare route latency p50`, bareRun.latency.p50, 'ms');
    report.add(`${label}, bare route latency p99`, bareRun.latency.p99, 'ms');
    extra.writes = {
      ...extra.writes,
      [`${database.kind}: ${path.name}`]: { ...writes, atRate, bare: bareRun.latency },
    };
  }
}

/** The web app's figures, which do not depend on the database: measured once, on the first pass's server. */
async function browserFigures(report, extra, server) {
  console.log('\nlogin route JavaScript');
  const { firstPaint: js, toPuzzle } = await loginRouteJavaScript(server.base);
  report.add(
    'login route JavaScript at first paint, gzip',
    (js.gzip / 1024).toFixed(1),
    'kB',
    TARGET.loginJsGzipKb,
  );
  report.add('login route JavaScript at first paint, raw', (js.raw / 1024).toFixed(1), 'kB');
  report.add('login route JavaScript files', js.files, 'files');
  report.add('sign-in JavaScript up to the puzzle, gzip', (toPuzzle.gzip / 1024).toFixed(1), 'kB');

  const entryMs = await entryLinkToStatistics(server.base);
  report.add('entry link to dashboard statistics (minus 2 x 2 s)', Math.round(entryMs), 'ms');

  if (LIGHTHOUSE_RUNS > 0) {
    console.log(`\nLighthouse, mobile preset at 390 x 844 (median of ${LIGHTHOUSE_RUNS})`);
    const scores = await lighthouseScores({
      base: server.base,
      runs: LIGHTHOUSE_RUNS,
      signIn: (page) => signInByEntryLink(page, server.base),
    });
    for (const [page, label] of [
      ['login', 'login page'],
      ['dashboard', 'dashboard (signed in)'],
      ['list', '待签收 list (signed in)'],
    ]) {
      const s = scores[page];
      report.add(`Lighthouse ${label}, performance`, s.performance, 'score', TARGET.lighthouse);
      report.add(`Lighthouse ${label}, accessibility`, s.accessibility, 'score', TARGET.lighthouse);
      report.add(`Lighthouse ${label}, LCP`, s.lcpMs, 'ms');
      report.add(`Lighthouse ${label}, total blocking time`, s.tbtMs, 'ms');
      report.add(`Lighthouse ${label}, transferred`, s.transferKb, 'kB');
    }
    extra.lighthouse = scores;
  }
}

/**
 * The day-end over DAY_END_HOLDINGS maturing holdings on each pass's database (bench/day-end.ts, which builds
 * the server in its own process and prints one line a pass).
 */
function dayEndFigures(report, extra) {
  console.log(`\nday-end over ${DAY_END_HOLDINGS} maturing holdings`);
  const printed = execFileSync(process.execPath, ['--import', 'tsx', 'bench/day-end.ts'], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    env: {
      ...process.env,
      BENCH_DATABASES: DATABASES.join(','),
      BENCH_DAY_END_HOLDINGS: String(DAY_END_HOLDINGS),
    },
  });
  const passes = printed
    .split('\n')
    .filter((line) => line.startsWith('{'))
    .map((line) => JSON.parse(line));
  for (const pass of passes) {
    if (pass.pledged > 0) {
      // The pledged bills' close: each presented by its pledgee (payment.presentPledged), one act a bill.
      const label = `day-end, ${pass.pledged} pledged bills presented by their pledgees, ${pass.database}`;
      report.add(label, pass.seconds, 's');
      report.add(`${label}, presentations`, Math.round(pass.pledged / pass.seconds), 'acts/s');
    } else {
      report.add(`day-end, ${pass.holdings} holdings, ${pass.database}`, pass.seconds, 's', TARGET.dayEndS);
    }
    if (pass.reads) {
      // A holder's reads sent at a steady pace while the close ran, beside the same reads just before it.
      const label = `day-end, ${pass.holdings} holdings, ${pass.database}: reads at ${pass.reads.perSecond}/s`;
      for (const [phase, text] of [
        ['quiet', 'no close running'],
        ['duringDayEnd', 'during the close'],
      ]) {
        const all = pass.reads[phase].all;
        report.add(`${label}, ${text}, p50`, all.p50, 'ms');
        report.add(`${label}, ${text}, p99`, all.p99, 'ms');
        report.add(`${label}, ${text}, failed`, all.failures, 'responses', { max: 0 });
      }
    }
    if (pass.status !== 'done') report.add(`day-end run not done, ${pass.database}`, 1, 'responses');
  }
  extra.dayEnd = passes;
}

const DATABASE_KINDS = {
  sqlite: (dataDir) => ({ kind: 'sqlite', ...sqliteDatabase(dataDir) }),
  postgres: async () => ({ kind: 'postgres', ...(await postgresDatabase()) }),
};

async function main() {
  const unknown = DATABASES.filter((kind) => !(kind in DATABASE_KINDS));
  if (unknown.length > 0)
    throw new Error(`BENCH_DATABASES names no pass "${unknown.join(', ')}": sqlite, postgres`);
  const report = new Report();
  const extra = {};
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-bench-'));
  console.log(`machine: ${os.cpus().length} cores, Node ${process.version}, load ${loadNow()}`);

  if (STARTS > 0) {
    console.log(`\nstart-up on SQLite (median of ${STARTS})`);
    const startup = await measureStartup(tmp, STARTS);
    report.add('start-up, empty DATA_DIR', Math.round(startup.emptyMs), 'ms', TARGET.emptyStartMs);
    report.add('start-up, seeded DATA_DIR', Math.round(startup.seededMs), 'ms', TARGET.seededStartMs);
    extra.startup = startup;
  }

  const bare = await startBare();
  try {
    for (const [index, kind] of DATABASES.entries()) {
      // measureStartup seeds empty-0 first; without it the measured server seeds its DATA_DIR itself.
      const dataDir = path.join(tmp, kind === 'sqlite' ? 'empty-0' : kind);
      const database = await DATABASE_KINDS[kind](dataDir);
      try {
        // Behind a trusted proxy, so each simulated client has its own address for the per-IP sign-in limit.
        // The write pass's SMS proofs are written under this secret (bench/lib/write-acts.mjs).
        const server = await startServer(
          dataDir,
          {
            TRUST_PROXY: '127.0.0.1',
            VERIFICATION_SECRET: BENCH_VERIFICATION_SECRET,
            // The ledger's acts are measured whenever the bench runs, not only in business hours.
            BILL_BUSINESS_HOURS: '00:00-24:00',
            // The institutions answer the discount write path only when the bench signs in their place.
            SANDBOX_INSTITUTION_DELAY_SECONDS: 'manual',
            ...database.env,
          },
          SERVER_NODE_ARGS,
        );
        try {
          await databasePass(report, extra, { server, database, bare });
          if (index === 0 && BROWSER) await browserFigures(report, extra, server);
        } finally {
          await server.stop();
        }
      } finally {
        await database.drop();
      }
    }
  } finally {
    await bare.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  if (DAY_END_HOLDINGS > 0) dayEndFigures(report, extra);

  report.print();
  console.log(`\nwritten to ${path.relative(process.cwd(), report.write(extra))}`);
  // Missed targets are reported, not fatal; a route answering errors means the figures are meaningless.
  if (report.rows.some((row) => row.unit === 'responses' && Number(row.value) > 0)) process.exitCode = 1;
}

await main();
