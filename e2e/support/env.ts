import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT || 4310);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/** A fresh database per run: start-server.mjs empties it before the server starts. */
export const E2E_DATA_DIR = path.resolve(process.env.E2E_DATA_DIR || 'test-results/e2e-data');
export const DEMO_PASSWORD = 'Demo@1234';
