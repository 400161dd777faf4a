import { sql, type CompiledQuery, type DatabaseConnection, type Kysely } from 'kysely';

/**
 * What waits for the end of the transaction open on a connection: callbacks to run once it has committed
 * (afterCommit), and writes held back to be made just before it commits (beforeCommit). The drivers in
 * database.ts tell this module how each transaction ends.
 */

/** Callbacks waiting for the transaction open on a connection to commit. */
const waiting = new WeakMap<DatabaseConnection, Array<() => void>>();

/**
 * Writes of one kind held back to the end of a transaction (beforeCommit): the statements that make the
 * items held, merged as the kind likes and in the order its rows are to be locked.
 */
export interface HeldWrites<T> {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
  statements(db: Kysely<any>, items: readonly T[]): CompiledQuery[];
}

interface Held {
  kind: HeldWrites<unknown>;
  item: unknown;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
  db: Kysely<any>;
}

/** Writes held back on a connection, in the order they were held. */
const held = new WeakMap<DatabaseConnection, Held[]>();

/**
 * Runs `callback` once `db`'s transaction has committed, and never if it rolls back; at once when `db` is
 * not a transaction. For effects outside the database that must not announce a write that did not happen
 * (an in-process event). A rollback to a savepoint cancels it when the savepoint is `inSavepoint`'s; otherwise
 * only the whole transaction counts.
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

/**
 * Holds a write of `kind` back to the end of `db`'s transaction: made just before it commits, merged with the
 * transaction's other writes of that kind, and never if it rolls back; at once when `db` is not a transaction.
 * For a row many transactions add to (a count): each holds its lock from the commit's start, not from the
 * write, so transactions that move the same row wait on one another for the commit alone. What is held is
 * not in the database until then, so the transaction must not read it back. A rollback to `inSavepoint`'s
 * savepoint drops it as it drops what waited for the commit.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
export async function beforeCommit<T>(db: Kysely<any>, kind: HeldWrites<T>, item: T): Promise<void> {
  if (!db.isTransaction) {
    for (const statement of kind.statements(db, [item])) await db.executeQuery(statement);
    return;
  }
  await db.getExecutor().provideConnection(async (connection) => {
    const list = held.get(connection) ?? [];
    list.push({ kind: kind as HeldWrites<unknown>, item, db });
    held.set(connection, list);
  });
}

/** Where a savepoint taken now stands among what waits for its transaction. */
interface TransactionMark {
  callbacks: number;
  held: number;
}

/** What waits for `db`'s transaction now: the mark to drop back to if a savepoint taken now rolls back. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
async function markOf(db: Kysely<any>): Promise<TransactionMark> {
  return db.getExecutor().provideConnection(async (connection) => ({
    callbacks: waiting.get(connection)?.length ?? 0,
    held: held.get(connection)?.length ?? 0,
  }));
}

/** A savepoint taken at `mark` rolled back: forget what waited for the transaction since, as its writes are gone. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
async function dropSince(db: Kysely<any>, mark: TransactionMark): Promise<void> {
  await db.getExecutor().provideConnection(async (connection) => {
    waiting.get(connection)?.splice(mark.callbacks);
    held.get(connection)?.splice(mark.held);
  });
}

/** What `inSavepoint` answers: the run's value, or the error it was passed over for. */
export type SavepointOutcome<T> = { ok: true; value: T } | { ok: false; error: unknown };

/**
 * Runs `run` in a savepoint of the transaction `trx`, for one row of a batch that must not fail the others.
 * When it throws an error `passOver` accepts, its writes are rolled back to the savepoint together with what
 * it left waiting for the commit (afterCommit's callbacks, beforeCommit's writes), and the error is answered;
 * any other error is thrown on, for the whole transaction to roll back.
 */
export async function inSavepoint<T>(
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
  trx: Kysely<any>,
  run: () => Promise<T>,
  passOver: (error: unknown) => boolean,
): Promise<SavepointOutcome<T>> {
  const mark = await markOf(trx);
  await sql`savepoint passable_row`.execute(trx);
  try {
    const value = await run();
    await sql`release savepoint passable_row`.execute(trx);
    return { ok: true, value };
  } catch (error) {
    if (!passOver(error)) throw error;
    await sql`rollback to savepoint passable_row`.execute(trx);
    await dropSince(trx, mark);
    await sql`release savepoint passable_row`.execute(trx);
    return { ok: false, error };
  }
}

/** The driver is about to commit the transaction on `connection`: make the writes held back for it. */
export async function transactionCommitting(connection: DatabaseConnection): Promise<void> {
  const list = held.get(connection);
  held.delete(connection);
  if (!list?.length) return;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any schema
  const byKind = new Map<HeldWrites<unknown>, { db: Kysely<any>; items: unknown[] }>();
  for (const { kind, item, db } of list) {
    const entry = byKind.get(kind) ?? { db, items: [] };
    entry.items.push(item);
    byKind.set(kind, entry);
  }
  for (const [kind, { db, items }] of byKind) {
    for (const statement of kind.statements(db, items)) await connection.executeQuery(statement);
  }
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
  held.delete(connection);
}
