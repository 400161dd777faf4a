import type { DatabaseConnection, Kysely } from 'kysely';

/** Callbacks waiting for the transaction open on a connection to commit. */
const waiting = new WeakMap<DatabaseConnection, Array<() => void>>();

/**
 * Runs `callback` once `db`'s transaction has committed, and never if it rolls back; at once when `db` is
 * not a transaction. For effects outside the database that must not announce a write that did not happen
 * (an in-process event). A rollback to a savepoint cancels it only where its caller drops what waited since
 * the savepoint (`afterCommitMark`, `dropAfterCommitSince`); otherwise only the whole transaction counts.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function afterCommit(db: Kysely<any>, callback: () => void): Promise<void> {
  if (!db.isTransaction) {
    callback();
    return;
  }
  await db.getExecutor().provideConnection(async (connection) => {
    const list = waiting.get(connection) ?? [];
    list.push(callback);
    waiting.set(connection, list);
  });
}

/** How many callbacks wait for `db`'s transaction now: the mark to drop back to if a savepoint taken now rolls back. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function afterCommitMark(db: Kysely<any>): Promise<number> {
  return db.getExecutor().provideConnection(async (connection) => waiting.get(connection)?.length ?? 0);
}

/** A savepoint taken at `mark` rolled back: forget what waited for the transaction since, as its writes are gone. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function dropAfterCommitSince(db: Kysely<any>, mark: number): Promise<void> {
  await db.getExecutor().provideConnection(async (connection) => {
    waiting.get(connection)?.splice(mark);
  });
}

/** The driver committed the transaction on `connection`: run what waited for it. */
export function transactionCommitted(connection: DatabaseConnection): void {
  const list = waiting.get(connection);
  waiting.delete(connection);
  for (const callback of list ?? []) callback();
}

/** The driver rolled the transaction on `connection` back: forget what waited for it. */
export function transactionRolledBack(connection: DatabaseConnection): void {
  waiting.delete(connection);
}
