import { setImmediate as nextTurn } from 'node:timers/promises';
import { HOUSEKEEPING_MAX_BATCHES } from './constants';

/**
 * Runs `deleteBatch` until it deletes fewer than `batchSize` rows (nothing left) or the per-sweep budget is
 * spent, letting requests in between batches. Returns the rows deleted.
 */
export async function deleteInBatches(
  batchSize: number,
  deleteBatch: () => Promise<number>,
): Promise<number> {
  let total = 0;
  for (let batch = 0; batch < HOUSEKEEPING_MAX_BATCHES; batch++) {
    const deleted = await deleteBatch();
    total += deleted;
    if (deleted < batchSize) break;
    await nextTurn();
  }
  return total;
}
