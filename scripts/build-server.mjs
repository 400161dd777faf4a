// Bundles the platform server into dist/server/main.js (dependencies stay in node_modules).
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
