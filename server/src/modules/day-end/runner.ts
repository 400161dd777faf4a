import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { TransactionRetryReason } from '../../db/retry';
import type { DayEndRunTable } from '../../db/schema';
import { addDays } from '../../lib/calendar-date';
import { newId } from '../../lib/hash';
import type { Realtime } from '../../lib/realtime-hub';
import { shanghaiDate, shanghaiParts } from '../../lib/shanghai-time';
import { TASK_STATUS, TaskQueue, TaskWorker, type Lease } from '../../lib/task-queue';
import { holidayCalendar, type HolidayCalendar } from '../holiday/service';
import { recordOfRun, type DayEndRunRecord } from './records';
import { DayEndStopped, type DayEndContext, type DayEndStep } from './step';
import type { DayEndThread } from './thread';

/** A run that failed this many claims (crashes included) is marked failed rather than claimed again. */
export const DAY_END_MAX_ATTEMPTS = 3;
/** How far back the close looks for the last business day (the longest run of closed days is shorter). */
const MAX_DAYS_BACK = 30;
const ERROR_MAX_LENGTH = 500;

export const DAY_END_STEP_STATUS = { running: 'running', done: 'done', failed: 'failed' } as const;

type RunRow = Selectable<DayEndRunTable>;

interface Claimed {
  task: RunRow;
  lease: Lease;
}

/** What the run reports to the server's metrics (app.metrics; nothing with METRICS off). */
export interface DayEndMetrics {
  dayEndProgress(step: string, done: number, total: number): void;
  dayEndFinished(at: number): void;
  transactionRetried(reason: TransactionRetryReason, runner: 'day-end'): void;
}

export interface DayEndDeps {
  db: Db;
  now: () => number;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /**
   * Where an operator watches the run (METRICS=on): each step's progress, 0 when it starts and 1 when it is
   * done (a step does not know its total ahead), and when the last run finished, so a day that never closed
   * can raise an alert.
   */
  metrics: DayEndMetrics;
  /** The close, in minutes after midnight Asia/Shanghai (DAY_END_AT, 21:00 by default). */
  closeMinutes: number;
  steps: readonly DayEndStep[];
  leaseMs: number;
  pollMs: number;
  /** Where the steps' batches run off the event loop (SQLite on a file: thread.ts); on it when absent. */
  thread?: DayEndThread | undefined;
}

/**
 * The business day whose close is the latest to have passed at `now`: today once the close has come and
 * today is a business day, otherwise the last business day before today. A node that was down at a close
 * runs that day when it comes back; a day before that one is not run by itself, since every step acts on
 * everything due up to its day (docs/domain.md, the business day).
 */
export function closedBusinessDay(calendar: HolidayCalendar, now: number, closeMinutes: number): string {
  const today = shanghaiDate(now);
  const parts = shanghaiParts(now);
  if (calendar.isBusinessDay(today) && parts.hour * 60 + parts.minute >= closeMinutes) return today;
  let day = addDays(today, -1);
  for (let back = 1; back <= MAX_DAYS_BACK; back += 1, day = addDays(day, -1)) {
    if (calendar.isBusinessDay(day)) return day;
  }
  throw new Error(`no business day within ${MAX_DAYS_BACK} days before ${today}`);
}

/**
 * The day-end run: once per business day, after its close, on whichever node claims it (the task queue:
 * one node at a time, taken over when that node dies), its steps in order. Each step's progress is recorded
 * as it goes, so a run taken over resumes at the step, and the batch, where it stopped; a day runs once
 * (its row is unique by date), and asking again for a day that is done changes nothing.
 */
export class DayEnd {
  readonly worker: TaskWorker<Claimed>;
  private readonly queue: TaskQueue<'day_end_runs'>;

  constructor(private readonly deps: DayEndDeps) {
    this.queue = new TaskQueue({ db: deps.db, table: 'day_end_runs', now: deps.now, leaseMs: deps.leaseMs });
    this.worker = new TaskWorker({
      name: 'day-end',
      log: deps.log,
      pollMs: deps.pollMs,
      claim: async () => {
        await this.schedule();
        return this.queue.claim();
      },
      run: (claimed) => this.runClaimed(claimed),
    });
  }

  /** Where the steps' batches run off the event loop; undefined when they run on it. */
  get thread(): DayEndThread | undefined {
    return this.deps.thread;
  }

  /** Makes sure the run of the business day that closed last exists; its date. */
  async schedule(): Promise<string> {
    const now = this.deps.now();
    const date = closedBusinessDay(await holidayCalendar(this.deps.db), now, this.deps.closeMinutes);
    await this.deps.db
      .insertInto('day_end_runs')
      .values({ id: newId(), business_date: date, status: TASK_STATUS.pending, created_at: now })
      .onConflict((oc) => oc.column('business_date').doNothing())
      .execute();
    return date;
  }

