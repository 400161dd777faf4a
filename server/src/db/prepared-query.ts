import { sql, type Compilable, type CompiledQuery, type RawBuilder } from 'kysely';
import type { Db } from './database';
import type { ChangeMarks } from './sqlite-statements';

/** Stands in for a value while the query is built; never a value a caller could pass. */
const PLACEHOLDER = '\u0000prepared-query-parameter:';

const NONE_ABSENT: ReadonlySet<string> = new Set();

interface Prepared<O> {
  query: CompiledQuery<O>;
  /** For each parameter of the compiled query: the name of the value that fills it, or null for a constant. */
  slots: Array<string | null>;
}

/**
 * Values standing in for each name a builder reads: every name gets the same `value`, but those `absent`
 * (values a query of presence, preparedByPresence, is prepared without), which are null and not parameters.
 */
function standIns<P>(value: (name: string) => unknown, used: Set<string>, absent: ReadonlySet<string>): P {
  return new Proxy(
    {},
    {
      get: (_target, key) => {
        const name = String(key);
        if (absent.has(name)) return null;
        used.add(name);
        return value(name);
      },
    },
  ) as P;
}

/**
 * SQL that reads the clock or draws a random number: its rows change with no write to the database, so
 * they cannot be kept while it is unchanged. The time is passed as a value instead.
 */
const CLOCK_IN_SQL =
  /\b(?:now|current_timestamp|current_date|current_time|localtimestamp|localtime|clock_timestamp|statement_timestamp|transaction_timestamp|timeofday|random|julianday|unixepoch)\b|'now'/i;

/** Why a prepared query is refused: its rules, checked when it is first compiled for a database. */
export const PREPARED_QUERY_RULES = {
  boundOnly: 'a prepared query may use its values only as bound parameters',
  sameSql: 'a prepared query may not choose its SQL by its values',
  noClock: 'a prepared query may not read the clock or draw a random number in SQL: pass the time as a value',
  unplannedPaging:
    "a prepared query's limit and offset given as values are hidden from the planner: unplanned(v.size, 'bigint')",
} as const;

/**
 * The parameters (their indexes) a compiled query binds straight after `limit` or `offset`: `$n` on
 * PostgreSQL, `?` in order on SQLite.
 */
function pagingParameters(text: string): number[] {
  const found: number[] = [];
  let question = 0;
  for (const match of text.matchAll(/(\b(?:limit|offset)\s+)?(?:\$(\d+)|\?)/gi)) {
    const index = match[2] === undefined ? question++ : Number(match[2]) - 1;
    if (match[1] !== undefined) found.push(index);
  }
  return found;
}

function prepare<P, O>(
  db: Db,
  build: (db: Db, values: P) => Compilable<O>,
  absent: ReadonlySet<string> | null,
): Prepared<O> {
  const used = new Set<string>();
  const query = build(
    db,
    standIns<P>((name) => `${PLACEHOLDER}${name}`, used, absent ?? NONE_ABSENT),
  ).compile();
  const slots = query.parameters.map((value) =>
    typeof value === 'string' && value.startsWith(PLACEHOLDER) ? value.slice(PLACEHOLDER.length) : null,
  );
  // A value that ended up in the SQL text, or was read by the builder's own logic, cannot be a parameter.
  const bound = new Set(slots.filter((slot) => slot !== null));
  if (query.sql.includes(PLACEHOLDER) || [...used].some((name) => !bound.has(name))) {
    throw new Error(PREPARED_QUERY_RULES.boundOnly);
  }
  // Built again with every value null: a builder that branches on a value (a null check, a truthiness
  // test) compiles other SQL, or fails, and its one compiled text would serve values it was not built for.
  // A query of presence is built for its given values being there: they are the empty string instead, so
  // its null checks hold and a truthiness test still shows.
  let again: string | undefined;
  try {
    again = build(
      db,
      standIns<P>(() => (absent === null ? null : ''), new Set(), absent ?? NONE_ABSENT),
    ).compile().sql;
  } catch {
    again = undefined;
  }
  if (again !== query.sql) throw new Error(PREPARED_QUERY_RULES.sameSql);
  if (CLOCK_IN_SQL.test(query.sql)) throw new Error(PREPARED_QUERY_RULES.noClock);
  // A page's size bound as a value: PostgreSQL estimates a bound limit at a tenth of the rows in the generic
  // plan and at its value in the first five, finds the generic plan dearer, and plans every call again.
  if (pagingParameters(query.sql).some((index) => slots[index] !== null && slots[index] !== undefined)) {
    throw new Error(PREPARED_QUERY_RULES.unplannedPaging);
  }
  preparedSql.add(query.sql);
  return { query, slots };
}

