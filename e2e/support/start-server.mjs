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
    SANDBOX: 'on',
    // Journeys give each test its own client address through X-Forwarded-For (e2e/support/test.ts).
    TRUST_PROXY: 'loopback',
    // Those addresses (198.18.0.0/15) are the journeys' own: they use the sandbox as a tester on this machine.
    SANDBOX_ALLOWED_CIDRS: '198.18.0.0/15',
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
