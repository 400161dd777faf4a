// Loaded with --import in every process of the Node 24 run (NODE_OPTIONS): better-sqlite3 resolves to the
// copy built for Node 24 in .cache/node24 instead of node_modules' build for the machine's Node 20. Both
// bare imports and the file URLs Vitest resolves to are redirected, for require and import alike.
import { registerHooks } from 'node:module';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const FROM = pathToFileURL(path.join(ROOT, 'node_modules', 'better-sqlite3')).href + '/';
const TO = pathToFileURL(path.join(ROOT, '.cache', 'node24', 'better-sqlite3')).href + '/';

registerHooks({
  resolve(specifier, context, nextResolve) {
    const resolved = nextResolve(specifier, context);
    return resolved.url.startsWith(FROM)
      ? { ...resolved, url: TO + resolved.url.slice(FROM.length) }
      : resolved;
  },
});
