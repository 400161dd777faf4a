// The processes a bench measures: the built server (dist/server/main.js) and the bare yardstick route.
import { fork, spawn } from 'node:child_process';

const SERVER_ENTRY = 'dist/server/main.js';
const POLL_MS = 5;

const randomPort = () => 20000 + Math.floor(Math.random() * 20000);

function stopper(child) {
  return () =>
    new Promise((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once('exit', resolve);
      child.kill('SIGTERM');
    });
}

/**
 * Spawns the built server on DATA_DIR and waits for the first 200 of `/api/health`; `ms` is the time from
 * spawn to that answer, the start-up a user waits for. Logs go where a production server's would be
 * discarded (the log level stays the default unless `env` says otherwise, as `npm start` runs it).
 */
export async function startServer(dataDir, env = {}, nodeArgs = []) {
  const port = randomPort();
  const started = performance.now();
  const child = spawn(process.execPath, [...nodeArgs, SERVER_ENTRY], {
    stdio: ['ignore', 'ignore', 'inherit'],
    // The bench signs in as the demo accounts and reads SMS codes from the sandbox, as `npm start` does.
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      SANDBOX: 'on',
      SEED_DEMO: 'on',
      // The hot paths are measured with one access token at full speed, far past what any screen sends.
      TOKEN_RATE_LIMIT: '0',
      // Likewise the sandbox's lists, from this machine's one address (the sandbox answers no other).
      SANDBOX_RATE_LIMIT: '0',
      ...env,
    },
  });
  const base = `http://127.0.0.1:${port}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited during start (${child.exitCode})`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return { base, ms: performance.now() - started, pid: child.pid, stop: stopper(child) };
}

/**
 * The bare Fastify route of bench/bare-server.mjs in its own process; given `databaseUrl` (PostgreSQL), its
 * routes of one prepared query too: one row (`oneQueryUrl`) and a page of 10 holdings (`holdingsPageUrl`).
 */
export async function startBare(databaseUrl) {
  const child = fork(new URL('../bare-server.mjs', import.meta.url), {
    stdio: 'inherit',
    env: databaseUrl ? { ...process.env, BARE_DATABASE_URL: databaseUrl } : process.env,
  });
  const address = await new Promise((resolve, reject) => {
    child.once('message', (message) => resolve(message.address));
    child.once('exit', (code) => reject(new Error(`bare server exited (${code})`)));
  });
  const oneQueryUrl = databaseUrl ? `${address}/one-query` : null;
  const holdingsPageUrl = databaseUrl ? `${address}/holdings-page` : null;
  return { url: `${address}/page`, oneQueryUrl, holdingsPageUrl, pid: child.pid, stop: stopper(child) };
}
