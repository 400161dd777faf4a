import type { FastifyBaseLogger } from 'fastify';

/** How often overdue contracts are ended: their window is thirty days, so a minute late changes nothing. */
export const CONTRACT_EXPIRY_SWEEP_MS = 60_000;

/**
 * Runs the contract expiry sweep on a timer that does not keep the process alive; one sweep at a time (a
 * sweep asked for while one runs joins it), and `stop` waits for the one under way so the database can close.
 */
export class ExpiryTimer {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<number> | null = null;

  constructor(
    private readonly sweepOnce: () => Promise<number>,
    private readonly log: FastifyBaseLogger,
    private readonly failure = 'contract expiry failed',
  ) {}

  start(): void {
    if (this.timer) return;
    this.timer = setInterval(() => {
      this.sweep().catch((error: unknown) => this.log.error({ err: error }, this.failure));
    }, CONTRACT_EXPIRY_SWEEP_MS);
    this.timer.unref();
  }

  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    if (this.running) await this.running.catch(() => undefined);
  }

  /** One sweep now: the number of contracts it ended. */
  sweep(): Promise<number> {
    this.running ??= this.sweepOnce().finally(() => {
      this.running = null;
    });
    return this.running;
  }
}
