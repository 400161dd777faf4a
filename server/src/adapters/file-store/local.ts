import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { randomToken } from '../../lib/hash';
import { checkFileKey, type FileStat, type FileStore, type StoredFile } from './store';

/** Files being written, under the root; keys cannot name it (a key segment never starts with a dot). */
const INCOMING = '.incoming';
const TEMPORARY_SUFFIX = '.part';

const missing = (error: unknown) => (error as NodeJS.ErrnoException).code === 'ENOENT';

/**
 * Files in a folder of this machine (DATA_DIR/files): a key is a path below it. Each write goes to a file of
 * its own in `.incoming`, is flushed to disk and renamed into place, which replaces the old file at once.
 * Only the processes of one machine see these files: several nodes need the database store.
 */
export class LocalFileStore implements FileStore {
  private readonly incoming: string;

  constructor(private readonly root: string) {
    this.incoming = path.join(root, INCOMING);
  }

  async put(key: string, content: Readable | Uint8Array): Promise<FileStat> {
    const file = this.pathOf(key);
    await fs.promises.mkdir(this.incoming, { recursive: true });
    const temporary = path.join(this.incoming, `${randomToken(12)}${TEMPORARY_SUFFIX}`);
    try {
      const source = content instanceof Readable ? content : Readable.from([content]);
      await pipeline(source, fs.createWriteStream(temporary, { flags: 'wx' }));
      const handle = await fs.promises.open(temporary, 'r+');
      let size: number;
      try {
        // On disk before it takes the key's place: a power cut must not leave a renamed but empty file.
        await handle.sync();
        size = (await handle.stat()).size;
      } finally {
        await handle.close();
      }
      await fs.promises.mkdir(path.dirname(file), { recursive: true });
      await fs.promises.rename(temporary, file);
      return { size };
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      throw error;
    }
  }

  async get(key: string): Promise<StoredFile | null> {
    let handle: fs.promises.FileHandle;
    try {
      handle = await fs.promises.open(this.pathOf(key), 'r');
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
    // Read through the open handle: a delete or replacement meanwhile does not cut the download short.
    try {
      const { size } = await handle.stat();
      return { size, stream: handle.createReadStream() };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async stat(key: string): Promise<FileStat | null> {
    try {
      const stat = await fs.promises.stat(this.pathOf(key));
      return stat.isFile() ? { size: stat.size } : null;
    } catch (error) {
      if (missing(error)) return null;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await fs.promises.rm(this.pathOf(key), { force: true });
  }

  /** A live write appends all the time, so its file's modification time is recent. */
  async purgeAbandonedWrites(before: number): Promise<number> {
    let names: string[];
    try {
      names = await fs.promises.readdir(this.incoming);
    } catch (error) {
      if (missing(error)) return 0;
      throw error;
    }
    let removed = 0;
    for (const name of names.filter((n) => n.endsWith(TEMPORARY_SUFFIX))) {
      const file = path.join(this.incoming, name);
      const stat = await fs.promises.stat(file).catch(() => null);
      if (!stat || stat.mtimeMs >= before) continue;
      await fs.promises.rm(file, { force: true });
      removed++;
    }
    return removed;
  }

  private pathOf(key: string): string {
    return path.join(this.root, ...checkFileKey(key).split('/'));
  }
}
