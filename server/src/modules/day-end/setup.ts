import type { FastifyInstance } from 'fastify';
import { DayEnd } from './runner';
import type { DayEndStep } from './step';
import { DAY_END_STEPS } from './steps';
import { DayEndThread } from './thread';

declare module 'fastify' {
  interface FastifyInstance {
    /** The day-end run: `runNow(date)` runs a business day's close here (tests, the sandbox), `record(date)`. */
    dayEnd: DayEnd;
  }
}

/**
 * The day-end worker, stopped before the database closes (a run under way is handed back for another node or
 * the next start); startDayEnd starts it unless `dayEndTimer` is off (tests run it themselves).
 */
export function setupDayEnd(app: FastifyInstance, steps: readonly DayEndStep[] = DAY_END_STEPS): void {
  const { config } = app;
  const onFile = config.databaseUrl === undefined && !config.inMemoryDb;
  const thread =
    config.dayEndThread && onFile
      ? new DayEndThread({
          dataDir: config.dataDir,
          log: app.log,
          realtime: app.realtime,
          transactionRetried: (reason) => app.metrics.transactionRetried(reason, 'day-end'),
          stopping: () => dayEnd.worker.stopping,
        })
      : undefined;
  const dayEnd: DayEnd = new DayEnd({
    db: app.db,
    now: app.now,
    realtime: app.realtime,
    log: app.log,
    metrics: app.metrics,
    closeMinutes: app.config.dayEndAt,
    steps,
    leaseMs: app.config.taskLeaseSeconds * 1000,
    pollMs: app.config.taskPollSeconds * 1000,
    thread,
  });
  app.decorate('dayEnd', dayEnd);
  app.addHook('preClose', async () => dayEnd.worker.stop());
}

/**
 * Starts looking for due runs, once the server is ready and the demo seed (which acts at past moments) has
 * written everything: a run must not read a ledger half seeded.
 */
export function startDayEnd(app: FastifyInstance): void {
  if (app.config.dayEndTimer) app.dayEnd.worker.start();
}
