// Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the built web app, once at build
// time at the strongest settings, so the server sends them as they are (server/src/plugins/web-root.ts)
// instead of compressing on every request. Usage: node scripts/precompress.mjs [dir] (default dist/web).
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/** Text the browser loads; source maps only the developer tools fetch, so they stay as they are. */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt)$/;
/** Below about one packet a compressed copy saves nothing worth a second file. */
const MIN_BYTES = 1024;

async function* files(dir) {
  for (const entry of await fs.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* files(full);
    else if (entry.isFile()) yield full;
  }
}

async function precompress(file) {
  const raw = await fs.readFile(file);
  const [br, gz] = await Promise.all([
    brotli(raw, {
      params: {
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: raw.length,
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
      },
    }),
    gzip(raw, { level: zlib.constants.Z_BEST_COMPRESSION }),
  ]);
  // A copy that is not smaller is not written: the server then sends the file itself.
  if (br.length < raw.length) await fs.writeFile(`${file}.br`, br);
  if (gz.length < raw.length) await fs.writeFile(`${file}.gz`, gz);
  return { raw: raw.length, br: Math.min(br.length, raw.length), gz: Math.min(gz.length, raw.length) };
}

const root = path.resolve(process.argv[2] ?? 'dist/web');
const started = performance.now();
const todo = [];
for await (const file of files(root)) {
  if (!COMPRESSIBLE.test(file)) continue;
  const { size } = await fs.stat(file);
  if (size >= MIN_BYTES) todo.push(file);
}
const totals = { raw: 0, br: 0, gz: 0 };
for (const sizes of await Promise.all(todo.map(precompress))) {
  totals.raw += sizes.raw;
  totals.br += sizes.br;
  totals.gz += sizes.gz;
}
const kb = (bytes) => `${(bytes / 1024).toFixed(0)} kB`;
console.log(
  `precompressed ${todo.length} files in ${root}: ${kb(totals.raw)} -> brotli ${kb(totals.br)}, gzip ${kb(totals.gz)} (${Math.round(performance.now() - started)} ms)`,
);
