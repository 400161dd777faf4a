/**
 * The server's clock with an offset the sandbox may set, so a journey can let a bill mature or a business day
 * close without waiting for it. app.ts uses it only when the sandbox is on; a production start keeps the
 * plain clock and registers no route that could move it. The offset is this process's: each node has its own.
 */
export class AdjustableClock {
  private offsetMs = 0;

  constructor(private readonly base: () => number) {}

  readonly now = (): number => this.base() + this.offsetMs;

  /** Moves the clock so that it reads `at` now (and runs on from there). */
  moveTo(at: number): void {
    this.offsetMs = at - this.base();
  }

  get offset(): number {
    return this.offsetMs;
  }
}
