// Two builds of the web app side by side under Lighthouse's mobile preset (simulated 4x CPU slowdown and
// slow 4G, a 390 px phone): the built server (dist/server) runs twice, each process serving one of the two
// web folders on a fresh demo database of its own, and the rounds alternate between them (A B, then B A, ...)
// so that a shared machine's load falls on both alike. Each run is a first visit of the signed-in user.
// Usage: node bench/lighthouse-ab.mjs <web folder A> <web folder B>
//   AB_ROUNDS (8): rounds, each one run of A and one of B; AB_PATH (the 待签收 list): the page's hash route;
//   AB_MOBILE: the demo user signed in (the 上海 owner, whose 待签收 is empty; 宁波, 13800000006, has a
//   bill waiting in it); BENCH_LIGHTHOUSE_REPORTS: a folder for each run's full JSON report.
// Prints each run and, for A and B, the medians of the score, total blocking time and largest paint, the
// main thread's CPU time and blocking time by thread time (bench/lib/lighthouse.mjs, threadTimeBlocking:
// what a busy machine moves least), and the median of the rounds' differences (B - A).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import { signInByEntryLink } from './lib/browser.mjs';
import { CHROMIUM_FLAGS, CHROMIUM_PATH, LIST_PATH, audit, coldStart } from './lib/lighthouse.mjs';
import { median } from './lib/load.mjs';
import { startServer } from './lib/processes.mjs';

const [webA, webB] = process.argv.slice(2).map((dir) => dir && path.resolve(dir));
if (!webA || !webB) {
  console.error('usage: node bench/lighthouse-ab.mjs <web folder A> <web folder B>');
  process.exit(2);
}
for (const dir of [webA, webB]) {
  if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir} holds no built web app`);
}
const ROUNDS = Number(process.env.AB_ROUNDS || 8);
const PAGE = process.env.AB_PATH || LIST_PATH;
const MOBILE = process.env.AB_MOBILE || undefined;
const load = () => os.loadavg()[0].toFixed(1);

const variants = [];
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
let browser;
async function stopAll() {
  await browser?.close().catch(() => {});
  await chrome.kill();
  for (const v of variants) {
    await v.server.stop();
    fs.rmSync(v.dataDir, { recursive: true, force: true });
  }
}
// Stopped early (Ctrl-C, kill), it stops its browser and servers too.
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.once(signal, () => void stopAll().finally(() => process.exit(1)));
}
try {
  for (const [name, webRoot] of [
    ['A', webA],
    ['B', webB],
  ]) {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `lighthouse-ab-${name}-`));
    const server = await startServer(dataDir, { WEB_ROOT: webRoot });
    variants.push({ name, webRoot, dataDir, server, runs: [] });
  }
  browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
  const page = await browser.contexts()[0].newPage();
  for (const v of variants) await signInByEntryLink(page, v.server.base, MOBILE);

  console.log(`A ${webA}\nB ${webB}\n${PAGE}, ${ROUNDS} rounds, load average ${load()} at the start`);
  for (let round = 0; round < ROUNDS; round++) {
    const order = round % 2 === 0 ? variants : [...variants].reverse();
    for (const v of order) {
      await coldStart(page, v.server.base);
      const run = await audit(`${v.server.base}/${PAGE}`, chrome.port, { keepStorage: true });
      v.runs.push(run);
      console.log(
        `round ${round + 1} ${v.name}: score ${run.performance}, TBT ${Math.round(run.tbtMs)} ms, ` +
          `LCP ${Math.round(run.lcpMs)} ms, by thread time: CPU ${Math.round(run.cpuMs)} ms, ` +
          `blocking ${Math.round(run.cpuBlockingMs)} ms; load ${load()}`,
      );
    }
  }
} finally {
  await stopAll();
}

const [a, b] = variants;
const pick = (v, key) => v.runs.map((run) => run[key]);
const diff = (key) => median(a.runs.map((run, i) => b.runs[i][key] - run[key]));
console.log(`\nmedians of ${ROUNDS} rounds (load average ${load()} at the end):`);
for (const v of variants) {
  console.log(
    `${v.name}: score ${median(pick(v, 'performance'))}, TBT ${Math.round(median(pick(v, 'tbtMs')))} ms, ` +
      `LCP ${Math.round(median(pick(v, 'lcpMs')))} ms, by thread time: CPU ` +
      `${Math.round(median(pick(v, 'cpuMs')))} ms, blocking ${Math.round(median(pick(v, 'cpuBlockingMs')))} ms`,
  );
}
console.log(
  `B - A, median of the rounds' differences: score ${diff('performance')}, ` +
    `TBT ${Math.round(diff('tbtMs'))} ms, LCP ${Math.round(diff('lcpMs'))} ms, ` +
    `by thread time: CPU ${Math.round(diff('cpuMs'))} ms, blocking ${Math.round(diff('cpuBlockingMs'))} ms`,
);