/** The SQL of every prepared query compiled so far. */
const preparedSql = new Set<string>();

/**
 * Whether `sql` is a prepared query's, which PostgreSQL prepares as a named statement whatever its number of
 * values (db/postgres-driver.ts): parsed and planned once per connection rather than on every call. Planning
 * the authentication query took ten times as long as running it.
 */
export const isPreparedSql = (sql: string): boolean => preparedSql.has(sql);

/** The SQLite databases whose changes are marked (db/sqlite-statements.ts); PostgreSQL's are not. */
const changeMarksOf = new WeakMap<Db, ChangeMarks>();

/** Lets the prepared queries on `db` keep their rows while `changes` says the database is unchanged. */
export function keepRowsWhileUnchanged(db: Db, changes: ChangeMarks): void {
  changeMarksOf.set(db, changes);
}

/** Rows kept per prepared query and database, for one mark: beyond this many sets of values, all go. */
export const KEPT_ROWS_PER_QUERY = 1000;

type Rows<O> = ReadonlyArray<Readonly<O>>;
/** Where a set of values ends in the tree of kept rows (no value a query is given is this symbol). */
const ROWS = Symbol('rows');

/**
 * The rows kept under one mark, found by their parameters one after the other: a map per parameter, so a
 * request builds no key. The same strings come back request after request (the caller's ids, read from
 * kept rows; the token digest), and a map finds a string it has hashed before at once, where one JSON key
 * of all the parameters would be built and hashed anew.
 */
class KeptRows<O> {
  private readonly tree = new Map<unknown, unknown>();
  private count = 0;

  constructor(readonly mark: string) {}

  get(parameters: readonly unknown[]): Rows<O> | undefined {
    let node: Map<unknown, unknown> | undefined = this.tree;
    for (const value of parameters) {
      node = node.get(value) as Map<unknown, unknown> | undefined;
      if (node === undefined) return undefined;
    }
    return node.get(ROWS) as Rows<O> | undefined;
  }

  set(parameters: readonly unknown[], rows: Rows<O>): void {
    if (this.count >= KEPT_ROWS_PER_QUERY) {
      this.tree.clear();
      this.count = 0;
    }
    let node = this.tree;
    for (const value of parameters) {
      let next = node.get(value) as Map<unknown, unknown> | undefined;
      if (next === undefined) {
        next = new Map();
        node.set(value, next);
      }
      node = next;
    }
    node.set(ROWS, rows);
    this.count += 1;
  }
}

/**
 * A query of a hot path, built and compiled once per database and then run with new values. Building and
 * compiling with Kysely cost more than SQLite took to run the authentication query. `build` must use
 * each value only as a bound parameter (a comparison, a limit), never in its own logic or as a list, and
 * its SQL must not read the clock: `prepare` refuses a query that breaks either rule (PREPARED_QUERY_RULES).
 *
 * On SQLite the rows of each set of values are kept (frozen) until anything changes the database, and
 * asked again after: no write through this process, and no commit by another, can be missed, so a revoked
 * token or a new notice counts from the next request on. That is why the SQL may not read the clock. On
 * PostgreSQL, which other server nodes change, every call asks it, as a named statement (isPreparedSql).
 */
