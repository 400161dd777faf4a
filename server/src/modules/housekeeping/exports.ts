import { EXPORT_STATUS } from '@contract/export';
import type { FileStore } from '../../adapters/file-store/store';
import type { Db } from '../../db/database';
import { exportFileKeys } from '../export/service';
import { deleteInBatches } from './batches';
import { EXPORT_RETENTION_MS, HOUSEKEEPING_BATCH } from './constants';

/**
 * Finished (done or failed) export tasks created more than the retention ago, files first, then rows: a sweep
 * cut short between the two leaves a task whose download answers 404 "file gone", and the next sweep
 * deletes the row. A task still pending or running is left to the worker, which finishes it.
 */
export function purgeOldExports(db: Db, files: FileStore, now: number): Promise<number> {
  const cutoff = now - EXPORT_RETENTION_MS;
  return deleteInBatches(HOUSEKEEPING_BATCH, async () => {
    const old = await db
      .selectFrom('export_tasks')
      .select(['id', 'attempts'])
      .where('created_at', '<', cutoff)
      .where('status', 'in', [EXPORT_STATUS.done, EXPORT_STATUS.failed])
      .limit(HOUSEKEEPING_BATCH)
      .execute();
    if (old.length === 0) return 0;
    for (const task of old) await Promise.all(exportFileKeys(task).map((key) => files.delete(key)));
    await db
      .deleteFrom('export_tasks')
      .where(
        'id',
        'in',
        old.map((task) => task.id),
      )
      .execute();
    return old.length;
  });
}
