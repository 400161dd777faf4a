/** A function of one string whose answers are kept, and how many are kept now. */
export interface BoundedMemo<T> {
  (key: string): T;
  readonly size: number;
}

/**
 * Keeps the answers of `compute` for up to `max` keys, then forgets them all together and starts again:
 * for values a hot path computes again and again from a few distinct inputs (an Accept-Encoding header,
 * a bearer token), where keys sent to fill it must not grow it. Forgetting all at once costs one
 * recomputation per live key, and needs no order kept per call.
 */
export function boundedMemo<T extends NonNullable<unknown> | null>(
  max: number,
  compute: (key: string) => T,
): BoundedMemo<T> {
  const kept = new Map<string, T>();
  const memo = (key: string): T => {
    const known = kept.get(key);
    if (known !== undefined) return known;
    const value = compute(key);
    if (kept.size >= max) kept.clear();
    kept.set(key, value);
    return value;
  };
  return Object.defineProperty(memo, 'size', { get: () => kept.size }) as BoundedMemo<T>;
}
