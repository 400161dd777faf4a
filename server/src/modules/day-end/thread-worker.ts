// The day-end thread (thread.ts): runs the steps the server's runner hands it, one at a time, on a SQLite
// connection of its own to the server's database file.
import { setImmediate as nextTurn } from 'node:timers/promises';
import { parentPort, workerData } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { afterCommit } from '../../db/after-commit';
import { createDatabase } from '../../db/database';
import { Realtime, RealtimeHub, type RealtimeBus } from '../../lib/realtime-hub';
import { holidayCalendar } from '../holiday/service';
import { recordStepProgress, type StepFence } from './runner';
import { DayEndStopped, type DayEndContext } from './step';
import { DAY_END_STEPS } from './steps';
import type {
  DayEndStepRequest,
  DayEndThreadData,
  FromDayEndThread,
  LogLevel,
  ToDayEndThread,
} from './thread';

const port = parentPort;
if (!port) throw new Error('the day-end thread runs as a worker thread of the server');
const post = (message: FromDayEndThread) => port.postMessage(message);

const { dataDir } = workerData as DayEndThreadData;
const db = await createDatabase({ dataDir });

/** Events go to the server's event loop once the batch that published them has committed here. */
const bus: RealtimeBus = {
  async send(serialised, within) {
    if (within) await afterCommit(within, () => post({ type: 'realtime', serialised }));
    else post({ type: 'realtime', serialised });
  },
  async close() {},
};
const realtime = new Realtime(new RealtimeHub(), bus);

const LEVELS: readonly LogLevel[] = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'];

/** A log line as something the server's logger can take on the other side: errors by their fields. */
function cloneable(arg: unknown): unknown {
  if (arg instanceof Error) return { type: arg.name, message: arg.message, stack: arg.stack };
  if (arg && typeof arg === 'object' && !Array.isArray(arg)) {
    return Object.fromEntries(Object.entries(arg).map(([key, value]) => [key, cloneable(value)]));
  }
  return arg;
}

/** The steps' logger: each line is written by the server's logger (its level, its destination). */
function forwardingLog(bindings: object): FastifyBaseLogger {
  const log = Object.fromEntries(
    LEVELS.map((level) => [
      level,
      (...args: unknown[]) => post({ type: 'log', level, bindings, args: args.map(cloneable) }),
    ]),
  );
  return {
    ...log,
    level: 'trace',
    silent: () => {},
    child: (more: object) => forwardingLog({ ...bindings, ...more }),
  } as unknown as FastifyBaseLogger;
}
const log = forwardingLog({});

/** Set when the server is stopping: the step stops at its next batch, as on the event loop. */
let stopping = false;

async function runStep(request: DayEndStepRequest): Promise<void> {
  try {
    const step = DAY_END_STEPS.find((candidate) => candidate.name === request.step);
    if (!step) throw new Error(`no day-end step named ${request.step}`);
    const calendar = await holidayCalendar(db);
    // The lease runs from the server's clock as the step started, on by this thread's own clock since.
    const started = Date.now();
    const fence: StepFence = {
      runId: request.runId,
      attempt: request.attempt,
      step: request.step,
      leaseExpiresAt: () => request.now + (Date.now() - started) + request.leaseMs,
    };
    const ctx: DayEndContext = {
      db,
      businessDate: request.businessDate,
      nextBusinessDate: calendar.nextBusinessDay(request.businessDate),
      now: request.now,
      calendar,
      realtime,
      log,
      cursor: request.cursor,
      transactionRetried: (reason) => post({ type: 'retried', reason }),
      progress: async (next, processed, trx) => {
        if (stopping) throw new DayEndStopped();
        await recordStepProgress(trx ?? db, fence, next, processed);
        if (!trx) await nextTurn();
      },
    };
    await step.run(ctx);
    post({ type: 'done' });
  } catch (error) {
    if (error instanceof DayEndStopped) post({ type: 'stopped' });
    else
      post({
        type: 'failed',
        message: error instanceof Error ? error.message : String(error),
        stack: error instanceof Error ? error.stack : undefined,
      });
  }
}

port.on('message', (message: ToDayEndThread) => {
  if (message.type === 'step') void runStep(message);
  else if (message.type === 'stop') stopping = true;
  else void db.destroy().finally(() => port.close());
});
