import { PassThrough, type Readable, type Writable } from 'node:stream';

/**
 * Where the server keeps files (exports, and the documents of the domains to come). app.ts picks the
 * implementation from FILE_STORE: the local DATA_DIR (local.ts) for one node, or the database every node
 * shares (database.ts). A module stores and serves files through `app.adapters.files` only, never through
 * paths, so it works on any number of nodes.
 *
 * A key names one file: segments of letters, digits, `.`, `_` and `-` joined by `/`, each starting with a
 * letter or digit (so no `..`, no hidden names, no absolute path), e.g. `exports/<task id>.1.xlsx`. The module
 * that owns a kind of file owns its first segment. Contents are bytes; what they are (the content type, the
 * download name) is known to the module that serves them.
 */
export interface FileStore {
  /**
   * Stores `content` under `key`, replacing the file there, and answers its size. Nothing of it is visible
   * until all of it is stored: a reader sees the previous file (or none) until then, and a write that fails
   * or is cut short by a crash leaves nothing behind but what `purgeAbandonedWrites` removes. Streams are
   * read as they are stored, never gathered in memory.
   */
  put(key: string, content: Readable | Uint8Array): Promise<FileStat>;
  /** The file, to be read as a stream (a piece at a time); null when there is none. */
  get(key: string): Promise<StoredFile | null>;
  stat(key: string): Promise<FileStat | null>;
  /** Removes the file; nothing happens when there is none. */
  delete(key: string): Promise<void>;
  /** Removes the leftovers of writes begun before `before` (epoch ms) and never finished; answers how many. */
  purgeAbandonedWrites(before: number): Promise<number>;
}

export interface FileStat {
  /** Bytes. */
  size: number;
}

export interface StoredFile extends FileStat {
  stream: Readable;
}

const KEY = /^[A-Za-z0-9][A-Za-z0-9._-]*(?:\/[A-Za-z0-9][A-Za-z0-9._-]*)*$/;
const KEY_MAX_LENGTH = 255;

export class InvalidFileKey extends Error {}

/** Keys come from the server's own code, never from a request; one that breaks the rule is a bug, refused. */
export function checkFileKey(key: string): string {
  if (key.length > KEY_MAX_LENGTH || !KEY.test(key)) throw new InvalidFileKey(`invalid file key: ${key}`);
  return key;
}

/**
 * Stores what `write` writes to the stream it is handed, for producers that write rather than hand over a
 * readable (a spreadsheet or PDF writer). A write that throws stores nothing; a store that fails stops
 * the writer. Answers what `write` answered, with the stored size.
 */
export async function putWritten<T>(
  store: FileStore,
  key: string,
  write: (out: Writable) => Promise<T>,
): Promise<{ written: T; stat: FileStat }> {
  const pipe = new PassThrough();
  const stored = store.put(key, pipe);
  stored.catch((error: unknown) => pipe.destroy(asError(error)));
  try {
    const written = await write(pipe);
    if (!pipe.writableEnded) pipe.end();
    return { written, stat: await stored };
  } catch (error) {
    pipe.destroy(asError(error));
    await stored.catch(() => undefined);
    throw error;
  }
}

const asError = (error: unknown) => (error instanceof Error ? error : new Error(String(error)));
