import { defineConfig, devices } from '@playwright/test';
import { E2E_WORKERS, serverDataDir, serverPort, serverUrl } from './e2e/support/env';

/** Journeys that leave their worker's server in a state later journeys must not meet (see `projects`). */
const AFTER_THE_REST = /payment\.spec\.ts$/;

/**
 * Debian's headless shell of Chromium (scripts/ensure-chromium.mjs installs it): the browser's engine without
 * its windowing, a tenth or so quicker per journey than the full /usr/bin/chromium, which the benchmarks and
 * Lighthouse keep. CHROMIUM_PATH names another.
 */
const CHROMIUM = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH || '/usr/lib/chromium/chromium-headless-shell',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: 'e2e',
  // A spec file's journeys run in order in one worker; the files are shared out among the workers, each with its
  // own server (webServer below, e2e/support/env.ts).
  fullyParallel: false,
  workers: E2E_WORKERS,
  // No retries, in CI or on a developer's machine: a journey that passes only on its second try hides a
  // race, and a user's `npm test` would not retry it either.
  retries: 0,
  forbidOnly: !!process.env.CI,
  // Every page a journey visits is checked with axe-core (e2e/support/a11y.ts), a second or two each.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  use: {
    // Each worker's own server: the fixture in e2e/support/test.ts sets it by the worker's index.
    baseURL: serverUrl(0),
    locale: 'zh-CN',
    timezoneId: 'Asia/Shanghai',
    // No trace: recording one costs every journey a second or two (a fifth of its time), failing or not. A
    // failure keeps a screenshot; for its DOM snapshots and network, run the journey again with
    // `--trace retain-on-failure` (README, "Tests"), which takes this mode's place and keeps the screencast
    // off: recording every frame painted starved the page while anything on it moved (an accessibility
    // check of an open dialog took 23 s instead of 3).
    trace: { mode: 'off', screenshots: false },
    screenshot: 'only-on-failure',
    // The offline service worker is not what a journey walks, and its 发现新版本 prompt (component-tested in
    // src/features/shell) once covered a button mid-journey on a loaded machine.
    serviceWorkers: 'block',
    // The browser asks for less motion and the app honours it (antd's motion off, no transitions), so a
    // click never lands on a menu or dialog still animating in, however loaded the machine is.
    reducedMotion: 'reduce',
  },
  // The payment journey moves the sandbox clock to a bill's maturity and confirms by SMS there: the codes it
  // leaves are dated ahead of the clock once it is put back, and the gateway and verification take the
  // newest by date, so a later journey confirming by SMS on the same mobile would read or be checked against
  // them. It runs after every other journey.
  projects: [
    { name: 'chromium', testIgnore: AFTER_THE_REST, use: CHROMIUM },
    {
      name: 'chromium, after the rest',
      testMatch: AFTER_THE_REST,
      dependencies: ['chromium'],
      use: CHROMIUM,
    },
  ],
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => ({
    command: 'node e2e/support/start-server.mjs',
    url: `${serverUrl(index)}/api/health`,
    reuseExistingServer: false,
    timeout: 60_000,
    env: { PORT: String(serverPort(index)), E2E_DATA_DIR: serverDataDir(index) },
  })),
});
