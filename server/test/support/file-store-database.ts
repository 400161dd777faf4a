import { sql } from 'kysely';
import type { DatabaseFileStore } from '../../src/adapters/file-store/database';
import type { Db } from '../../src/db/database';
import type { StoreUnderTest } from './file-store-contract';

const chunkBytes = async (db: Db, uploads: 'in flight' | 'all') => {
  const row = await db
    .selectFrom('file_chunks')
    .select(sql<number | string | null>`sum(length(data))`.as('bytes'))
    .$if(uploads === 'in flight', (query) =>
      query.where('upload_id', 'in', db.selectFrom('file_uploads').select('id')),
    )
    .executeTakeFirstOrThrow();
  return Number(row.bytes ?? 0);
};

/** The database store on `db` (migrated), with the probes the contract tests need; closing destroys `db`. */
export function databaseStoreUnderTest(db: Db, store: DatabaseFileStore): StoreUnderTest {
  return {
    store,
    inFlightBytes: () => chunkBytes(db, 'in flight'),
    heldBytes: () => chunkBytes(db, 'all'),
    close: () => db.destroy(),
  };
}
