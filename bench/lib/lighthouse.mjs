// Lighthouse 12 (the version that runs on Node 20) with its mobile preset, in the system Chromium, on the
// phone the small-screen journey walks (e2e/small-screen.spec.ts): 390 x 844 CSS pixels.
import { chromium } from '@playwright/test';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { TraceProcessor } from 'lighthouse/core/lib/tracehouse/trace-processor.js';
import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { median } from './load.mjs';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** As playwright.config.ts launches Chromium for the browser journeys, plus headless. */
export const CHROMIUM_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
const CATEGORIES = ['performance', 'accessibility'];
const LOGIN_PATH = '#/user/login';
/** A list the signed-in user opens from the menu: 待签收, a table that scrolls inside its card on a phone. */
export const LIST_PATH = '#/chain-bill/sign-workbench';
/** A folder to keep every run's full Lighthouse report in (JSON), to see what a score is made of. */
const REPORTS_DIR = process.env.BENCH_LIGHTHOUSE_REPORTS;
let reportsKept = 0;

/** The mobile preset's throttling, on the width and height of the phone rather than its 412 px. */
const PHONE = { mobile: true, width: 390, height: 844, deviceScaleFactor: 3, disabled: false };

/** Lighthouse sometimes loses the trace of a load on a busy machine (NO_NAVSTART); such a run is run again. */
const ATTEMPTS = 3;

export async function audit(url, port, options) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await auditOnce(url, port, options);
    } catch (error) {
      if (attempt >= ATTEMPTS || !error.lighthouseRuntimeError) throw error;
      console.log(`  (Lighthouse run lost: ${error.message}; running it again)`);
    }
  }
}

async function auditOnce(url, port, { keepStorage }) {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: CATEGORIES,
    formFactor: 'mobile',
    screenEmulation: PHONE,
    // The signed-in page keeps its session in storage; the caches are emptied by hand (coldStart) instead.
    disableStorageReset: keepStorage,
  });
  const { categories, audits } = result.lhr;
  if (REPORTS_DIR) {
    mkdirSync(REPORTS_DIR, { recursive: true });
    const name = `${String(++reportsKept).padStart(2, '0')}-${new URL(url).hash.replace(/\W+/g, '-') || 'root'}.json`;
    writeFileSync(path.join(REPORTS_DIR, name), result.report);
  }
  if (result.lhr.runtimeError) {
    throw Object.assign(new Error(`Lighthouse: ${result.lhr.runtimeError.code}`), {
      lighthouseRuntimeError: true,
    });
  }
  // A lost session would score the login page twice under the dashboard's name.
  if (keepStorage && result.lhr.finalDisplayedUrl.includes(LOGIN_PATH)) {
    throw new Error(`Lighthouse landed on ${result.lhr.finalDisplayedUrl} instead of the signed-in page`);
  }
  return {
    ...threadTimeBlocking(result.artifacts.Trace, result.lhr.configSettings.throttling.cpuSlowdownMultiplier),
    performance: Math.round(categories.performance.score * 100),
    accessibility: Math.round(categories.accessibility.score * 100),
    lcpMs: audits['largest-contentful-paint'].numericValue,
    tbtMs: audits['total-blocking-time'].numericValue,
    transferKb: audits['total-byte-weight'].numericValue / 1024,
  };
}

/**
 * The page's main-thread tasks from its first contentful paint on, by the CPU time each took (the trace's
 * thread time) rather than its wall time: what the tasks cost the page, much less moved by other processes
 * on the machine than Lighthouse's simulated figures, which scale the wall time. `cpuMs` is their sum;
 * `cpuBlockingMs` is total blocking time computed from it (each task's thread time times the CPU slowdown,
 * less 50 ms), to the end of the trace rather than to the page's time to interactive.
 */
function threadTimeBlocking(trace, slowdown) {
  if (!trace) return {};
  const processed = TraceProcessor.processTrace(trace);
  const fcp = TraceProcessor.processNavigation(processed).timestamps.firstContentfulPaint ?? 0;
  let cpu = 0;
  let blocking = 0;
  for (const event of processed.mainThreadEvents) {
    if (!TraceProcessor.isScheduleableTask(event) || event.tdur === undefined || event.ts < fcp) continue;
    const ms = event.tdur / 1000;
    cpu += ms;
    blocking += Math.max(0, ms * slowdown - 50);
  }
  return { cpuMs: cpu, cpuBlockingMs: blocking };
}

const summarise = (runs) => ({
  runs: runs.length,
  performance: median(runs.map((r) => r.performance)),
  accessibility: median(runs.map((r) => r.accessibility)),
  lcpMs: Math.round(median(runs.map((r) => r.lcpMs))),
  tbtMs: Math.round(median(runs.map((r) => r.tbtMs))),
  transferKb: Number(median(runs.map((r) => r.transferKb)).toFixed(1)),
  all: runs,
});

/**
 * A first visit as a signed-in user makes it: HTTP cache, Cache Storage and the service worker emptied,
 * the session (local and session storage) kept.
 */
export async function coldStart(page, origin) {
  // Every tab off the app first (Lighthouse's own included): a signed-in page left open registers the
  // service worker again once idle, which then served the audited visit from its cache.
  // Lighthouse closes its tab on its own time: a tab that closes meanwhile has left the app as well.
  for (const open of page.context().pages()) {
    await open.goto('about:blank').catch((error) => {
      if (!open.isClosed()) throw error;
    });
  }
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.clearBrowserCache');
  // Twice, a moment apart: a worker that was still installing when the tabs left survives the first.
  for (let round = 0; round < 2; round++) {
    await cdp.send('Storage.clearDataForOrigin', { origin, storageTypes: 'cache_storage,service_workers' });
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  await cdp.detach();
}

/**
 * Median scores of `runs` Lighthouse runs on each page: the login page as a stranger opens it, and the
 * dashboard and a list (LIST_PATH) once signed in, each a first visit. `signIn(page)` signs the browser in (the bench uses the sandbox's entry link).
 */
export async function lighthouseScores({ base, runs, signIn }) {
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: CHROMIUM_FLAGS });
  let browser;
  try {
    const login = [];
    for (let i = 0; i < runs; i++) {
      login.push(await audit(`${base}/${LOGIN_PATH}`, chrome.port, { keepStorage: false }));
    }

    browser = await chromium.connectOverCDP(`http://127.0.0.1:${chrome.port}`);
    const context = browser.contexts()[0];
    const page = await context.newPage();
    await signIn(page);
    const dashboard = [];
    for (let i = 0; i < runs; i++) {
      await coldStart(page, base);
      dashboard.push(await audit(`${base}/#/`, chrome.port, { keepStorage: true }));
    }
    const list = [];
    for (let i = 0; i < runs; i++) {
      await coldStart(page, base);
      list.push(await audit(`${base}/${LIST_PATH}`, chrome.port, { keepStorage: true }));
    }
    return { login: summarise(login), dashboard: summarise(dashboard), list: summarise(list) };
  } finally {
    await browser?.close().catch(() => {});
    await chrome.kill();
  }
}
