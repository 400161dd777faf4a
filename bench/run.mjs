// `npm run bench`: start-up, the API's hot paths as a ratio of a bare Fastify route, sign-in throughput,
// the login route's JavaScript and Lighthouse's mobile scores. Needs a build (npm run bench builds first)
// and Chromium. Tunables: BENCH_ROUNDS (3; 0 skips the hot paths), BENCH_DURATION seconds per run (3),
// BENCH_STARTS (5; 0 skips start-up), BENCH_LIGHTHOUSE_RUNS (3; 0 skips Lighthouse), BENCH_ROUTES (a piece of
// a route's name: measures only the routes whose names contain it). Results: a table, and bench/results/<date>.json.
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import forge from 'node-forge';
import { DEMO, entryLinkToStatistics, loginRouteJavaScript, signInByEntryLink } from './lib/browser.mjs';
import { lighthouseScores } from './lib/lighthouse.mjs';
import { cannon, compareWithBare } from './lib/load.mjs';
import { startBare, startServer } from './lib/processes.mjs';
import { Report } from './lib/report.mjs';
import { measureStartup } from './lib/startup.mjs';
import { MEASURED_ROUTES, ROUTE_TARGETS } from './routes.mjs';

const intEnv = (name, fallback) => {
  const value = Number(process.env[name]);
  return Number.isInteger(value) && value >= 0 && process.env[name] !== '' ? value : fallback;
};
const ROUNDS = intEnv('BENCH_ROUNDS', 3);
const DURATION_S = intEnv('BENCH_DURATION', 3);
const STARTS = intEnv('BENCH_STARTS', 5);
const LIGHTHOUSE_RUNS = intEnv('BENCH_LIGHTHOUSE_RUNS', 3);
const ONLY_ROUTES = process.env.BENCH_ROUTES ?? '';
const CONNECTIONS = 50;
const SIGN_INS = 300;
const SIGN_IN_CONNECTIONS = 4;

const BASIC = `Basic ${Buffer.from('chain-bill-web:chain-bill-web-public').toString('base64')}`;
const TARGET = {
  seededStartMs: { max: 1000 },
  emptyStartMs: { max: 1500 },
  loginJsGzipKb: { max: 150 },
  lighthouse: { min: 95 },
};

function encryptPassword(publicKeyPem, password) {
  const key = forge.pki.publicKeyFromPem(publicKeyPem);
  return forge.util.encode64(key.encrypt(forge.util.encodeUtf8(password), 'RSAES-PKCS1-V1_5'));
}