export function preparedQuery<P extends object, O>(
  build: (db: Db, values: P) => Compilable<O>,
): (db: Db, values: P) => Promise<ReadonlyArray<Readonly<O>>> {
  return preparedWithout(build, null);
}

function preparedWithout<P extends object, O>(
  build: (db: Db, values: P) => Compilable<O>,
  /** The values a query of presence is prepared without; null for a plain prepared query. */
  absent: ReadonlySet<string> | null,
): (db: Db, values: P) => Promise<ReadonlyArray<Readonly<O>>> {
  const compiled = new WeakMap<Db, Prepared<O>>();
  const kept = new WeakMap<Db, KeptRows<O>>();
  return async (db, values) => {
    let prepared = compiled.get(db);
    if (!prepared) {
      prepared = prepare(db, build, absent);
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
      current = new KeptRows<O>(mark);
      kept.set(db, current);
    }
    const hit = current.get(parameters);
    if (hit) return hit;
    const { rows } = await db.executeQuery<O>({ ...query, parameters });
    for (const row of rows) Object.freeze(row);
    const frozen = Object.freeze(rows);
    current.set(parameters, frozen);
    return frozen;
  };
}

/**
 * A query whose SQL depends on which of its values are given: a list's optional filters (`$if(v.status !==
 * null, ...)`). It is a prepared query (preparedQuery, its rules and its kept rows) for each combination of
 * given and absent (null or undefined) values, made on the first call with that combination; the builder
 * sees the absent values as null and may branch on that alone. Values must be given as the builder binds
 * them (a LIKE pattern made before, not in the builder).
 */
export function preparedByPresence<P extends object, O>(
  build: (db: Db, values: P) => Compilable<O>,
): (db: Db, values: P) => Promise<ReadonlyArray<Readonly<O>>> {
  const byPresence = new Map<string, (db: Db, values: P) => Promise<ReadonlyArray<Readonly<O>>>>();
  return (db, values) => {
    let presence = '';
    for (const key in values) {
      presence += `${key}${(values as Record<string, unknown>)[key] == null ? '-' : '+'}`;
    }
    let query = byPresence.get(presence);
    if (!query) {
      const absent = new Set<string>();
      for (const key in values) if ((values as Record<string, unknown>)[key] == null) absent.add(key);
      query = preparedWithout(build, absent);
      byPresence.set(presence, query);
    }
    return query(db, values);
  };
}

/**
 * A value of a prepared query that PostgreSQL's planner does not look at: `(select $n)`, estimated alike
 * whatever it holds. A named statement's first five plans are made for their values, and PostgreSQL keeps
 * planning every call while its one generic plan is estimated dearer than those; a bound limit (a tenth of
 * the rows for any value) and a bound compared with a column's statistics (a third of them) make it so, and
 * then planning can cost more than running (the guarantee candidates: 0.5 ms to plan, 0.2 ms to run).
 * Hidden in both, such values let PostgreSQL settle on the generic plan. `cast` gives the SQL type where
 * the context needs one (a limit is a bigint; a parameter of no type is text).
 */
export function unplanned<T>(value: T, cast?: 'bigint'): RawBuilder<T> {
  return cast === undefined ? sql<T>`(select ${value})` : sql<T>`(select cast(${value} as bigint))`;
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

/**
 * A list's total from a page whose rows each carry it (`list_total`, `count(*) over ()`): a page past the end
 * has no row to carry it, and only then is it counted on its own (`count`); an empty first page counts none.
 */
export async function carriedTotal(
  rows: ReadonlyArray<{ list_total: unknown }>,
  offset: number,
  count: () => Promise<ReadonlyArray<{ n: unknown }>>,
): Promise<number> {
  if (rows.length > 0) return Number(rows[0]!.list_total);
  if (offset === 0) return 0;
  return Number((await count())[0]?.n ?? 0);
}
