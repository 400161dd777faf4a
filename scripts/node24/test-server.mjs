// The server suite on Node 24 LTS, the production runtime (npm test runs it after the web tests): Vitest under the
// Node 24 binary of .cache/node24, every process of the run (Vitest's workers, the servers the tests spawn)
// loading better-sqlite3 from the copy built for it (scripts/node24/ensure.mjs). Arguments are passed on to Vitest.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { ensureNode24 } from './ensure.mjs';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const { node: node24, sqlite } = ensureNode24();
const hook = pathToFileURL(path.join(ROOT, 'scripts', 'node24', 'sqlite-hook.mjs')).href;
const vitest = path.join(ROOT, 'node_modules', 'vitest', 'vitest.mjs');
// One worker per core (Vitest's default leaves one idle), unless the arguments choose: each worker has its
// own PostgreSQL database.
const args = process.argv.slice(2);
const workers = args.some((arg) => arg.startsWith('--maxWorkers')) ? [] : ['--maxWorkers=100%'];
const run = spawnSync(node24, [vitest, 'run', '--project', 'server', ...workers, ...args], {
  cwd: ROOT,
  stdio: 'inherit',
  env: {
    ...process.env,
    NODE_OPTIONS: [process.env.NODE_OPTIONS, `--import=${hook}`].filter(Boolean).join(' '),
    // Where the hook finds the build for Node 24.
    CHAIN_BILL_NODE24_SQLITE: sqlite,
    // Child processes started as `node` (or as process.execPath) are Node 24 too.
    PATH: `${path.dirname(node24)}${path.delimiter}${process.env.PATH}`,
  },
});
process.exit(run.status ?? 1);
