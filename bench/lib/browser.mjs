// Browser figures (Playwright in the system Chromium): the login route's JavaScript and the entry link.
import zlib from 'node:zlib';
import { chromium } from '@playwright/test';
import { CHROMIUM_PATH } from './lighthouse.mjs';

export const DEMO = { mobile: '13800000001', password: 'Demo@1234' };
const LAUNCH = {
  executablePath: CHROMIUM_PATH,
  args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update'],
};
/** The spec's two 2 s waits of an entry link (登录中, then 页面跳转中), taken out of the figure. */
const ENTRY_LINK_DELAYS_MS = 2 * 2000;
const STATISTICS_TIMEOUT_MS = 60_000;

/** gzip -9 and raw sizes of script bodies (decoded), whatever encoding they travelled in. */
async function scriptSizes(responses) {
  let raw = 0;
  let gzip = 0;
  for (const res of responses) {
    const body = await res.body();
    raw += body.length;
    gzip += zlib.gzipSync(body, { level: 9 }).length;
  }
  return { files: responses.length, raw, gzip };
}

/**
 * The login route's JavaScript at first paint (the budget), and everything a sign-in has loaded by the
 * time the slider puzzle shows: focus, fill in the demo account, click 登录, wait for the puzzle image.
 */
export async function loginRouteJavaScript(base) {
  const browser = await chromium.launch(LAUNCH);
  try {
    const page = await browser.newPage();
    const scripts = [];
    page.on('response', (res) => {
      if (res.request().resourceType() === 'script') scripts.push(res);
    });
    await page.goto(`${base}/#/user/login`, { waitUntil: 'networkidle' });
    const firstPaint = await scriptSizes([...scripts]);

    const mobile = page.getByPlaceholder('请输入手机号');
    await mobile.focus();
    await mobile.fill(DEMO.mobile);
    await page.getByPlaceholder('请输入密码').fill(DEMO.password);
    await page.getByRole('button', { name: '登录' }).click();
    const puzzle = page.getByRole('dialog', { name: '请完成安全验证' });
    await puzzle.getByAltText('拼图背景').waitFor({ state: 'visible' });
    await page.waitForLoadState('networkidle');
    const toPuzzle = await scriptSizes([...scripts]);
    return { firstPaint, toPuzzle };
  } finally {
    await browser.close();
  }
}

/** A fresh entry-link token from the sandbox (answered on loopback only), for the demo owner or `mobile`. */
async function entryLinkToken(base, mobile = DEMO.mobile) {
  const res = await fetch(`${base}/api/sandbox/entry-links`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mobile }),
  });
  if (!res.ok) throw new Error(`entry link: ${res.status}`);
  return (await res.json()).data.token;
}

const statisticsPainted = (page) =>
  page.waitForFunction(
    () => globalThis.document.querySelectorAll('[class*="statAmount"]').length >= 4,
    null,
    { timeout: STATISTICS_TIMEOUT_MS },
  );

/**
 * Signs `page` in as the demo owner (or the demo user of `mobile`) through an entry link and waits for the
 * dashboard's statistics.
 */
export async function signInByEntryLink(page, base, mobile = DEMO.mobile) {
  await page.goto(`${base}/?token=${encodeURIComponent(await entryLinkToken(base, mobile))}#/`);
  await statisticsPainted(page);
}

/** From opening an entry link with a fresh token to the four statistics cards painted on the dashboard. */
export async function entryLinkToStatistics(base) {
  const token = await entryLinkToken(base);
  const browser = await chromium.launch(LAUNCH);
  try {
    const page = await browser.newPage();
    const started = performance.now();
    await page.goto(`${base}/?token=${encodeURIComponent(token)}#/`);
    await statisticsPainted(page);
    return performance.now() - started - ENTRY_LINK_DELAYS_MS;
  } finally {
    await browser.close();
  }
}
