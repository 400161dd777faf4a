/** The window of the per-token limit: short, so a client that paused is served again at once. */
export const TOKEN_RATE_WINDOW_SECONDS = 10;
const WINDOW_MS = TOKEN_RATE_WINDOW_SECONDS * 1000;

/**
 * Counts requests per access token (by its digest), each token in windows that start with its first
 * request, in this process's memory. Each node counts its own: with N nodes behind a balancer a token may
 * make up to N times the limit, which still stops a runaway or scripted client (600 list requests a second)
 * while keeping every authenticated read free of a database write. Windows that have ended are dropped
 * once per window.
 */
export class TokenRateCounter {
  private readonly windows = new Map<string, { start: number; count: number }>();
  private sweptAt = 0;

  constructor(private readonly limit: number) {}

  /** Seconds to wait when `tokenDigest` is over the limit in its window; null while within it. */
  hit(tokenDigest: string, now = Date.now()): number | null {
    if (this.limit === 0) return null;
    this.sweep(now);
    let window = this.windows.get(tokenDigest);
    if (!window || now - window.start >= WINDOW_MS) {
      window = { start: now, count: 0 };
      this.windows.set(tokenDigest, window);
    }
    window.count += 1;
    return window.count > this.limit ? Math.max(1, Math.ceil((window.start + WINDOW_MS - now) / 1000)) : null;
  }

  private sweep(now: number): void {
    if (now - this.sweptAt < WINDOW_MS) return;
    this.sweptAt = now;
    for (const [digest, window] of this.windows) {
      if (now - window.start >= WINDOW_MS) this.windows.delete(digest);
    }
  }
}
