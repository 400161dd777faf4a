import { setTimeout as sleep } from 'node:timers/promises';
import type { Db } from './database';
import { isPostgres } from './dialect';

/**
 * How many times a transaction runs at most on PostgreSQL when the database fails it for another one it
 * crossed (a deadlock, a serialization failure): the first run and two more.
 */
export const TRANSACTION_ATTEMPTS = 3;
/** The wait before running it again: a random part of this many ms times the runs so far (jittered, short). */
export const TRANSACTION_RETRY_WAIT_MS = 40;

/** The SQLSTATEs after which the whole transaction may simply run again, and why. */
const RETRYABLE = {
  '40P01': 'deadlock',
  '40001': 'serialization',
} as const;
export type TransactionRetryReason = (typeof RETRYABLE)[keyof typeof RETRYABLE];

/** Why PostgreSQL failed the transaction, when running it again may succeed; null for any other error. */
export function retryReasonOf(error: unknown): TransactionRetryReason | null {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && Object.hasOwn(RETRYABLE, code)
    ? RETRYABLE[code as keyof typeof RETRYABLE]
    : null;
}

/** The transaction failed for another it crossed every time it ran. */
export class TransactionContended extends Error {
  constructor(
    readonly reason: TransactionRetryReason,
    options: { cause: unknown },
  ) {
    super(`transaction failed ${TRANSACTION_ATTEMPTS} times (${reason})`, options);
  }
}

/**
 * Runs `attempt` (one whole transaction: it opens and ends it) and, on PostgreSQL, runs it again when the
 * database failed it with a deadlock or a serialization failure, at most TRANSACTION_ATTEMPTS times in all,
 * after a short jittered wait; `onRetry` hears each time it runs again. A failed run was rolled back whole,
 * its after-commit work (events) dropped with it, so `attempt` starts from nothing each time and must keep no
 * state of its own between runs; an outside party it calls hears the call again with the same reference (a
 * settlement payment: one reference is one payment, adapters/settlement/gateway.ts), so the next run gets the
 * first answer and nothing moves twice. Every run failing so throws TransactionContended. On SQLite every
 * transaction runs alone, and `attempt` runs once.
 */
export async function retryingTransaction<T>(
  db: Db,
  attempt: () => Promise<T>,
  onRetry: (reason: TransactionRetryReason) => void = () => {},
): Promise<T> {
  if (!isPostgres(db)) return attempt();
  for (let run = 1; ; run += 1) {
    try {
      return await attempt();
    } catch (error) {
      const reason = retryReasonOf(error);
      if (reason === null) throw error;
      if (run >= TRANSACTION_ATTEMPTS) throw new TransactionContended(reason, { cause: error });
      onRetry(reason);
      await sleep(Math.random() * TRANSACTION_RETRY_WAIT_MS * run);
    }
  }
}
