// Counts the SQLite statements a process runs and the commits among them, figures the machine's load changes
// little beside wall time. Preloaded into the measured server (BENCH_SERVER_NODE_ARGS='--import
// ./bench/lib/sqlite-counts.mjs' with SQLITE_COUNTS_FILE=<file>); the counts are written to that file as
// JSON when the process exits, and every second while it runs. bench/day-end.ts counts in its own process
// through `countSqlite`.
import fs from 'node:fs';
import Database from 'better-sqlite3';

/** Statements run and commits since the counting began; `reset` starts again from zero. */
export function countSqlite() {
  const counts = { statements: 0, commits: 0 };
  const probe = new Database(':memory:');
  const proto = Object.getPrototypeOf(probe.prepare('select 1'));
  probe.close();
  if (!proto.__counted) {
    proto.__counted = [];
    for (const method of ['run', 'get', 'all', 'iterate']) {
      const original = proto[method];
      proto[method] = function counted(...args) {
        for (const listener of proto.__counted) listener(this.source);
        return original.apply(this, args);
      };
    }
  }
  proto.__counted.push((source) => {
    counts.statements += 1;
    if (/^\s*commit\b/i.test(source)) counts.commits += 1;
  });
  return {
    counts,
    reset() {
      counts.statements = 0;
      counts.commits = 0;
    },
  };
}

const file = process.env.SQLITE_COUNTS_FILE;
if (file) {
  const { counts } = countSqlite();
  const write = () => fs.writeFileSync(file, JSON.stringify(counts));
  setInterval(write, 1000).unref();
  process.on('exit', write);
}
