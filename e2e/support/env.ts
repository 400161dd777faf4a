import path from 'node:path';

/**
 * The journeys run in E2E_WORKERS workers side by side, each against its own server on its own fresh database
 * (playwright.config.ts starts them): a journey then never meets another's SMS codes, sign-in counts or bills,
 * and the suite's waits (the gateway's minute between two codes to one mobile, a provider's answer) overlap.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS || 2);
const FIRST_PORT = Number(process.env.E2E_PORT || 4310);
const DATA_ROOT = path.resolve(process.env.E2E_DATA_DIR || 'test-results/e2e-data');

/** The port and data directory of worker `index`'s server. */
export const serverPort = (index: number): number => FIRST_PORT + index;
export const serverUrl = (index: number): string => `http://127.0.0.1:${serverPort(index)}`;
export const serverDataDir = (index: number): string => path.join(DATA_ROOT, String(index));

/**
 * The data directory of this worker's server, which the helpers that read its database open (captcha
 * answers, demo state): Playwright numbers the workers running at once 0, 1, … in TEST_PARALLEL_INDEX, and a
 * worker started again after a failure takes the number of the one it replaces. A fresh database per run:
 * start-server.mjs empties it before the server starts.
 */
export const E2E_DATA_DIR = serverDataDir(Number(process.env.TEST_PARALLEL_INDEX || 0));
export const DEMO_PASSWORD = 'Demo@1234';