  /**
   * Asks for the run of `date` (a business day) now: created when missing, opened again when it failed (its
   * finished steps stay finished), nothing when it is done or under way. Then runs it here unless another
   * node has it, and answers its record.
   */
  async runNow(date: string): Promise<DayEndRunRecord> {
    const now = this.deps.now();
    await this.deps.db
      .insertInto('day_end_runs')
      .values({ id: newId(), business_date: date, status: TASK_STATUS.pending, created_at: now })
      .onConflict((oc) => oc.column('business_date').doNothing())
      .execute();
    await this.deps.db
      .updateTable('day_end_runs')
      .set({ status: TASK_STATUS.pending, attempts: 0, error: null, finished_at: null })
      .where('business_date', '=', date)
      .where('status', '=', TASK_STATUS.failed)
      .execute();
    this.worker.kick();
    await this.worker.idle();
    // A kick that arrived while the worker was busy runs after it: wait for that one too.
    await this.worker.idle();
    const record = await this.record(date);
    if (!record) throw new Error(`no day-end run of ${date}`);
    return record;
  }

  /** The run of `date` as recorded, with its steps in order; null when there is none. */
  async record(date: string): Promise<DayEndRunRecord | null> {
    const run = await this.deps.db
      .selectFrom('day_end_runs')
      .selectAll()
      .where('business_date', '=', date)
      .executeTakeFirst();
    return run ? this.recordOf(run) : null;
  }

  /** The latest runs, newest first. */
  async latest(limit: number): Promise<DayEndRunRecord[]> {
    const runs = await this.deps.db
      .selectFrom('day_end_runs')
      .selectAll()
      .orderBy('business_date', 'desc')
      .limit(limit)
      .execute();
    return Promise.all(runs.map((run) => this.recordOf(run)));
  }

  private recordOf(run: RunRow): Promise<DayEndRunRecord> {
    return recordOfRun(this.deps.db, run);
  }

  private async runClaimed(claimed: Claimed): Promise<void> {
    try {
      await this.runSteps(claimed);
    } finally {
      await this.deps.thread?.close();
    }
  }

  /** Runs `step` of the claimed run from `cursor`: on the thread when it has one, on the event loop otherwise. */
  private async runStep(
    run: RunRow,
    lease: Lease,
    step: DayEndStep,
    calendar: HolidayCalendar,
    cursor: string | null,
  ): Promise<void> {
    const { thread } = this.deps;
    if (thread?.runs(step)) {
      await thread.run({
        runId: run.id,
        attempt: lease.attempt,
        businessDate: run.business_date,
        step: step.name,
        cursor,
        now: this.deps.now(),
        leaseMs: this.deps.leaseMs,
      });
      return;
    }
    await step.run(this.contextOf(run, lease, step, calendar, cursor));
  }

  private async runSteps({ task: run, lease }: Claimed): Promise<void> {
    const { db, log } = this.deps;
    if (lease.attempt > DAY_END_MAX_ATTEMPTS) {
      await this.queue.finish(lease, TASK_STATUS.failed, {
        finished_at: this.deps.now(),
        error: 'too many attempts',
      });
      return;
    }
    const recorded = new Map(
      (
        await db
          .selectFrom('day_end_steps')
          .select(['name', 'status', 'cursor'])
          .where('run_id', '=', run.id)
          .execute()
      ).map((row) => [row.name, row]),
    );
    const calendar = await holidayCalendar(db);
    for (const [position, step] of this.deps.steps.entries()) {
      const before = recorded.get(step.name);
      if (before?.status === DAY_END_STEP_STATUS.done) continue;
      if (!(await this.startStep(run, lease, step, position, before !== undefined))) return;
      this.deps.metrics.dayEndProgress(step.name, 0, 1);
      try {
        await this.runStep(run, lease, step, calendar, before?.cursor ?? null);
      } catch (error) {
        if (error instanceof DayEndStopped) {
          // Shutting down: hand the run back for another node or the next start. Otherwise the lease was
          // lost and the run is another node's already.
          if (this.worker.stopping) await this.queue.release(lease);
          return;
        }
        log.error({ err: error, step: step.name, businessDate: run.business_date }, 'day-end step failed');
        const message = `${step.name}: ${error instanceof Error ? error.message : String(error)}`.slice(
          0,
          ERROR_MAX_LENGTH,
        );
        await this.endStep(run, lease, step, DAY_END_STEP_STATUS.failed, message);
        await this.queue.finish(lease, TASK_STATUS.failed, { finished_at: this.deps.now(), error: message });
        return;
      }
      if (!(await this.endStep(run, lease, step, DAY_END_STEP_STATUS.done, null))) return;
      this.deps.metrics.dayEndProgress(step.name, 1, 1);
      // Between steps, let requests in (better-sqlite3 answers synchronously).
      await nextTurn();
      if (this.worker.stopping) {
        await this.queue.release(lease);
        return;
      }
    }
    const finishedAt = this.deps.now();
    if (!(await this.queue.finish(lease, TASK_STATUS.done, { finished_at: finishedAt, error: null }))) return;
    this.deps.metrics.dayEndFinished(finishedAt);
    log.info({ businessDate: run.business_date }, 'day-end run done');
  }

