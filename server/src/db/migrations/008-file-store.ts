import { sql, type Kysely } from 'kysely';
import { isPostgres } from '../dialect';

/** The database file store: files as chunks of bytes, shared by every server node (FILE_STORE=database). */
export async function up(db: Kysely<unknown>): Promise<void> {
  const postgres = isPostgres(db);
  await db.schema
    .createTable('file_objects')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('size', 'bigint', (c) => c.notNull())
    .addColumn('chunk_count', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('file_uploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('started_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('file_uploads_started').on('file_uploads').column('started_at').execute();

  await db.schema
    .createTable('file_chunks')
    .addColumn('upload_id', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('data', postgres ? 'bytea' : 'blob', (c) => c.notNull())
    .addPrimaryKeyConstraint('file_chunks_pk', ['upload_id', 'seq'])
    .execute();
  // Stored files are mostly compressed already (xlsx, PDF, images): PostgreSQL keeps chunks out of line
  // without trying to compress them again.
  if (postgres) await sql`alter table file_chunks alter column data set storage external`.execute(db);
}
