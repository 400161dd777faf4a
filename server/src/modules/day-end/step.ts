import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Transaction } from 'kysely';
import { inSavepoint } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { retryingTransaction, type TransactionRetryReason } from '../../db/retry';
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
  /** Counts a batch transaction run again (db/retry.ts) in the server's metrics. */
  transactionRetried?(reason: TransactionRetryReason): void;
}

/** The run is no longer this node's to go on with; the step stops where it is and the run resumes later. */
export class DayEndStopped extends Error {
  constructor() {
    super('day-end run stopped');
  }
}

/**
 * How many rows a step of `eachInBatchTransactions` reads at once and handles in one transaction: a commit
 * waits for the disk (on SQLite, holding the event loop), so one a row cost a day of 100,000 maturing bills
 * more than the rows' own work; a batch holds the rows' packages (and SQLite's one connection) for as long as
 * it runs, so it stays short.
 */
export const DAY_END_ROW_BATCH = 50;

const byKey = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * The batch's rows in the order of their packages' keys, the order every command enters its packages in:
 * a batch holds each package it entered until it commits, and entering them in any other order could wait
 * crosswise on a command entering two of them (PostgreSQL).
 */
const inPackageOrder = <Row extends { id: string }>(batch: readonly Row[], packageOf: (row: Row) => string) =>
  [...batch].sort((a, b) => byKey(packageOf(a), packageOf(b)) || byKey(a.id, b.id));

/**
 * The shape most steps share: rows read a batch at a time in order of id after the cursor (`read` must
 * order by id and keep only ids after the one it is given), the batch handled in one transaction that also
 * records its last id and how many rows `handle` did something with, so the cursor moves exactly when the
 * batch commits. Each row runs in a savepoint of its own: a row another act closed in between is passed over,
 * `handle` answering false or throwing an error `passOver` accepts (the row's writes rolled back, the rest of
 * the batch kept); any other error rolls the whole batch back and ends the step, which resumes from the last
 * batch committed. Safe to run again from any cursor when `handle` is. What a row passed over published (an
 * event waiting for the batch's commit) is dropped with its savepoint's writes (inSavepoint). With
 * `packageOf` (each row's one package) a batch's rows are handled in the order of their packages' keys. With `prepare`, run first in each batch's transaction (to hold the
 * packages of rows that have several, in order of key, before any row enters one).
 */
export async function eachInBatchTransactions<Row extends { id: string }>(
  ctx: DayEndContext,
  read: (cursor: string, limit: number) => Promise<Row[]>,
  handle: (trx: Transaction<Database>, row: Row) => Promise<boolean>,
  passOver: (error: unknown) => boolean = () => false,
  packageOf?: (row: Row) => string,
  prepare?: (trx: Transaction<Database>, batch: readonly Row[]) => Promise<void>,
): Promise<void> {
  let cursor = ctx.cursor ?? '';
  for (;;) {
    const batch = await read(cursor, DAY_END_ROW_BATCH);
    if (batch.length === 0) return;
    const last = batch[batch.length - 1]!.id;
    // A batch PostgreSQL fails for a command it crossed runs again whole (db/retry.ts): nothing of the
    // failed run was kept, its cursor included.
    await retryingTransaction(
      ctx.db,
      () =>
        ctx.db.transaction().execute(async (trx) => {
          let handled = 0;
          await prepare?.(trx, batch);
          for (const row of packageOf ? inPackageOrder(batch, packageOf) : batch) {
            const outcome = await inSavepoint(trx, () => handle(trx, row), passOver);
            if (outcome.ok && outcome.value) handled += 1;
          }
          await ctx.progress(last, handled, trx);
        }),
      (reason) => {
        ctx.log.warn({ reason, cursor }, 'day-end batch transaction run again');
        ctx.transactionRetried?.(reason);
      },
    );
    cursor = last;
    // Between batches, let requests in (better-sqlite3 answers synchronously).
    await nextTurn();
  }
}