  private contextOf(
    run: RunRow,
    lease: Lease,
    step: DayEndStep,
    calendar: HolidayCalendar,
    cursor: string | null,
  ): DayEndContext {
    return {
      db: this.deps.db,
      businessDate: run.business_date,
      nextBusinessDate: calendar.nextBusinessDay(run.business_date),
      now: this.deps.now(),
      calendar,
      realtime: this.deps.realtime,
      log: this.deps.log,
      cursor,
      transactionRetried: (reason) => this.deps.metrics.transactionRetried(reason, 'day-end'),
      progress: async (next, processed, trx) => {
        if (this.worker.stopping) throw new DayEndStopped();
        // In the batch's transaction when given one: on SQLite a write outside it would wait for it forever.
        await recordStepProgress(trx ?? this.deps.db, this.fenceOf(run, lease, step), next, processed);
        if (!trx) await nextTurn();
      },
    };
  }

  /** Marks the step running (recording it the first time); false when the run is no longer this lease's. */
  private async startStep(
    run: RunRow,
    lease: Lease,
    step: DayEndStep,
    position: number,
    recorded: boolean,
  ): Promise<boolean> {
    if (!(await this.queue.renew(lease))) return false;
    if (!recorded) {
      await this.deps.db
        .insertInto('day_end_steps')
        .values({
          run_id: run.id,
          name: step.name,
          position,
          status: DAY_END_STEP_STATUS.running,
          cursor: null,
          started_at: this.deps.now(),
          finished_at: null,
          error: null,
        })
        .onConflict((oc) => oc.columns(['run_id', 'name']).doNothing())
        .execute();
    }
    const result = await this.fencedStep(this.deps.db, run, lease, step)
      .set({ status: DAY_END_STEP_STATUS.running, error: null })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private async endStep(
    run: RunRow,
    lease: Lease,
    step: DayEndStep,
    status: string,
    error: string | null,
  ): Promise<boolean> {
    const result = await this.fencedStep(this.deps.db, run, lease, step)
      .set({ status, error, finished_at: this.deps.now() })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  private fenceOf(run: RunRow, lease: Lease, step: DayEndStep): StepFence {
    return {
      runId: run.id,
      attempt: lease.attempt,
      step: step.name,
      leaseExpiresAt: () => this.deps.now() + this.deps.leaseMs,
    };
  }

  private fencedStep(db: Db, run: RunRow, lease: Lease, step: DayEndStep) {
    return fencedStep(db, this.fenceOf(run, lease, step));
  }
}

/** A step of a run as one lease holds it: what its writes are fenced by. */
export interface StepFence {
  runId: string;
  /** The lease's attempt: the run is still this lease's while its row says so. */
  attempt: number;
  step: string;
  /** When the lease runs out if renewed now. */
  leaseExpiresAt(): number;
}

/** An update of the step's row that writes only while the run is still this lease's (its attempt). */
function fencedStep(db: Db, fence: StepFence) {
  return db
    .updateTable('day_end_steps')
    .where('run_id', '=', fence.runId)
    .where('name', '=', fence.step)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('day_end_runs')
          .select('id')
          .where('id', '=', fence.runId)
          .where('status', '=', TASK_STATUS.running)
          .where('attempts', '=', fence.attempt),
      ),
    );
}

/**
 * Records a batch of a step (`DayEndContext.progress`): renews the lease and moves the step's cursor, through
 * `db` (the batch's transaction when there is one). Throws DayEndStopped when the run is no longer the lease's.
 */
export async function recordStepProgress(
  db: Db,
  fence: StepFence,
  next: string,
  processed: number,
): Promise<void> {
  const renewed = await db
    .updateTable('day_end_runs')
    .set({ lease_expires_at: fence.leaseExpiresAt() })
    .where('id', '=', fence.runId)
    .where('status', '=', TASK_STATUS.running)
    .where('attempts', '=', fence.attempt)
    .executeTakeFirst();
  if (Number(renewed.numUpdatedRows) !== 1) throw new DayEndStopped();
  await fencedStep(db, fence)
    .set((eb) => ({ cursor: next, processed: eb('processed', '+', processed) }))
    .execute();
}
