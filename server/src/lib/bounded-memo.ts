/** A memoised function, and how many answers it keeps now. */
export interface BoundedMemo<A, T> {
  (arg: A): T;
  readonly size: number;
}

/**
 * Keeps the answers of `compute` for up to `max` keys, then forgets them all together and starts again:
 * for values a hot path computes again and again from a few distinct inputs (an Accept-Encoding header,
 * a bearer token, a search of reference data), where keys sent to fill it must not grow it. Forgetting
 * all at once costs one recomputation per live key, and needs no order kept per call. `keyOf` names an
 * argument that is not itself a string.
 */
export function boundedMemo<T extends NonNullable<unknown> | null, A = string>(
  max: number,
  compute: (arg: A) => T,
  keyOf: (arg: A) => string = (arg) => arg as string,
): BoundedMemo<A, T> {
  const kept = new Map<string, T>();
  const memo = (arg: A): T => {
    const key = keyOf(arg);
    const known = kept.get(key);
    if (known !== undefined) return known;
    const value = compute(arg);
    if (kept.size >= max) kept.clear();
    kept.set(key, value);
    return value;
  };
  return Object.defineProperty(memo, 'size', { get: () => kept.size }) as BoundedMemo<A, T>;
}
