import fs from 'node:fs';
import path from 'node:path';
import { EXPORT_STATUS } from '@contract/export';
import type { Db } from '../../db/database';
import { exportFilePath, EXPORT_TEMPORARY_SUFFIX } from '../export/service';
import { deleteInBatches } from './batches';
import { EXPORT_RETENTION_MS, HOUSEKEEPING_BATCH } from './constants';

/**
 * Finished (done or failed) export tasks created more than the retention ago, file first, then row: a sweep
 * cut short between the two leaves a task whose download answers 404 "file gone", and the next sweep
 * deletes the row. A task still pending or running is left to the worker, which finishes it.
 */
export function purgeOldExports(db: Db, dir: string, now: number): Promise<number> {
  const cutoff = now - EXPORT_RETENTION_MS;
  return deleteInBatches(HOUSEKEEPING_BATCH, async () => {
    const old = await db
      .selectFrom('export_tasks')
      .select('id')
      .where('created_at', '<', cutoff)
      .where('status', 'in', [EXPORT_STATUS.done, EXPORT_STATUS.failed])
      .limit(HOUSEKEEPING_BATCH)
      .execute();
    if (old.length === 0) return 0;
    const ids = old.map((row) => row.id);
    await Promise.all(ids.map((id) => fs.promises.rm(exportFilePath(dir, id), { force: true })));
    await db.deleteFrom('export_tasks').where('id', 'in', ids).execute();
    return ids.length;
  });
}

/**
 * Temporary workbooks older than the retention: a process killed while writing leaves one behind, and no
 * worker ever renames or removes it. A live one is rewritten every batch, so its mtime is recent.
 */
export async function purgeStaleExportTemporaries(dir: string, now: number): Promise<number> {
  const cutoff = now - EXPORT_RETENTION_MS;
  let names: string[];
  try {
    names = await fs.promises.readdir(dir);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names.filter((n) => n.endsWith(EXPORT_TEMPORARY_SUFFIX))) {
    const file = path.join(dir, name);
    const stat = await fs.promises.stat(file).catch(() => null);
    if (!stat || stat.mtimeMs >= cutoff) continue;
    await fs.promises.rm(file, { force: true });
    removed++;
  }
  return removed;
}