/** The i-th simulated client's address: each sign-in comes from its own, as the server's proxy says. */
const clientAddress = (i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`;

/**
 * Puzzle answers are excluded from the sign-in figures: verifications are written straight into the database,
 * each for the client address that will spend it (a verification is good only from the address that solved it).
 */
function grantCaptchaVerifications(dataDir, count) {
  const db = new Database(path.join(dataDir, 'chain-bill.sqlite'));
  const insert = db.prepare(
    "INSERT INTO captcha_verifications (hash, scene, client_ip, created_at, expires_at, used_at) VALUES (?, 'login', ?, ?, ?, NULL)",
  );
  const values = [];
  const now = Date.now();
  db.transaction(() => {
    for (let i = 0; i < count; i++) {
      const value = crypto.randomBytes(24).toString('base64');
      insert.run(
        crypto.createHash('sha256').update(value).digest('hex'),
        clientAddress(i),
        now,
        now + 10 * 60_000,
      );
      values.push(value);
    }
  })();
  db.close();
  return values;
}

const signInForm = (password, verification) => ({
  grant_type: 'mobile_password',
  mobile: DEMO.mobile,
  password,
  captchaVerification: verification,
  scope: 'all',
  systemRole: '2',
});

/** 300 sign-ins over 4 connections, each from its own client address (the server trusts the bench's proxy). */
async function signInThroughput(base, dataDir, password) {
  const verifications = grantCaptchaVerifications(dataDir, SIGN_INS);
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

async function accessToken(base, dataDir, password) {
  const [verification] = grantCaptchaVerifications(dataDir, 1);
  const res = await fetch(`${base}/oauth/token`, {
    method: 'POST',
    headers: { authorization: BASIC, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(signInForm(password, verification)),
  });
  if (!res.ok) throw new Error(`sign-in for the bench: ${res.status}`);
  return (await res.json()).access_token;
}

async function main() {
  const report = new Report();
  const extra = {};
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-bench-'));
  console.log(
    `machine: ${os.cpus().length} cores, Node ${process.version}, load ${os
      .loadavg()
      .map((l) => l.toFixed(2))
      .join(' ')}`,
  );

  // measureStartup seeds empty-0 first; with BENCH_STARTS=0 the measured server seeds it itself.
  const dataDir = path.join(tmp, 'empty-0');
  if (STARTS > 0) {
    console.log(`\nstart-up (median of ${STARTS})`);
    const startup = await measureStartup(tmp, STARTS);
    report.add('start-up, empty DATA_DIR', Math.round(startup.emptyMs), 'ms', TARGET.emptyStartMs);
    report.add('start-up, seeded DATA_DIR', Math.round(startup.seededMs), 'ms', TARGET.seededStartMs);
    extra.startup = startup;
  }

  // Behind a trusted proxy, so each simulated client has its own address for the per-IP sign-in limit.
  const server = await startServer(dataDir, { TRUST_PROXY: '127.0.0.1' });
  const bare = await startBare();
  try {
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

    const config = await (await fetch(`${server.base}/api/channel/config/default`)).json();
    const password = encryptPassword(config.data.passwordPublicKey, DEMO.password);
    const context = { accessToken: await accessToken(server.base, dataDir, password) };

    if (ROUNDS > 0) {
      const measured = MEASURED_ROUTES.filter((route) => route.name.includes(ONLY_ROUTES));
      if (measured.length === 0)
        throw new Error(`BENCH_ROUTES="${ONLY_ROUTES}" names no route of bench/routes.mjs`);
      for (const route of measured) await route.prepare?.({ dataDir });
      console.log(
        `\nhot paths vs the bare route (${CONNECTIONS} connections, ${ROUNDS} rounds of ${DURATION_S} s)`,
      );
      const routes = await compareWithBare(measured, {
        base: server.base,
        bareUrl: bare.url,
        context,
        rounds: ROUNDS,
        duration: DURATION_S,
        connections: CONNECTIONS,
      });
      for (const route of routes) {
        report.add(`${route.name}, share of the bare route`, route.ratio.toFixed(2), 'x', {
          min: ROUTE_TARGETS.minRatio,
        });
        report.add(`${route.name}, latency p99`, route.p99, 'ms', { max: ROUTE_TARGETS.maxP99Ms });
        report.add(`${route.name}, throughput`, Math.round(route.reqPerSec), 'req/s');
        report.add(`${route.name}, non-2xx answers`, route.non2xx, 'responses', { max: 0 });
      }
      report.add('bare route throughput', Math.round(routes[0].bareReqPerSec), 'req/s');
      report.add('bare route latency p99', routes[0].bareP99, 'ms');
      extra.routes = routes;
    }

    console.log('\nsign-in');
    const signIn = await signInThroughput(server.base, dataDir, password);
    report.add('sign-in throughput (puzzle excluded)', Math.round(signIn.requests.average), 'req/s');
    report.add('sign-in latency p99', signIn.latency.p99, 'ms');
    report.add('sign-in non-2xx answers', signIn.non2xx, 'responses', { max: 0 });

    const entryMs = await entryLinkToStatistics(server.base);
    report.add('entry link to dashboard statistics (minus 2 x 2 s)', Math.round(entryMs), 'ms');

    if (LIGHTHOUSE_RUNS > 0) {
      console.log(`\nLighthouse, mobile preset (median of ${LIGHTHOUSE_RUNS})`);
      const scores = await lighthouseScores({
        base: server.base,
        runs: LIGHTHOUSE_RUNS,
        signIn: (page) => signInByEntryLink(page, server.base),
      });
      for (const [page, label] of [
        ['login', 'login page'],
        ['dashboard', 'dashboard (signed in)'],
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
  } finally {
    await bare.stop();
    await server.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  }

  report.print();
  console.log(`\nwritten to ${path.relative(process.cwd(), report.write(extra))}`);
  // Missed targets are reported, not fatal; a route answering errors means the figures are meaningless.
  if (report.rows.some((row) => row.unit === 'responses' && Number(row.value) > 0)) process.exitCode = 1;
}

await main();
