import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DatabaseFileStore } from '../../../src/adapters/file-store/database';
import { LocalFileStore } from '../../../src/adapters/file-store/local';
import { loadConfig } from '../../../src/config';
import { createDatabase, migrate } from '../../../src/db/database';
import { describeFileStoreContract } from '../../support/file-store-contract';
import { databaseStoreUnderTest } from '../../support/file-store-database';
import { startApp } from '../../support/helpers';
import { freshPostgresDb } from '../../support/postgres-test-db';

/** Sizes of every file below `dir`, its folder of writes under way included. */
function bytesBelow(dir: string): number {
  if (!fs.existsSync(dir)) return 0;
  return fs.readdirSync(dir, { withFileTypes: true }).reduce((sum, entry) => {
    const full = path.join(dir, entry.name);
    return sum + (entry.isDirectory() ? bytesBelow(full) : fs.statSync(full).size);
  }, 0);
}

describeFileStoreContract('local', async () => {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-files-'));
  return {
    store: new LocalFileStore(root),
    inFlightBytes: async () => bytesBelow(path.join(root, '.incoming')),
    heldBytes: async () => bytesBelow(root),
    close: async () => fs.rmSync(root, { recursive: true, force: true }),
  };
});

// On the database of this pass: in-memory SQLite, or PostgreSQL when TEST_DATABASE_URL names a server.
describeFileStoreContract('database', async () => {
  const postgresUrl = process.env.TEST_DATABASE_URL;
  const db = postgresUrl
    ? (await freshPostgresDb(postgresUrl)).db
    : await createDatabase({ dataDir: '', inMemory: true });
  await migrate(db);
  return databaseStoreUnderTest(db, new DatabaseFileStore(db, Date.now));
});

describe('FILE_STORE', () => {
  it('keeps files in DATA_DIR by default, in the database on request, and refuses to start on anything else', async () => {
    expect(loadConfig({}).fileStore).toBe('local');
    expect(loadConfig({ FILE_STORE: 'database' }).fileStore).toBe('database');
    expect(() => loadConfig({ FILE_STORE: 'postgres' })).toThrow(/FILE_STORE/);

    const t = await startApp({ fileStore: 'database' });
    try {
      expect(t.app.adapters.files).toBeInstanceOf(DatabaseFileStore);
    } finally {
      await t.app.close();
    }
  });
});
