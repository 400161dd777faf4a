import type { FastifyBaseLogger } from 'fastify';
import type { ExpressionBuilder, Kysely, Selectable, Updateable } from 'kysely';
import type { Db } from '../db/database';
import { isPostgres } from '../db/dialect';
import type { Database } from '../db/schema';

/** The life of a background task. */
export const TASK_STATUS = {
  pending: 'pending',
  running: 'running',
  done: 'done',
  failed: 'failed',
} as const;
type FinalStatus = typeof TASK_STATUS.done | typeof TASK_STATUS.failed;

/** What a table of background tasks has for the queue (export_tasks, and the tables of workers to come). */
interface LeaseColumns {
  id: string;
  /** pending | running | done | failed */
  status: string;
  /** Claims so far; also the fencing token of the current one. */
  attempts: number;
  lease_expires_at: number | null;
  created_at: number;
  started_at: number | null;
}

/** Any one task table as the queue sees it: `tasks` stands for the real name. */
type QueueDb = { tasks: LeaseColumns };

/** The tables of `Database` that have those columns. */
export type TaskTableName = {
  [T in keyof Database]: Selectable<Database[T]> extends LeaseColumns ? T : never;
}[keyof Database];

/**
 * One claim of a task: the worker holding it may renew and finish it while `attempt` is still the task's.
 * When its lease ran out and another node claimed the task, `attempts` moved on, and every write of the old
 * holder is refused: it stops instead of racing the new one.
 */
export interface Lease {
  id: string;
  attempt: number;
}

interface QueueOptions<T extends TaskTableName> {
  db: Db;
  table: T;
  now: () => number;
  leaseMs: number;
}

/**
 * Tasks in a table, run by whichever server node claims them. A claim takes the oldest task that is pending or
 * whose lease has run out (its node died), in one statement: on PostgreSQL the candidate row is locked with
 * `FOR UPDATE SKIP LOCKED`, so nodes claiming at once each get a different task without waiting on each
 * other; SQLite runs one writing statement at a time, so the conditional UPDATE alone is enough there. The
 * holder renews its lease while it works; every write it makes is fenced by its attempt number.
 */
export class TaskQueue<T extends TaskTableName> {
  // The columns the queue uses are the same in every task table; Kysely cannot see that through `T`.
  private readonly db: Kysely<QueueDb>;
  private readonly table: 'tasks';

  constructor(private readonly options: QueueOptions<T>) {
    this.db = options.db as unknown as Kysely<QueueDb>;
    this.table = options.table as unknown as 'tasks';
  }

  /** The oldest claimable task, now leased to the caller; null when there is none. */
  async claim(): Promise<{ task: Selectable<Database[T]>; lease: Lease } | null> {
    const { table } = this;
    const { leaseMs } = this.options;
    const now = this.options.now();
    const claimable = this.claimableAt(now);
    const next = this.db
      .selectFrom(table)
      .select('id')
      .where(claimable)
      .orderBy('created_at')
      .orderBy('id')
      .limit(1)
      .$if(isPostgres(this.options.db), (query) => query.forUpdate().skipLocked());
    // SQLite: look before taking the write lock. An UPDATE waits for the lock even when it matches nothing,
    // and better-sqlite3 waits on the event loop: a poll that found nothing held every request for as long as
    // another connection (the day-end's thread, another process) had a transaction open.
    if (!isPostgres(this.options.db) && !(await next.executeTakeFirst())) return null;
    const claimed = await this.db
      .updateTable(table)
      .set((eb) => ({
        status: TASK_STATUS.running,
        lease_expires_at: now + leaseMs,
        started_at: eb.fn.coalesce('started_at', eb.val(now)),
        attempts: eb('attempts', '+', 1),
      }))
      .where('id', '=', next)
      .where(claimable)
      .returningAll()
      .executeTakeFirst();
    if (!claimed) return null;
    const lease = { id: claimed.id, attempt: Number(claimed.attempts) };
    return { task: claimed as unknown as Selectable<Database[T]>, lease };
  }

  /** Extends the lease (with any progress to record); false when the task is no longer this lease's. */
  async renew(lease: Lease, changes: Updateable<Database[T]> = {}): Promise<boolean> {
    const result = await this.fenced(this.db, lease)
      .set({ ...(changes as object), lease_expires_at: this.options.now() + this.options.leaseMs })
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Hands the task back as pending (the node is stopping); the interrupted run does not count as an attempt. */
  async release(lease: Lease): Promise<void> {
    await this.fenced(this.db, lease)
      .set((eb) => ({
        status: TASK_STATUS.pending,
        lease_expires_at: null,
        attempts: eb('attempts', '-', 1),
      }))
      .execute();
  }

  /**
   * Ends the task as done or failed, and runs `then` in the same transaction (publish the event announcing it
   * there). False, and nothing written, when the task is no longer this lease's.
   */
  async finish(
    lease: Lease,
    status: FinalStatus,
    changes: Updateable<Database[T]> = {},
    then: (trx: Db) => Promise<void> = async () => {},
  ): Promise<boolean> {
    return this.options.db.transaction().execute(async (trx) => {
      const result = await this.fenced(trx as unknown as Kysely<QueueDb>, lease)
        .set({ ...(changes as object), status, lease_expires_at: null })
        .executeTakeFirst();
      if (Number(result.numUpdatedRows) !== 1) return false;
      await then(trx);
      return true;
    });
  }

  private claimableAt(now: number) {
    return (eb: ExpressionBuilder<QueueDb, 'tasks'>) =>
      eb.or([
        eb('status', '=', TASK_STATUS.pending),
        eb.and([eb('status', '=', TASK_STATUS.running), eb('lease_expires_at', '<=', now)]),
      ]);
  }

  private fenced(db: Kysely<QueueDb>, lease: Lease) {
    return db
      .updateTable(this.table)
      .where('id', '=', lease.id)
      .where('status', '=', TASK_STATUS.running)
      .where('attempts', '=', lease.attempt);
  }
}

interface WorkerOptions<Claimed> {
  /** Names the worker in the logs. */
  name: string;
  log: FastifyBaseLogger;
  /** How often to look for tasks nobody announced (another node's, or one whose node died). */
  pollMs: number;
  /** The next task to run, claimed; null when there is none. */
  claim: () => Promise<Claimed | null>;
  run: (claimed: Claimed) => Promise<void>;
}

/**
 * Runs claimed tasks one at a time in this process: on a timer, and at once when `kick`ed (a task was just
 * created here). `stopping` tells a long run to hand its task back; `stop` waits for it.
 */
export class TaskWorker<Claimed> {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly options: WorkerOptions<Claimed>) {}

  get stopping(): boolean {
    return this.stopped;
  }

  start(): void {
    this.timer = setInterval(() => this.kick(), this.options.pollMs);
    this.timer.unref();
    this.kick();
  }

  /** Looks for work now. */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.options.log.error({ err: error }, `${this.options.name} failed`))
      .finally(() => {
        this.running = null;
        if (this.again) {
          this.again = false;
          this.kick();
        }
      });
  }

  /** Resolves when nothing is running (tests; shutdown). */
  async idle(): Promise<void> {
    while (this.running) await this.running;
  }

  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearInterval(this.timer);
    await this.idle();
  }

  private async drain(): Promise<void> {
    while (!this.stopped) {
      const claimed = await this.options.claim();
      if (!claimed) return;
      await this.options.run(claimed);
    }
  }
}
