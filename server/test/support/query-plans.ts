import { CompiledQuery } from 'kysely';
import type { Db } from '../../src/db/database';

/**
 * `db`, noting in `seen` every query it runs: those its query builders compile (seen by a plugin) and those
 * handed to it compiled (the prepared queries, db/prepared-query.ts).
 */
export function recording(db: Db, seen: CompiledQuery[]): Db {
  const compiling = db.withPlugin({
    transformQuery: ({ node, queryId }) => {
      seen.push(db.getExecutor().compileQuery(node, queryId));
      return node;
    },
    transformResult: async ({ result }) => result,
  });
  return new Proxy(compiling, {
    get(target, prop) {
      if (prop === 'executeQuery')
        return (query: CompiledQuery) => {
          seen.push(query);
          return target.executeQuery(query);
        };
      const value: unknown = Reflect.get(target, prop, target);
      return typeof value === 'function' ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}

/** The lines of SQLite's plan (`explain query plan`) for `query`, run with its own values. */
export async function sqlitePlan(db: Db, query: CompiledQuery): Promise<string[]> {
  const plan = await db.executeQuery<{ detail: string }>(
    CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]),
  );
  return plan.rows.map((row) => row.detail);
}

/** The queries of `seen` whose text is `pattern`'s, each text once (a prepared query is seen compiled and run). */
export const queriesMatching = (seen: readonly CompiledQuery[], pattern: RegExp): CompiledQuery[] => [
  ...new Map(seen.filter((query) => pattern.test(query.sql)).map((query) => [query.sql, query])).values(),
];
