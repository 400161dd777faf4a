import crypto from 'node:crypto';
import { PassThrough, Readable } from 'node:stream';
import { InvalidFileKey, type FileStore } from '../../src/adapters/file-store/store';

/** A file store under test, with what only its own implementation can tell. */
export interface StoreUnderTest {
  store: FileStore;
  /** Bytes that writes under way have stored so far. */
  inFlightBytes(): Promise<number>;
  /** Bytes the store holds in all, complete files and writes under way alike. */
  heldBytes(): Promise<number>;
  close(): Promise<void>;
}

const KIB = 1024;
const MIB = 1024 * KIB;
const BLOCK = 64 * KIB;

async function readAll(stream: Readable): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of stream) parts.push(Buffer.from(part as Uint8Array));
  return Buffer.concat(parts);
}

async function contentOf(store: FileStore, key: string): Promise<string | null> {
  const file = await store.get(key);
  return file ? (await readAll(file.stream)).toString() : null;
}

/** `size` bytes in 64 KiB blocks, made as they are read, never all at once; `digest` hashes what was made. */
function generated(size: number, onProgress: (made: number) => Promise<void> = async () => {}) {
  const hash = crypto.createHash('sha256');
  async function* blocks() {
    for (let made = 0; made < size; made += BLOCK) {
      const block = Buffer.alloc(Math.min(BLOCK, size - made), (made / BLOCK) % 251);
      hash.update(block);
      yield block;
      await onProgress(made + block.length);
    }
  }
  return { stream: Readable.from(blocks()), digest: () => hash.digest('hex') };
}

const uniqueKey = (name: string) => `contract/${crypto.randomUUID()}/${name}`;

