// @vitest-environment node
import Database from 'better-sqlite3';
import { countSqlite } from '../../bench/lib/sqlite-counts.mjs';

describe("the bench's count of SQLite statements and commits", () => {
  it('counts every statement run, the commits among them, and starts again from zero', () => {
    const { counts, reset } = countSqlite();
    const db = new Database(':memory:');
    try {
      db.prepare('create table t (x integer)').run();
      const insert = db.prepare('insert into t (x) values (?)');
      db.prepare('begin').run();
      insert.run(1);
      insert.run(2);
      db.prepare('COMMIT').run();
      expect(db.prepare('select count(*) as n from t').get()).toEqual({ n: 2 });
      expect(counts).toEqual({ statements: 6, commits: 1 });
      reset();
      db.prepare('begin').run();
      db.prepare('rollback').run();
      expect(counts).toEqual({ statements: 2, commits: 0 });
    } finally {
      db.close();
    }
  });
});
