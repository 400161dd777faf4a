/** Statements run and commits among them, counted in this process since `countSqlite` or `reset`. */
export function countSqlite(): {
  counts: { statements: number; commits: number };
  reset(): void;
};
