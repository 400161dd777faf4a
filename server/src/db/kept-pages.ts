import type { Db } from './database';

/**
 * Pages of a list kept for the version of the list they were read at, on PostgreSQL, where several nodes
 * share the database. What makes it safe:
 *
 * - The list's writes move its version in their own transaction, for every change to what the list shows
 *   (the held list: the ledger's end step; the notices: their counts' write before commit), and a version
 *   only grows.
 * - A read takes the version in the statement that admits its caller, and answers the page kept for that
 *   version if there is one. Nothing is answered on a node's word alone: a write committed on any node has
 *   moved the version the next read takes.
 * - A page it reads itself it keeps under the version it took first. The page's statement starts after that
 *   one ended, so it sees every write that version counts, and perhaps later ones: a later write moved the
 *   version past the one the page is kept under, which no read takes again.
 *
 * Each list has its own, per database (the tests run several). What they hold is bounded by rows: beyond
 * KEPT_ROWS rows of one list's pages on one database, all of them are forgotten together (as
 * lib/bounded-memo.ts), so a page of 10 leaves room for 2,000 and the largest pages (100 rows) for 200.
 */
export interface KeptPages<A> {
  /** The page kept under `key` if it was read at `version` (null: the list has no version yet). */
  at(db: Db, key: string, version: string | null): A | undefined;
  /** Keeps the page read after `version` was taken (null: not kept). */
  keep(db: Db, key: string, version: string | null, answer: A): void;
  /** The page kept under `key` for `version`, or the one `read` reads after it, kept for it. */
  read(db: Db, key: string, version: string | null, read: () => Promise<A>): Promise<A>;
}

/** How many rows one list's kept pages hold at most on one database (each kept with its view and bytes). */
export const KEPT_ROWS = 20_000;

/** A list's kept pages; `rowsOf` tells how many rows a page holds (at least one is counted for each). */
export function keptPages<A>(rowsOf: (answer: A) => number, budget: number = KEPT_ROWS): KeptPages<A> {
  const byDb = new WeakMap<Db, { pages: Map<string, { version: string; answer: A }>; rows: number }>();
  const pages: KeptPages<A> = {
    async read(db, key, version, read) {
      const kept = pages.at(db, key, version);
      if (kept !== undefined) return kept;
      const answer = await read();
      pages.keep(db, key, version, answer);
      return answer;
    },
    at(db, key, version) {
      if (version === null) return undefined;
      const kept = byDb.get(db)?.pages.get(key);
      return kept?.version === version ? kept.answer : undefined;
    },
    keep(db, key, version, answer) {
      if (version === null) return;
      let kept = byDb.get(db);
      if (!kept) byDb.set(db, (kept = { pages: new Map(), rows: 0 }));
      const rows = Math.max(1, rowsOf(answer));
      const replaced = kept.pages.get(key);
      if (replaced) kept.rows -= Math.max(1, rowsOf(replaced.answer));
      if (kept.rows + rows > budget) {
        kept.pages.clear();
        kept.rows = 0;
      }
      kept.pages.set(key, { version, answer });
      kept.rows += rows;
    },
  };
  return pages;
}

/** A version as a database answers it (PostgreSQL's sums and bigints come as strings), for comparing. */
export const versionText = (value: unknown): string | null =>
  value === null || value === undefined ? null : String(value);
