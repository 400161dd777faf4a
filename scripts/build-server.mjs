// Bundles the platform server into dist/server/main.js (dependencies stay in node_modules) and copies the
// reference data it reads at run time (server/src/db/reference, resolved beside the bundle) with its licences.
import fs from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: ['server/src/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  tsconfig: 'server/tsconfig.json',
  logLevel: 'warning',
});

fs.rmSync('dist/server/reference', { recursive: true, force: true });
fs.cpSync('server/src/db/reference', 'dist/server/reference', { recursive: true });
