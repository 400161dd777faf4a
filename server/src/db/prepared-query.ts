import type { Compilable, CompiledQuery } from 'kysely';
import type { Db } from './database';
import type { ChangeMarks } from './sqlite-statements';

/** Stands in for a value while the query is built; never a value a caller could pass. */
const PLACEHOLDER = '\u0000prepared-query-parameter:';

interface Prepared<O> {
  query: CompiledQuery<O>;
  /** For each parameter of the compiled query: the name of the value that fills it, or null for a constant. */
  slots: Array<string | null>;
}

function prepare<P, O>(db: Db, build: (db: Db, values: P) => Compilable<O>): Prepared<O> {
  const used = new Set<string>();
  const placeholders = new Proxy(
    {},
    {
      get: (_target, key) => {
        used.add(String(key));
        return `${PLACEHOLDER}${String(key)}`;
      },
    },
  ) as P;
  const query = build(db, placeholders).compile();
  const slots = query.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(PLACEHOLDER) ? value.slice(PLACEHOLDER.length) : null,
  );
  // A value that ended up in the SQL text, or was read by the builder's own logic, cannot be a parameter.
  const bound = new Set(slots.filter((slot) => slot !== null));
  if (query.sql.includes(PLACEHOLDER) || [...used].some((name) => !bound.has(name))) {
    throw new Error('a prepared query may use its values only as bound parameters');
  }
  return { query, slots };
}

/** The SQLite databases whose changes are marked (db/sqlite-statements.ts); PostgreSQL's are not. */
const changeMarksOf = new WeakMap<Db, ChangeMarks>();

/** Lets the prepared queries on `db` keep their rows while `changes` says the database is unchanged. */
export function keepRowsWhileUnchanged(db: Db, changes: ChangeMarks): void {
  changeMarksOf.set(db, changes);
}

/** Rows kept per prepared query and database, for one mark: beyond this many sets of values, the oldest go. */
export const KEPT_ROWS_PER_QUERY = 1000;

interface Kept<O> {
  mark: string;
  rows: Map<string, ReadonlyArray<Readonly<O>>>;
}

/**
 * A query of a hot path, built and compiled once per database and then run with new values. Building and
 * compiling with Kysely cost 10 times what SQLite took to run the authentication query (45 µs against
 * 3 µs under load). `build` must use each value only as a bound parameter (a comparison, a limit), never
 * in its own logic or as a list: the values it sees are placeholders.
 *
 * On SQLite the rows of each set of values are kept (frozen) until anything changes the database, and
 * asked again after: no write through this process, and no commit by another, can be missed, so a revoked
 * token or a new notice counts from the next request on. Running the notices page's query and turning
 * its rows into objects took 40% of that route's CPU. A query whose SQL reads the clock must not be one
 * (pass the time as a value). On PostgreSQL, which other server nodes change, every call asks it.
 */
export function preparedQuery<P extends object, O>(
  build: (db: Db, values: P) => Compilable<O>,
): (db: Db, values: P) => Promise<ReadonlyArray<Readonly<O>>> {
  const compiled = new WeakMap<Db, Prepared<O>>();
  const kept = new WeakMap<Db, Kept<O>>();
  return async (db, values) => {
    let prepared = compiled.get(db);
    if (!prepared) {
      prepared = prepare(db, build);
      compiled.set(db, prepared);
    }
    const { query, slots } = prepared;
    const parameters = query.parameters.map((constant, i) => {
      const slot = slots[i];
      return slot === null || slot === undefined ? constant : (values as Record<string, unknown>)[slot];
    });
    // Taken before the query runs: rows kept under it are what the database held at that mark or later,
    // and are answered only while the mark is still the same, so while nothing has changed since.
    const mark = changeMarksOf.get(db)?.mark() ?? null;
    if (mark === null) return (await db.executeQuery<O>({ ...query, parameters })).rows;
    let current = kept.get(db);
    if (current?.mark !== mark) {
      current = { mark, rows: new Map() };
      kept.set(db, current);
    }
    const key = JSON.stringify(parameters);
    const hit = current.rows.get(key);
    if (hit) return hit;
    const { rows } = await db.executeQuery<O>({ ...query, parameters });
    for (const row of rows) Object.freeze(row);
    const frozen = Object.freeze(rows);
    if (current.rows.size >= KEPT_ROWS_PER_QUERY) current.rows.delete(current.rows.keys().next().value!);
    current.rows.set(key, frozen);
    return frozen;
  };
}

/** A list's prepared queries: one page of its rows, and the count of them all (one row, `n`). */
export interface PagedQueries<P, O> {
  page: (db: Db, values: P) => Promise<ReadonlyArray<Readonly<O>>>;
  total: (db: Db, values: P) => Promise<ReadonlyArray<Readonly<{ n: number | string | bigint }>>>;
}

/** The page's rows and the list's total, asked side by side (PostgreSQL answers a count as a string). */
export async function pageAndTotal<P extends object, O>(
  db: Db,
  queries: PagedQueries<P, O>,
  values: P,
): Promise<{ rows: ReadonlyArray<Readonly<O>>; total: number }> {
  const [rows, [counted]] = await Promise.all([queries.page(db, values), queries.total(db, values)]);
  return { rows, total: Number(counted?.n ?? 0) };
}
