import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/** Vite's content-hashed bundles: a changed file gets a new name, so a cached one never goes stale. */
const HASHED_ASSETS_DIR = 'assets';
const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html names the current bundles: always revalidated, or a deploy would leave users on the old app. */
const REVALIDATE = 'no-cache';

/** Serves the built SPA at `/` when its folder exists (it does not in tests or before `npm run build`). */
export async function setupWebRoot(app: FastifyInstance, webRoot: string | undefined): Promise<void> {
  if (!webRoot || !fs.existsSync(path.join(webRoot, 'index.html'))) return;
  const assets = path.join(webRoot, HASHED_ASSETS_DIR) + path.sep;
  await app.register(fastifyStatic, {
    root: webRoot,
    cacheControl: false,
    dotfiles: 'deny',
    setHeaders: (reply, filePath) => {
      reply.header('Cache-Control', filePath.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });
}
