import { LAZY_CHUNK_TIMEOUT } from '@contract/constants';

/** A lazy chunk that failed to load, took too long, or lacked what was asked of it (spec section 8). */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** Loads a lazy chunk, giving up after the spec's 120 s with a ChunkLoadError. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs: number = LAZY_CHUNK_TIMEOUT): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('chunk load timed out')), timeoutMs);
    load().then(
      (module) => {
        clearTimeout(timer);
        if (module === undefined || module === null) reject(new ChunkLoadError('chunk is missing'));
        else resolve(module);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(new ChunkLoadError(error instanceof Error ? error.message : 'chunk load failed'));
      },
    );
  });
}

export function isChunkLoadError(error: unknown): boolean {
  return error instanceof ChunkLoadError;
}
