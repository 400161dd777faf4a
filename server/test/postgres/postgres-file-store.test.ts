import { inject } from 'vitest';
import { DatabaseFileStore } from '../../src/adapters/file-store/database';
import { migrate } from '../../src/db/database';
import { describeFileStoreContract } from '../support/file-store-contract';
import { databaseStoreUnderTest } from '../support/file-store-database';
import { freshPostgresDb } from '../support/postgres-test-db';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

describeFileStoreContract('PostgreSQL database', async () => {
  const { db } = await freshPostgresDb(serverUrl);
  await migrate(db);
  return databaseStoreUnderTest(db, new DatabaseFileStore(db, Date.now));
});
