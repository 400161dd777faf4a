import fs from 'node:fs';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_STATUS, type ExportParams } from '@contract/export';
import { REALTIME_EVENT, type ExportTaskEventPayload } from '@contract/realtime';
import type { Db } from '../../db/database';
import { randomToken } from '../../lib/hash';
import type { Realtime } from '../../lib/realtime-hub';
import { exportFilePath, EXPORT_TEMPORARY_SUFFIX, type ExportTaskRow } from './service';
import { writeExport, type ExportJob } from './workbooks';

/** A claimed task is the claimer's for this long; progress renews it. A crashed node's task is taken over after. */
export const EXPORT_LEASE_MS = 60_000;
/** How often a node looks for tasks it was not told about (another node's, or one whose lease ran out). */
export const EXPORT_POLL_MS = 5_000;
/** A task that failed this many runs (crashes included) is marked failed rather than retried. */
export const EXPORT_MAX_ATTEMPTS = 3;
const PROGRESS_WHILE_WRITING_MAX = 99;

class ExportStopped extends Error {}

export interface ExportWorkerDeps {
  db: Db;
  now: () => number;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** DATA_DIR/exports */
  dir: string;
}

/**
 * Runs export tasks in this process, one at a time. Tasks live in the database: the worker claims a pending
 * task (or one whose lease expired) with a conditional UPDATE, writes the workbook to a temporary file, renames
 * it into place and marks the task done; a restart finds unfinished tasks again. Stopping hands the running
 * task back as pending.
 */
export class ExportWorker {
  private running: Promise<void> | null = null;
  private again = false;
  private stopped = false;
  private timer: NodeJS.Timeout | null = null;

  constructor(private readonly deps: ExportWorkerDeps) {}

  start(): void {
    fs.mkdirSync(this.deps.dir, { recursive: true });
    this.timer = setInterval(() => this.kick(), EXPORT_POLL_MS);
    this.timer.unref();
    this.kick();
  }

  /** Looks for work now (a task was just created). */
  kick(): void {
    if (this.stopped) return;
    if (this.running) {
      this.again = true;
      return;
    }
    this.running = this.drain()
      .catch((error: unknown) => this.deps.log.error({ err: error }, 'export worker failed'))
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
      const task = await this.claim();
      if (!task) return;
      await this.run(task);
    }
  }

  private claimable(now: number) {
    return this.deps.db
      .selectFrom('export_tasks')
      .where((eb) =>
        eb.or([
          eb('status', '=', EXPORT_STATUS.pending),
          eb.and([eb('status', '=', EXPORT_STATUS.running), eb('lease_expires_at', '<=', now)]),
        ]),
      );
  }

  /** The oldest claimable task, now leased to this worker; null when there is none. */
  private async claim(): Promise<ExportTaskRow | null> {
    const { db } = this.deps;
    for (;;) {
      const now = this.deps.now();
      const candidate = await this.claimable(now)
        .select('id')
        .orderBy('created_at')
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      if (!candidate) return null;
      const claimed = await db
        .updateTable('export_tasks')
        .set((eb) => ({
          status: EXPORT_STATUS.running,
          lease_expires_at: now + EXPORT_LEASE_MS,
          started_at: eb.fn.coalesce('started_at', eb.val(now)),
          attempts: eb('attempts', '+', 1),
        }))
        .where('id', '=', candidate.id)
        .where((eb) =>
          eb.or([
            eb('status', '=', EXPORT_STATUS.pending),
            eb.and([eb('status', '=', EXPORT_STATUS.running), eb('lease_expires_at', '<=', now)]),
          ]),
        )
        .executeTakeFirst();
      // Another node took it between the two statements: look again.
      if (Number(claimed.numUpdatedRows) !== 1) continue;
      return (
        (await db.selectFrom('export_tasks').selectAll().where('id', '=', candidate.id).executeTakeFirst()) ??
        null
      );
    }
  }

  private async run(task: ExportTaskRow): Promise<void> {
    const { db, now, log } = this.deps;
    if (Number(task.attempts) > EXPORT_MAX_ATTEMPTS) {
      await this.finish(task, EXPORT_STATUS.failed, { error: 'too many attempts' });
      return;
    }
    const file = exportFilePath(this.deps.dir, task.id);
    const temporary = `${file}.${randomToken(6)}${EXPORT_TEMPORARY_SUFFIX}`;
    try {
      const job: ExportJob = {
        orgId: task.org_id,
        kind: task.kind as ExportJob['kind'],
        params: JSON.parse(task.params) as ExportParams,
      };
      const rows = await writeExport(db, job, temporary, {
        progress: async (percent) => {
          // Between batches, let requests in: better-sqlite3 answers synchronously, so without this a large
          // export would hold the event loop until it finished.
          await nextTurn();
          if (this.stopped) throw new ExportStopped();
          const renewed = await db
            .updateTable('export_tasks')
            .set({
              progress: Math.min(percent, PROGRESS_WHILE_WRITING_MAX),
              lease_expires_at: now() + EXPORT_LEASE_MS,
            })
            .where('id', '=', task.id)
            .where('status', '=', EXPORT_STATUS.running)
            .executeTakeFirst();
          // The lease ran out and another worker has the task: leave it to that one.
          if (Number(renewed.numUpdatedRows) !== 1) throw new ExportStopped();
        },
      });
      await fs.promises.rename(temporary, file);
      await this.finish(task, EXPORT_STATUS.done, { rowCount: rows });
    } catch (error) {
      await fs.promises.rm(temporary, { force: true });
      if (error instanceof ExportStopped) {
        await db
          .updateTable('export_tasks')
          .set({ status: EXPORT_STATUS.pending, lease_expires_at: null })
          .where('id', '=', task.id)
          .where('status', '=', EXPORT_STATUS.running)
          .execute();
        return;
      }
      log.error({ err: error, taskId: task.id }, 'export failed');
      await this.finish(task, EXPORT_STATUS.failed, { error: 'write failed' });
    }
  }

  private async finish(
    task: ExportTaskRow,
    status: typeof EXPORT_STATUS.done | typeof EXPORT_STATUS.failed,
    detail: { rowCount?: number; error?: string },
  ): Promise<void> {
    const finishedAt = this.deps.now();
    await this.deps.db
      .updateTable('export_tasks')
      .set({
        status,
        progress: status === EXPORT_STATUS.done ? 100 : Number(task.progress),
        finished_at: finishedAt,
        lease_expires_at: null,
        row_count: detail.rowCount ?? null,
        error: detail.error ?? null,
      })
      .where('id', '=', task.id)
      .execute();
    const payload: ExportTaskEventPayload = { taskId: task.id, status, fileName: task.file_name };
    await this.deps.realtime.publishToUserInOrg(task.user_id, task.org_id, {
      type: REALTIME_EVENT.exportTask,
      payload,
    });
  }
}
