import type { FastifyBaseLogger } from 'fastify';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import type { Database } from '../../db/schema';
import type { Realtime } from '../../lib/realtime-hub';
import type { HolidayCalendar } from '../holiday/service';

/**
 * One named step of the day-end run (docs/domain.md, the business day). A module that has work to do at the
 * close writes one and adds it to DAY_END_STEPS (steps.ts) in the place it must run.
 *
 * A step must be safe to run again: a run taken over after its node died starts the unfinished step again
 * from its last recorded cursor, and work done after that cursor may have been done already. Work in
 * batches, each in its own transaction, and record each batch with `progress` (in the batch's transaction
 * where it can be, so the cursor moves exactly when the batch commits).
 */
export interface DayEndStep {
  /** Stable: the run's record names the step by it, and a resumed run finds the step's progress by it. */
  name: string;
  run(ctx: DayEndContext): Promise<void>;
}

export interface DayEndContext {
  db: Db;
  /** The business day that closed (YYYY-MM-DD, Asia/Shanghai). */
  businessDate: string;
  /** The first business day after it: what falls due before then is due now. */
  nextBusinessDate: string;
  /** The moment of this run (the server's clock), for the rows the step writes. */
  now: number;
  calendar: HolidayCalendar;
  realtime: Realtime;
  log: FastifyBaseLogger;
  /** Where the step's last recorded batch ended; null when it starts from the beginning. */
  cursor: string | null;
  /**
   * Records a batch: its last key (the next batch starts after it) and how many items it handled. Pass the
   * batch's transaction to record it there. Throws DayEndStopped when this node must stop (it is shutting
   * down, or its lease ran out and another node took the run): let it propagate.
   */
  progress(cursor: string, processed: number, trx?: Db): Promise<void>;
}

/** The run is no longer this node's to go on with; the step stops where it is and the run resumes later. */
export class DayEndStopped extends Error {
  constructor() {
    super('day-end run stopped');
  }
}

/** How many rows a step of `eachInItsOwnTransaction` reads at once. */
export const DAY_END_ROW_BATCH = 200;

/**
 * The shape most steps share: rows read a batch at a time in order of id after the cursor (`read` must
 * order by id and keep only ids after the one it is given), each handled in a transaction of its own, and
 * each batch recorded with its last id and how many rows `handle` did something with. A row another act
 * closed in between is passed over: `handle` answers false, or throws an error `passOver` accepts (its
 * transaction rolled back). Safe to run again from any cursor when `handle` is.
 */
export async function eachInItsOwnTransaction<Row extends { id: string }>(
  ctx: DayEndContext,
  read: (cursor: string, limit: number) => Promise<Row[]>,
  handle: (trx: Transaction<Database>, row: Row) => Promise<boolean>,
  passOver: (error: unknown) => boolean = () => false,
): Promise<void> {
  let cursor = ctx.cursor ?? '';
  for (;;) {
    const batch = await read(cursor, DAY_END_ROW_BATCH);
    if (batch.length === 0) return;
    let handled = 0;
    for (const row of batch) {
      try {
        if (await ctx.db.transaction().execute((trx) => handle(trx, row))) handled += 1;
      } catch (error) {
        if (!passOver(error)) throw error;
      }
    }
    cursor = batch[batch.length - 1]!.id;
    await ctx.progress(cursor, handled);
  }
}
