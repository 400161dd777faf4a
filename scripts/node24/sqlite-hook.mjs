// Loaded with --import in every process of the Node 24 run (NODE_OPTIONS): better-sqlite3 resolves to the
// copy built for Node 24 (CHAIN_BILL_NODE24_SQLITE, set by test-server.mjs) instead of node_modules' build for
// the machine's Node 20. Both bare imports and the file URLs Vitest resolves to are redirected, for require
// and import alike.
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FROM = pathToFileURL(path.join(ROOT, 'node_modules', 'better-sqlite3')).href + '/';
const BUILD = process.env.CHAIN_BILL_NODE24_SQLITE;
if (!BUILD)
  throw new Error(
    'CHAIN_BILL_NODE24_SQLITE names no better-sqlite3 build (run scripts/node24/test-server.mjs)',
  );
const TO = pathToFileURL(BUILD).href + '/';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    return resolved.url.startsWith(FROM)
      ? { ...resolved, url: TO + resolved.url.slice(FROM.length) }
      : resolved;
  },
});
