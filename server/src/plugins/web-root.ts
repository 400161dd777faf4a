import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's content-hashed bundles: a changed file gets a new name, so a cached one never goes stale. */
const HASHED_ASSETS_DIR = 'assets';
/** Workbox's runtime, named by its content hash beside the service worker that imports it. */
const HASHED_ROOT_FILE = /^workbox-[0-9a-f]{8}\.js$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
/**
 * index.html names the current bundles and sw.js decides when the app updates: both always revalidated,
 * or a deploy would leave users on the old app.
 */
const REVALIDATE = 'no-cache';
/** The build's compressed copies (scripts/precompress.mjs) are chosen by negotiation, never asked for by name. */
const COMPRESSED_COPY = /\.(?:br|gz)$/;

const isHashed = (filePath: string, assets: string, webRoot: string): boolean =>
  filePath.startsWith(assets) ||
  (path.dirname(filePath) === webRoot &&
    HASHED_ROOT_FILE.test(path.basename(filePath).replace(COMPRESSED_COPY, '')));

/**
 * Serves the built SPA at `/` when its folder exists (it does not in tests or before `npm run build`).
 * Each file goes out as the build's brotli or gzip copy when the request's Accept-Encoding takes it
 * (`Content-Encoding` and `Vary: Accept-Encoding` set by @fastify/static), as it is otherwise.
 */
export async function setupWebRoot(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  if (!webRoot || !fs.existsSync(path.join(webRoot, 'index.html'))) return;
  const root = path.resolve(webRoot);
  const assets = path.join(root, HASHED_ASSETS_DIR) + path.sep;
  await app.register(fastifyStatic, {
    root,
    cacheControl: false,
    dotfiles: 'deny',
    preCompressed: true,
    allowedPath: (pathname) => !COMPRESSED_COPY.test(pathname),
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', isHashed(filePath, assets, root) ? IMMUTABLE : REVALIDATE);
    },
  });
}
