import { Readable } from 'node:stream';
import type { Db } from '../../db/database';
import { lockWithinTransaction } from '../../db/locks';
import { newId } from '../../lib/hash';
import { checkFileKey, type FileStat, type FileStore, type StoredFile } from './store';

/** Bytes per stored chunk: what a write or a read holds in memory at once, and one row each. */
export const FILE_CHUNK_BYTES = 256 * 1024;

/** `content` in pieces of exactly `size` bytes (the last one shorter), whatever pieces it arrives in. */
async function* rechunked(content: Readable | Uint8Array, size: number): AsyncGenerator<Buffer> {
  if (!(content instanceof Readable)) {
    for (let at = 0; at < content.byteLength; at += size)
      yield Buffer.from(content.subarray(at, Math.min(at + size, content.byteLength)));
    return;
  }
  let piece = Buffer.allocUnsafe(size);
  let filled = 0;
  for await (const arriving of content as AsyncIterable<Uint8Array | string>) {
    const bytes = typeof arriving === 'string' ? Buffer.from(arriving) : arriving;
    let at = 0;
    while (at < bytes.byteLength) {
      const taken = Math.min(size - filled, bytes.byteLength - at);
      piece.set(bytes.subarray(at, at + taken), filled);
      filled += taken;
      at += taken;
      if (filled === size) {
        yield piece;
        piece = Buffer.allocUnsafe(size);
        filled = 0;
      }
    }
  }
  if (filled > 0) yield piece.subarray(0, filled);
}

/**
 * Files in the database, so every server node sees the same ones (PostgreSQL, where several nodes share it;
 * it works on SQLite too). A write stores its chunks under an upload of its own, one row at a time with no
 * transaction held open, and then, in one short transaction, points the key at the upload and drops the
 * chunks of the file it replaces. A read fetches one chunk at a time as the stream is consumed.
 */
export class DatabaseFileStore implements FileStore {
  constructor(
    private readonly db: Db,
    private readonly now: () => number,
  ) {}

  async put(key: string, content: Readable | Uint8Array): Promise<FileStat> {
    checkFileKey(key);
    const uploadId = newId();
    await this.db.insertInto('file_uploads').values({ id: uploadId, key, started_at: this.now() }).execute();
    try {
      let seq = 0;
      let size = 0;
      for await (const chunk of rechunked(content, FILE_CHUNK_BYTES)) {
        await this.db.insertInto('file_chunks').values({ upload_id: uploadId, seq, data: chunk }).execute();
        seq++;
        size += chunk.byteLength;
      }
      await this.db.transaction().execute(async (trx) => {
        // Its chunks are only safe while the upload row is there (purgeAbandonedWrites deletes both at once).
        const claimed = await trx.deleteFrom('file_uploads').where('id', '=', uploadId).executeTakeFirst();
        if (Number(claimed.numDeletedRows) !== 1)
          throw new Error(`the write of ${key} was purged as abandoned`);
        // Two writes of one key at once: the second sees the first's file, and drops its chunks.
        await lockWithinTransaction(trx, `file:${key}`);
        const replaced = await trx
          .selectFrom('file_objects')
          .select('upload_id')
          .where('key', '=', key)
          .executeTakeFirst();
        const object = { upload_id: uploadId, size, chunk_count: seq, created_at: this.now() };
        if (replaced) {
          await trx.updateTable('file_objects').set(object).where('key', '=', key).execute();
          await trx.deleteFrom('file_chunks').where('upload_id', '=', replaced.upload_id).execute();
        } else {
          await trx
            .insertInto('file_objects')
            .values({ key, ...object })
            .execute();
        }
      });
      return { size };
    } catch (error) {
      await this.discard(uploadId).catch(() => undefined);
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    const object = await this.db
      .selectFrom('file_objects')
      .select(['upload_id', 'size', 'chunk_count'])
      .where('key', '=', checkFileKey(key))
      .executeTakeFirst();
    if (!object) return null;
    return { size: Number(object.size), stream: this.chunks(object.upload_id, Number(object.chunk_count)) };
  }

  async stat(key: string): Promise<FileStat | null> {
    const object = await this.db
      .selectFrom('file_objects')
      .select('size')
      .where('key', '=', checkFileKey(key))
      .executeTakeFirst();
    return object ? { size: Number(object.size) } : null;
  }

  async delete(key: string): Promise<void> {
    checkFileKey(key);
    await this.db.transaction().execute(async (trx) => {
      await lockWithinTransaction(trx, `file:${key}`);
      const object = await trx
        .deleteFrom('file_objects')
        .where('key', '=', key)
        .returning('upload_id')
        .executeTakeFirst();
      if (object) await trx.deleteFrom('file_chunks').where('upload_id', '=', object.upload_id).execute();
    });
  }

  async purgeAbandonedWrites(before: number): Promise<number> {
    const abandoned = await this.db
      .selectFrom('file_uploads')
      .select('id')
      .where('started_at', '<', before)
      .execute();
    for (const upload of abandoned) await this.discard(upload.id);
    return abandoned.length;
  }

  /** A readable that asks for the next chunk only when the consumer wants more. */
  private chunks(uploadId: string, count: number): Readable {
    const { db } = this;
    let seq = 0;
    return new Readable({
      highWaterMark: FILE_CHUNK_BYTES,
      read() {
        if (seq === count) {
          this.push(null);
          return;
        }
        const wanted = seq++;
        db.selectFrom('file_chunks')
          .select('data')
          .where('upload_id', '=', uploadId)
          .where('seq', '=', wanted)
          .executeTakeFirst()
          .then(
            (row) =>
              row
                ? this.push(row.data)
                : this.destroy(new Error('the file was replaced or deleted while it was read')),
            (error: unknown) => this.destroy(error as Error),
          );
      },
    });
  }

  private async discard(uploadId: string): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx.deleteFrom('file_chunks').where('upload_id', '=', uploadId).execute();
      await trx.deleteFrom('file_uploads').where('id', '=', uploadId).execute();
    });
  }
}
