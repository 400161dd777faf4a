import type BetterSqlite3 from 'better-sqlite3';
import { closeStartedApps } from './open-apps';
import { dropTestSchemas } from './postgres-test-db';
import { templateState } from './sqlite-template';

// An in-memory database opened while a seeded image is on offer starts as a copy of it (sqlite-template.ts).
vi.mock('better-sqlite3', async (importOriginal) => {
  const { default: Database } = await importOriginal<{ default: typeof BetterSqlite3 }>();
  const Templated = function Templated(this: unknown, filename?: string | Buffer, options?: object) {
    const state = templateState();
    const inMemory = filename === ':memory:';
    const image = inMemory ? state.pending : null;
    if (image) state.pending = null;
    const database = new Database(image ?? filename, options);
    if (inMemory) state.opened?.push(database);
    return database;
  } as unknown as typeof Database;
  Object.setPrototypeOf(Templated, Database);
  Templated.prototype = Database.prototype;
  return { default: Templated };
});

// An app a file left open is closed before the next file runs in this worker (open-apps.ts); apps started
// on PostgreSQL each get a schema of their own, and none outlives its test file.
afterAll(async () => {
  await closeStartedApps();
  await dropTestSchemas();
});
