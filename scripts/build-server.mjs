// Bundles the platform server, with its pure-JavaScript dependencies, into dist/server/main.js. Node then
// reads one file at start-up instead of resolving and loading some two thousand modules one by one (Kysely
// and TypeBox alone are hundreds of files each), which took most of the start-up. Kept in node_modules:
// native addons, and what the server loads only when first used. The reference data the server reads at run
// time (server/src/db/reference, resolved beside the bundle) is copied with its licences.
import fs from 'node:fs';
import { build } from 'esbuild';

const EXTERNAL = [
  // Native addon.
  'better-sqlite3',
  // Loaded on first use: PostgreSQL's drivers only with DATABASE_URL (postgres.js for the queries, pg for
  // realtime's LISTEN), exceljs on the first export, prom-client only with METRICS=on, @fastify/swagger on
  // the first request for the API document.
  'postgres',
  'pg',
  'exceljs',
  'prom-client',
  '@fastify/swagger',
  // HarfBuzz's WebAssembly file is read beside its module, on the first contract.
  'subset-font',
  // Documents: the first contract or seal loads them. Bundled, they were a third of the file Node
  // compiles at every start. The signing library and pdf-lib stay one copy each, shared with its helpers.
  'pdf-lib',
  '@pdf-lib/fontkit',
  '@signpdf/placeholder-pdf-lib',
  '@signpdf/signpdf',
  '@signpdf/utils',
  // Optional native speed-ups of the WebSocket library, required only if present.
  'bufferutil',
  'utf-8-validate',
];

// Beside the server, the operator's holiday calendar tool (server/src/holidays.ts): a bundle of its own, so
// a deployment runs it with the same node_modules and settings, with no TypeScript toolchain.
await build({
  entryPoints: {
    main: 'server/src/main.ts',
    holidays: 'server/src/holidays.ts',
    // The day-end's thread (modules/day-end/thread.ts), started from beside the server's bundle.
    'day-end-thread': 'server/src/modules/day-end/thread-worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: EXTERNAL,
  // CommonJS dependencies inside an ES module bundle still call require() for Node's own modules.
  banner: {
    js: "import { createRequire as __createRequire } from 'node:module'; const require = __createRequire(import.meta.url);",
  },
  sourcemap: true,
  tsconfig: 'server/tsconfig.json',
  logLevel: 'warning',
  metafile: true,
});

fs.rmSync('dist/server/reference', { recursive: true, force: true });
fs.cpSync('server/src/db/reference', 'dist/server/reference', { recursive: true });
