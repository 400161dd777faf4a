import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyBaseLogger } from 'fastify';
import { EXPORT_STATUS } from '@contract/export';
import type { ExportParams } from '@contract/export-schemas';
import { REALTIME_EVENT, type ExportTaskEventPayload } from '@contract/realtime';
import { putWritten, type FileStore } from '../../adapters/file-store/store';
import type { Db } from '../../db/database';
import type { Realtime } from '../../lib/realtime-hub';
import { TaskQueue, TaskWorker, type Lease } from '../../lib/task-queue';
import { exportFileKey, type ExportTaskRow } from './service';
import { writeExport, type ExportJob } from './workbooks';

/** A task that failed this many runs (crashes included) is marked failed rather than retried. */
export const EXPORT_MAX_ATTEMPTS = 3;
const PROGRESS_WHILE_WRITING_MAX = 99;

class ExportStopped extends Error {}

export interface ExportWorkerDeps {
  db: Db;
  now: () => number;
  realtime: Realtime;
  files: FileStore;
  log: FastifyBaseLogger;
  /** A claimed task is the claimer's for this long; progress renews it. A dead node's task is taken over after. */
  leaseMs: number;
  /** How often a node looks for tasks it was not told about (another node's, or one whose lease ran out). */
  pollMs: number;
}

interface Claimed {
  task: ExportTaskRow;
  lease: Lease;
}

/**
 * Runs export tasks, one at a time per node, on any number of nodes: the task queue hands each task to one of
 * them and takes it over when that node dies. A run writes the workbook into the file store under its
 * attempt's key (visible only once complete), then marks the task done and announces it in one transaction.
 * Stopping hands the running task back as pending.
 */
export function createExportWorker(deps: ExportWorkerDeps): TaskWorker<Claimed> {
  const queue = new TaskQueue({ db: deps.db, table: 'export_tasks', now: deps.now, leaseMs: deps.leaseMs });
  const worker: TaskWorker<Claimed> = new TaskWorker({
    name: 'export worker',
    log: deps.log,
    pollMs: deps.pollMs,
    claim: () => queue.claim(),
    run: (claimed) => runExport(deps, queue, () => worker.stopping, claimed),
  });
  return worker;
}

async function runExport(
  deps: ExportWorkerDeps,
  queue: TaskQueue<'export_tasks'>,
  stopping: () => boolean,
  { task, lease }: Claimed,
): Promise<void> {
  const { db, files, log } = deps;
  const finish = (status: typeof EXPORT_STATUS.done | typeof EXPORT_STATUS.failed, detail: Detail) =>
    finishTask(deps, queue, task, lease, status, detail);
  if (lease.attempt > EXPORT_MAX_ATTEMPTS) {
    await finish(EXPORT_STATUS.failed, { error: 'too many attempts' });
    return;
  }
  const key = exportFileKey(task.id, lease.attempt);
  try {
    const job: ExportJob = {
      orgId: task.org_id,
      kind: task.kind as ExportJob['kind'],
      params: JSON.parse(task.params) as ExportParams,
      now: deps.now(),
    };
    const { written: rows } = await putWritten(files, key, (out) =>
      writeExport(db, job, out, {
        progress: async (percent) => {
          // Between batches, let requests in: better-sqlite3 answers synchronously, so without this a large
          // export would hold the event loop until it finished.
          await nextTurn();
          if (stopping()) throw new ExportStopped();
          const progress = Math.min(percent, PROGRESS_WHILE_WRITING_MAX);
          // The lease ran out and another node has the task: leave it to that one.
          if (!(await queue.renew(lease, { progress }))) throw new ExportStopped();
        },
      }),
    );
    // Lost the task after writing its file: the file is this attempt's only, so it goes.
    if (!(await finish(EXPORT_STATUS.done, { rowCount: rows }))) await files.delete(key);
  } catch (error) {
    if (error instanceof ExportStopped) {
      await queue.release(lease);
      return;
    }
    log.error({ err: error, taskId: task.id }, 'export failed');
    await finish(EXPORT_STATUS.failed, { error: 'write failed' });
  }
}

interface Detail {
  rowCount?: number;
  error?: string;
}

/** Marks the task done or failed and tells its user's tabs, in one transaction; false when the lease was lost. */
function finishTask(
  deps: ExportWorkerDeps,
  queue: TaskQueue<'export_tasks'>,
  task: ExportTaskRow,
  lease: Lease,
  status: typeof EXPORT_STATUS.done | typeof EXPORT_STATUS.failed,
  detail: Detail,
): Promise<boolean> {
  const changes = {
    progress: status === EXPORT_STATUS.done ? 100 : Number(task.progress),
    finished_at: deps.now(),
    row_count: detail.rowCount ?? null,
    error: detail.error ?? null,
  };
  const payload: ExportTaskEventPayload = { taskId: task.id, status, fileName: task.file_name };
  return queue.finish(lease, status, changes, (trx) =>
    deps.realtime.publishToUserInOrg(
      task.user_id,
      task.org_id,
      { type: REALTIME_EVENT.exportTask, payload },
      trx,
    ),
  );
}
