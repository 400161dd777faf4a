import type { FastifyBaseLogger } from 'fastify';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { sql, type Transaction } from 'kysely';
import { afterCommitMark, dropAfterCommitSince } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
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
 * The most rows a step of `eachInBatchTransactions` reads at once and handles in one transaction (fewer when
 * they cost more than DAY_END_BATCH_MS: BatchSizer): a commit waits for the disk (on SQLite, holding the event
 * loop), so one a row cost a day of 100,000 maturing bills more than the rows' own work; a batch holds the
 * rows' packages (and SQLite's one connection) for as long as it runs, so it stays short.
 */
export const DAY_END_ROW_BATCH = 50;
/** The fewest rows a batch sized by time reads, however slow the rows before: a batch's commit costs too. */
export const DAY_END_MIN_BATCH = 10;

/**
 * How long one batch of a day-end step may work on SQLite, its read and its transaction together, in
 * milliseconds of the process's CPU time. better-sqlite3 answers synchronously and the server has one
 * connection, so a request that arrives while a batch runs waits for all of it: what a batch costs is what
 * the close adds to a read's latency. Steps size their batches to it (BatchSizer) and let the waiting
 * requests in between batches. CPU time rather than wall time: on a machine other work keeps busy both the
 * batch and the read stretch alike, and a batch sized by its wall time would shrink to its least there,
 * paying its commit and its statements' fixed cost many times over for nothing.
 */
export const DAY_END_BATCH_MS = 20;

/** The process's CPU time so far, in milliseconds. */
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

/**
 * The size of a step's next batch, bounded by time rather than count: from the CPU time each row took in the
 * batches before (a moving average), as many rows as fit in DAY_END_BATCH_MS, between `min` and `max`. The
 * first batch is `first` rows. On PostgreSQL a batch waits on the database, not the event loop, and its
 * transaction is one connection of the pool: each batch is `max` rows, which spreads a commit's round
 * trips thinnest.
 */
export class BatchSizer {
  private msPerRow: number | null = null;
  private readonly fixed: boolean;

  constructor(
    db: Db,
    private readonly options: { first: number; min: number; max: number },
    private readonly clock: () => number = cpuMs,
  ) {
    this.fixed = isPostgres(db);
  }

  /** How many rows the next batch reads. */
  get size(): number {
    const { first, min, max } = this.options;
    if (this.fixed) return max;
    if (this.msPerRow === null) return first;
    return Math.max(min, Math.min(max, Math.floor(DAY_END_BATCH_MS / this.msPerRow)));
  }

  /** Runs one batch (reading `size` rows at most) and learns from what it cost for the rows it read. */
  async timed<T>(batch: () => Promise<T>, rowsOf: (result: T) => number): Promise<T> {
    const started = this.clock();
    const result = await batch();
    const rows = rowsOf(result);
    if (rows > 0) {
      const msPerRow = (this.clock() - started) / rows;
      this.msPerRow = this.msPerRow === null ? msPerRow : 0.5 * this.msPerRow + 0.5 * msPerRow;
    }
    return result;
  }
}

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
 * event waiting for the batch's commit) is dropped with its savepoint's writes. With `packageOf` (each row's one package) a batch's rows are handled in
 * the order of their packages' keys. With `prepare`, run first in each batch's transaction (to hold the
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
  const sizer = new BatchSizer(ctx.db, {
    first: DAY_END_ROW_BATCH,
    min: DAY_END_MIN_BATCH,
    max: DAY_END_ROW_BATCH,
  });
  for (;;) {
    const batch = await sizer.timed(
      async () => {
        const batch = await read(cursor, sizer.size);
        if (batch.length > 0) await handleBatch(ctx, batch, cursor, handle, passOver, packageOf, prepare);
        return batch;
      },
      (batch) => batch.length,
    );
    if (batch.length === 0) return;
    cursor = batch[batch.length - 1]!.id;
    // Between batches, let requests in (better-sqlite3 answers synchronously).
    await nextTurn();
  }
}

/** One batch of eachInBatchTransactions in its transaction, with its cursor. */
async function handleBatch<Row extends { id: string }>(
  ctx: DayEndContext,
  batch: readonly Row[],
  cursor: string,
  handle: (trx: Transaction<Database>, row: Row) => Promise<boolean>,
  passOver: (error: unknown) => boolean,
  packageOf?: (row: Row) => string,
  prepare?: (trx: Transaction<Database>, batch: readonly Row[]) => Promise<void>,
): Promise<void> {
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
          const published = await afterCommitMark(trx);
          await sql`savepoint day_end_row`.execute(trx);
          try {
            if (await handle(trx, row)) handled += 1;
          } catch (error) {
            if (!passOver(error)) throw error;
            await sql`rollback to savepoint day_end_row`.execute(trx);
            await dropAfterCommitSince(trx, published);
          }
          await sql`release savepoint day_end_row`.execute(trx);
        }
        await ctx.progress(last, handled, trx);
      }),
    (reason) => {
      ctx.log.warn({ reason, cursor }, 'day-end batch transaction run again');
      ctx.transactionRetried?.(reason);
    },
  );
}
