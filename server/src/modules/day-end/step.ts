import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/database';
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
