import type { DatabaseConnection, Kysely } from 'kysely';

/** Callbacks waiting for the transaction open on a connection to commit. */
const waiting = new WeakMap<DatabaseConnection, Array<() => void>>();

/**
 * Runs `callback` once `db`'s transaction has committed, and never if it rolls back; at once when `db` is
 * not a transaction. For effects outside the database that must not announce a write that did not happen
 * (an in-process event). A rollback to a savepoint does not cancel it: only the whole transaction counts.
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