/** The behaviour every file store promises (adapters/file-store/store.ts), run against one implementation. */
export function describeFileStoreContract(name: string, setup: () => Promise<StoreUnderTest>): void {
  describe(`the ${name} file store`, () => {
    let t: StoreUnderTest;
    beforeEach(async () => {
      t = await setup();
    });
    afterEach(async () => {
      await t.close();
    });

    it('stores, reads back, sizes, replaces and deletes a file', async () => {
      const key = uniqueKey('letter.pdf');
      expect(await t.store.put(key, Buffer.from('第一版'))).toEqual({ size: 9 });
      expect(await t.store.stat(key)).toEqual({ size: 9 });
      expect(await contentOf(t.store, key)).toBe('第一版');

      await t.store.put(key, Readable.from([Buffer.from('second '), Buffer.from('version')]));
      expect(await contentOf(t.store, key)).toBe('second version');
      expect((await t.store.get(key))?.size).toBe(14);

      await t.store.delete(key);
      expect(await t.store.stat(key)).toBeNull();
      expect(await t.store.get(key)).toBeNull();
      await t.store.delete(key);
      expect(await t.heldBytes()).toBe(0);
    });

    it('stores an empty file', async () => {
      const key = uniqueKey('empty');
      expect(await t.store.put(key, Buffer.alloc(0))).toEqual({ size: 0 });
      expect(await contentOf(t.store, key)).toBe('');
    });

    it('streams a large file in and out, storing it as it arrives and reading it as it is consumed', async () => {
      const size = 12 * MIB;
      const key = uniqueKey('large.xlsx');
      let storedWhileWriting = -1;
      const source = generated(size, async (made) => {
        if (made === 8 * MIB) storedWhileWriting = await t.inFlightBytes();
      });
      expect(await t.store.put(key, source.stream)).toEqual({ size });
      // Not gathered and written at the end: most of what was made was already stored.
      expect(storedWhileWriting).toBeGreaterThanOrEqual(6 * MIB);

      const file = await t.store.get(key);
      expect(file?.size).toBe(size);
      const reading = file!.stream[Symbol.asyncIterator]();
      const first = await reading.next();
      await new Promise((resolve) => setTimeout(resolve, 200));
      // A reader that does not ask for more gets nothing more: the store holds back the rest.
      expect(file!.stream.readableLength).toBeLessThanOrEqual(MIB);
      const hash = crypto.createHash('sha256').update(first.value as Uint8Array);
      let read = (first.value as Uint8Array).byteLength;
      for (let next = await reading.next(); !next.done; next = await reading.next()) {
        hash.update(next.value as Uint8Array);
        read += (next.value as Uint8Array).byteLength;
      }
      expect(read).toBe(size);
      expect(hash.digest('hex')).toBe(source.digest());
    });

    it('shows nothing of a file until it is complete', async () => {
      const key = uniqueKey('report.xlsx');
      const source = new PassThrough();
      const writing = t.store.put(key, source);
      source.write(Buffer.alloc(600 * KIB, 1));
      await vi.waitFor(async () => expect(await t.inFlightBytes()).toBeGreaterThan(0));
      expect(await t.store.stat(key)).toBeNull();
      expect(await t.store.get(key)).toBeNull();
      source.end(Buffer.alloc(100 * KIB, 2));
      expect(await writing).toEqual({ size: 700 * KIB });
      expect(await t.store.stat(key)).toEqual({ size: 700 * KIB });
      expect(await t.inFlightBytes()).toBe(0);
    });

    it('keeps the previous file when a write fails, and leaves nothing of the failed one', async () => {
      const key = uniqueKey('contract.pdf');
      await t.store.put(key, Buffer.from('signed'));
      async function* failing() {
        yield Buffer.alloc(MIB, 7);
        throw new Error('the generator failed');
      }
      await expect(t.store.put(key, Readable.from(failing()))).rejects.toThrow('the generator failed');
      expect(await contentOf(t.store, key)).toBe('signed');
      expect(await t.inFlightBytes()).toBe(0);
      expect(await t.heldBytes()).toBe(6);
    });

    it('ends with one whole file when two writes of one key race', async () => {
      const key = uniqueKey('seal.png');
      const a = Buffer.alloc(600 * KIB, 'a');
      const b = Buffer.alloc(500 * KIB, 'b');
      await Promise.all([t.store.put(key, Readable.from([a])), t.store.put(key, Readable.from([b]))]);
      const stored = (await readAll((await t.store.get(key))!.stream)).toString();
      expect([a.toString(), b.toString()]).toContain(stored);
      expect(await t.heldBytes()).toBe(stored.length);
    });

    it('purges the leftovers of writes begun before a moment, and nothing newer', async () => {
      const key = uniqueKey('abandoned.xlsx');
      const source = new PassThrough();
      const writing = t.store.put(key, source);
      writing.catch(() => undefined);
      source.write(Buffer.alloc(300 * KIB, 3));
      await vi.waitFor(async () => expect(await t.inFlightBytes()).toBeGreaterThan(0));
      expect(await t.store.purgeAbandonedWrites(Date.now() - 60_000)).toBe(0);
      expect(await t.inFlightBytes()).toBeGreaterThan(0);

      expect(await t.store.purgeAbandonedWrites(Date.now() + 60_000)).toBe(1);
      expect(await t.inFlightBytes()).toBe(0);
      // The write whose leftovers went cannot complete any more.
      source.end();
      await expect(writing).rejects.toThrow();
      expect(await t.store.stat(key)).toBeNull();
    });

    it('refuses keys that could name a place outside the store', async () => {
      for (const key of [
        '../secret',
        '/etc/passwd',
        'a//b',
        '.hidden',
        'a/../b',
        'a/',
        '',
        'a\\b',
        'x'.repeat(256),
      ]) {
        await expect(t.store.put(key, Buffer.from('x')), key).rejects.toThrow(InvalidFileKey);
        await expect(t.store.get(key), key).rejects.toThrow(InvalidFileKey);
        await expect(t.store.delete(key), key).rejects.toThrow(InvalidFileKey);
      }
    });
  });
}
