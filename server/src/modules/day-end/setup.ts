import type { FastifyInstance } from 'fastify';
import { DayEnd } from './runner';
import type { DayEndStep } from './step';
import { DAY_END_STEPS } from './steps';

declare module 'fastify' {
  interface FastifyInstance {
    /** The day-end run: `runNow(date)` runs a business day's close here (tests, the sandbox), `record(date)`. */
    dayEnd: DayEnd;
  }
}

/**
 * Starts the day-end worker with the server (unless `dayEndTimer` is off: tests run it themselves) and stops
 * it before the database closes; a run under way hands its run back for another node or the next start.
 */
export function setupDayEnd(app: FastifyInstance, steps: readonly DayEndStep[] = DAY_END_STEPS): void {
  const dayEnd = new DayEnd({
    db: app.db,
    now: app.now,
    realtime: app.realtime,
    log: app.log,
    closeMinutes: app.config.dayEndAt,
    steps,
    leaseMs: app.config.taskLeaseSeconds * 1000,
    pollMs: app.config.taskPollSeconds * 1000,
  });
  app.decorate('dayEnd', dayEnd);
  if (app.config.dayEndTimer) app.addHook('onReady', async () => dayEnd.worker.start());
  app.addHook('preClose', async () => dayEnd.worker.stop());
}
