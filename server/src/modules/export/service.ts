import { EXPORT_KIND_NAME, EXPORT_STATUS, type ExportKind, type ExportStatus } from '@contract/export';
import type { ExportParams, ExportTask } from '@contract/export-schemas';
import type { Selectable } from 'kysely';
import type { Db } from '../../db/database';
import type { ExportTaskTable } from '../../db/schema';
import { newId } from '../../lib/hash';
import { isoTime, shanghaiStamp } from '../../lib/shanghai-time';
import { type PageRequest, listedPage } from '../../lib/paging';

export const XLSX_EXTENSION = '.xlsx';

/**
 * The workbook one run of a task wrote, in the file store. Each run (claim) writes under its own key, so a node
 * that lost the task to another while writing never overwrites the file of the run that finished it; a done
 * task's file is that of its last attempt.
 */
export const exportFileKey = (taskId: string, attempt: number) =>
  `exports/${taskId}.${attempt}${XLSX_EXTENSION}`;

/** Every key the runs of a task may have written (its file, and any left by runs that lost the task). */
export const exportFileKeys = (task: Pick<ExportTaskRow, 'id' | 'attempts'>) =>
  Array.from({ length: Number(task.attempts) }, (_, i) => exportFileKey(task.id, i + 1));

export type ExportTaskRow = Selectable<ExportTaskTable>;

/** The task's owner: one user acting for one organisation. Every read of a task is filtered by both. */
export interface TaskOwner {
  userId: string;
  orgId: string;
}

export function toExportTask(row: ExportTaskRow): ExportTask {
  return {
    id: row.id,
    kind: row.kind as ExportKind,
    name: row.name,
    status: row.status as ExportStatus,
    progress: Number(row.progress),
    fileName: row.file_name,
    createdAt: isoTime(Number(row.created_at)),
    finishedAt: row.finished_at === null ? null : isoTime(Number(row.finished_at)),
  };
}

export async function createExportTask(
  db: Db,
  owner: TaskOwner,
  kind: ExportKind,
  params: ExportParams,
  now: number,
): Promise<ExportTask> {
  const name = EXPORT_KIND_NAME[kind];
  const stamp = shanghaiStamp(now);
  const row: ExportTaskRow = {
    id: newId(),
    org_id: owner.orgId,
    user_id: owner.userId,
    kind,
    name,
    params: JSON.stringify(params),
    status: EXPORT_STATUS.pending,
    progress: 0,
    file_name: `${name}_${stamp}${XLSX_EXTENSION}`,
    ascii_file_name: `${kind}_${stamp}${XLSX_EXTENSION}`,
    row_count: null,
    error: null,
    attempts: 0,
    lease_expires_at: null,
    created_at: now,
    started_at: null,
    finished_at: null,
  };
  await db.insertInto('export_tasks').values(row).execute();
  return toExportTask(row);
}

const ofOwner = (db: Db, owner: TaskOwner) =>
  db.selectFrom('export_tasks').where('user_id', '=', owner.userId).where('org_id', '=', owner.orgId);

export async function exportTaskPage(
  db: Db,
  owner: TaskOwner,
  page: PageRequest,
): Promise<{ items: ExportTask[]; total: number }> {
  const { rows, total } = await listedPage(
    ofOwner(db, owner),
    (query) => query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    page,
  );
  return { items: rows.map(toExportTask), total };
}

/** The caller's own task in the current organisation, or undefined (another user's or org's looks the same). */
export const ownTask = (db: Db, owner: TaskOwner, id: string) =>
  ofOwner(db, owner).selectAll().where('id', '=', id).executeTakeFirst();

/** The organisation of any task with this id, whoever owns it. */
export async function taskOrgOf(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('export_tasks').select('org_id').where('id', '=', id).executeTakeFirst();
  return row?.org_id;
}
