import type { Db } from '../db/database';

export interface RateDecision {
  allowed: boolean;
  count: number;
  /** Milliseconds until the window resets. */
  retryAfterMs: number;
}

/**
 * Counts one hit against `key` in a fixed window kept in the database (shared by every node, kept
 * across restarts). One atomic upsert: the window restarts when it has passed, or when it starts after
 * `now` (the clock was set back: the sandbox's clock moved back, a node's clock corrected), so a window
 * opened in the clock's future does not lock the key until that future comes.
 */
export async function hitRateLimit(
  db: Db,
  key: string,
  limit: number,
  windowMs: number,
  now: number,
): Promise<RateDecision> {
  const staleBefore = now - windowMs;
  const row = await db
    .insertInto('rate_counters')
    .values({ key, window_start: now, count: 1 })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const restarts = eb.or([
          eb('rate_counters.window_start', '<=', staleBefore),
          eb('rate_counters.window_start', '>', now),
        ]);
        return {
          count: eb
            .case()
            .when(restarts)
            .then(1)
            .else(eb('rate_counters.count', '+', 1))
            .end(),
          window_start: eb.case().when(restarts).then(now).else(eb.ref('rate_counters.window_start')).end(),
        };
      }),
    )
    .returning(['count', 'window_start'])
    .executeTakeFirstOrThrow();
  return {
    allowed: row.count <= limit,
    count: row.count,
    retryAfterMs: Math.max(0, Number(row.window_start) + windowMs - now),
  };
}
