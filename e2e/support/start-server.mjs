// Starts the built server on a fresh, empty DATA_DIR for the browser tests.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';

const dataDir = path.resolve(process.env.E2E_DATA_DIR || 'test-results/e2e-data');
fs.rmSync(dataDir, { recursive: true, force: true });
fs.mkdirSync(dataDir, { recursive: true });

const server = spawn(process.execPath, ['dist/server/main.js'], {
  stdio: 'inherit',
  env: {
    ...process.env,
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    // The journeys play the tester on this machine: the sandbox and the demo organisations are turned on.
    SANDBOX: 'on',
    SEED_DEMO: 'on',
    // Journeys give each test its own client address through X-Forwarded-For (e2e/support/test.ts), as a
    // proxy on this machine would; their sandbox calls go without it, since the sandbox refuses forwarded ones.
    TRUST_PROXY: '127.0.0.1,::1',
    LOG_LEVEL: process.env.LOG_LEVEL || 'warn',
    // Bill business at any hour and on any day: the journeys run whenever the suite does.
    BILL_BUSINESS_HOURS: '00:00-24:00',
    BILL_WORKDAYS_ONLY: 'off',
  },
});
const stop = () => server.kill('SIGTERM');
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
server.on('exit', (code) => process.exit(code ?? 0));
