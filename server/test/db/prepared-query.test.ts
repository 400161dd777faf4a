import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDatabase, migrate, type Db } from '../../src/db/database';
import {
  KEPT_ROWS_PER_QUERY,
  PREPARED_QUERY_RULES,
  preparedByPresence,
  preparedQuery,
  carriedTotal,
  unplanned,
} from '../../src/db/prepared-query';
import { DEMO_ACCOUNTS } from '../../src/db/seed';
import { startApp, type TestApp } from '../support/helpers';

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  [a, b] = await Promise.all([startApp(), startApp()]);
});

afterAll(async () => {
  await Promise.all([a.app.close(), b.app.close()]);
});

const usersByMobile = preparedQuery((db, values: { mobile: string; status: string }) =>
  db
    .selectFrom('users')
    .select(['id', 'mobile', 'status'])
    .where('mobile', '=', values.mobile)
    .where('status', '=', values.status)
    // A constant of the query itself stays as it was compiled.
    .where('mobile', '!=', '00000000000'),
);

describe('a prepared query', () => {
  it('answers as the same query built anew, for each new set of values', async () => {
    for (const { mobile } of DEMO_ACCOUNTS) {
      const built = await a.app.db
        .selectFrom('users')
        .select(['id', 'mobile', 'status'])
        .where('mobile', '=', mobile)
        .where('status', '=', 'active')
        .execute();
      expect(built).toHaveLength(1);
      expect(await usersByMobile(a.app.db, { mobile, status: 'active' })).toEqual(built);
    }
    expect(await usersByMobile(a.app.db, { mobile: DEMO_ACCOUNTS[0]!.mobile, status: 'gone' })).toEqual([]);
    expect(await usersByMobile(a.app.db, { mobile: '00000000000', status: 'active' })).toEqual([]);
  });

  it('is compiled for each database on its own', async () => {
    const mobile = DEMO_ACCOUNTS[0]!.mobile;
    const [inA] = await usersByMobile(a.app.db, { mobile, status: 'active' });
    await b.app.db.updateTable('users').set({ status: 'disabled' }).where('mobile', '=', mobile).execute();
    expect(await usersByMobile(b.app.db, { mobile, status: 'active' })).toEqual([]);
    expect(await usersByMobile(a.app.db, { mobile, status: 'active' })).toEqual([inA]);
  });

  it('refuses a value that is not a bound parameter', async () => {
    const inLogic = preparedQuery((db, values: { mobile: string }) => {
      const query = db.selectFrom('users').select('id');
      return values.mobile ? query.where('mobile', '=', '13800000001') : query;
    });
    await expect(inLogic(a.app.db, { mobile: 'x' })).rejects.toThrow(PREPARED_QUERY_RULES.boundOnly);
  });

  it('refuses a builder that chooses its SQL by a value it also binds', async () => {
    const branching = preparedQuery((db, values: { orgId: string | null }) =>
      db
        .selectFrom('users')
        .select('id')
        .where('last_org_id', values.orgId === null ? 'is' : '=', values.orgId),
    );
    await expect(branching(a.app.db, { orgId: null })).rejects.toThrow(PREPARED_QUERY_RULES.sameSql);
  });

  it('refuses SQL that reads the clock, whose rows change with no write', async () => {
    const dueNow = preparedQuery((db, values: { mobile: string }) =>
      db
        .selectFrom('users')
        .select('id')
        .where('mobile', '=', values.mobile)
        .where(sql<number>`current_timestamp`, 'is not', null),
    );
    await expect(dueNow(a.app.db, { mobile: 'x' })).rejects.toThrow(PREPARED_QUERY_RULES.noClock);
  });

  it('refuses a page whose size or offset the planner sees, and takes one hidden from it', async () => {
    const plainLimit = preparedQuery((db, values: { size: number; offset: number }) =>
      db.selectFrom('users').select('id').orderBy('id').limit(values.size),
    );
    const plainOffset = preparedQuery((db, values: { size: number; offset: number }) =>
      db
        .selectFrom('users')
        .select('id')
        .orderBy('id')
        .limit(unplanned(values.size, 'bigint'))
        .offset(values.offset),
    );
    for (const query of [plainLimit, plainOffset]) {
      await expect(query(a.app.db, { size: 2, offset: 1 })).rejects.toThrow(
        PREPARED_QUERY_RULES.unplannedPaging,
      );
    }
    const hidden = preparedQuery((db, values: { mobile: string; size: number; offset: number }) =>
      db
        .selectFrom('users')
        .select('mobile')
        .where('mobile', '!=', values.mobile)
        // A constant limit is the query's own, as it was compiled.
        .where('id', 'in', (eb) => eb.selectFrom('users').select('id').limit(100))
        .orderBy('mobile')
        .limit(unplanned(values.size, 'bigint'))
        .offset(unplanned(values.offset, 'bigint')),
    );
    const mobiles = DEMO_ACCOUNTS.map((account) => account.mobile).sort();
    expect(await hidden(a.app.db, { mobile: mobiles[0]!, size: 2, offset: 1 })).toEqual(
      mobiles.slice(2, 4).map((mobile) => ({ mobile })),
    );
  });
});

describe('a prepared query of presence', () => {
  const filtered = preparedByPresence((db, values: { mobile: string | null; status: string | null }) =>
    db
      .selectFrom('users')
      .select('mobile')
      .$if(values.mobile !== null, (q) => q.where('mobile', '=', values.mobile!))
      .$if(values.status !== null, (q) => q.where('status', '=', values.status!))
      .orderBy('mobile'),
  );

  it('answers as the query built anew for each combination of the values given and absent', async () => {
    const mobile = DEMO_ACCOUNTS[1]!.mobile;
    const all = await a.app.db.selectFrom('users').select('mobile').orderBy('mobile').execute();
    expect(all.length).toBeGreaterThan(1);
    expect(await filtered(a.app.db, { mobile: null, status: null })).toEqual(all);
    expect(await filtered(a.app.db, { mobile, status: null })).toEqual([{ mobile }]);
    expect(await filtered(a.app.db, { mobile, status: 'active' })).toEqual([{ mobile }]);
    expect(await filtered(a.app.db, { mobile, status: 'gone' })).toEqual([]);
    expect(await filtered(a.app.db, { mobile: null, status: 'gone' })).toEqual([]);
    expect(await filtered(a.app.db, { mobile: null, status: 'active' })).toEqual(
      all.filter((row) => DEMO_ACCOUNTS.some((d) => d.mobile === row.mobile)),
    );
  });

  it('refuses a builder that uses a given value beyond its presence', async () => {
    const truthy = preparedByPresence((db, values: { mobile: string | null }) =>
      db
        .selectFrom('users')
        .select('id')
        .$if(Boolean(values.mobile), (q) => q.where('mobile', '=', values.mobile!)),
    );
    await expect(truthy(a.app.db, { mobile: 'x' })).rejects.toThrow(PREPARED_QUERY_RULES.sameSql);
    const inText = preparedByPresence((db, values: { mobile: string | null }) =>
      db
        .selectFrom('users')
        .select('id')
        .$if(values.mobile !== null, (q) => q.where('mobile', 'like', `${values.mobile!}%`)),
    );
    await expect(inText(a.app.db, { mobile: 'x' })).rejects.toThrow(PREPARED_QUERY_RULES.boundOnly);
  });
});

// On SQLite, of its own file: what it keeps depends on SQLite's single connection and its commit counter.
describe('the rows a prepared query keeps on SQLite', () => {
  const mobile = '13900000009';
  let dataDir: string;
  let db: Db;
  const active = () => usersByMobile(db, { mobile, status: 'active' });
  const setStatus = (status: string) =>
    db.updateTable('users').set({ status }).where('mobile', '=', mobile).execute();

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-kept-rows-'));
    db = await createDatabase({ dataDir });
    await migrate(db);
    await db
      .insertInto('users')
      .values({
        id: 'u1',
        mobile,
        name: '张三',
        password_hash: 'x',
        status: 'active',
        created_at: 0,
        password_changed_at: 0,
      })
      .execute();
  });

  afterAll(async () => {
    await db.destroy();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('are answered again while nothing changed, frozen so no caller can alter them for the next', async () => {
    const first = await active();
    expect(first).toHaveLength(1);
    const again = await active();
    expect(again).toBe(first);
    expect(Object.isFrozen(again)).toBe(true);
    expect(Object.isFrozen(again[0])).toBe(true);
  });

  it('are found by every value in turn, and past the limit of kept sets still answer right', async () => {
    const byStatus = (status: string) => usersByMobile(db, { mobile, status });
    const first = await active();
    // Same mobile, another status: a set of values that shares its first value is a set of its own.
    expect(await byStatus('disabled')).toEqual([]);
    expect(await active()).toBe(first);
    for (let i = 0; i <= KEPT_ROWS_PER_QUERY; i++) expect(await byStatus(`s${i}`)).toEqual([]);
    const afterLimit = await active();
    expect(afterLimit).toEqual(first);
    expect(await active()).toBe(afterLimit);
  });

  it('are asked again after any write through the server', async () => {
    expect(await active()).toHaveLength(1);
    await setStatus('disabled');
    expect(await active()).toEqual([]);
    await setStatus('active');
    expect(await active()).toHaveLength(1);
  });

  it('are not answered while a transaction that changed them is open, nor kept from inside it', async () => {
    expect(await active()).toHaveLength(1);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let changed!: () => void;
    const written = new Promise<void>((resolve) => (changed = resolve));
    const transaction = db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ status: 'disabled' }).where('mobile', '=', mobile).execute();
      expect(await usersByMobile(trx, { mobile, status: 'active' })).toEqual([]);
      changed();
      await held;
      throw new Error('rolled back');
    });
    await written;
    const during = active();
    release();
    await expect(transaction).rejects.toThrow('rolled back');
    // Asked while the update was uncommitted, answered once it was rolled back: the row as it is.
    expect(await during).toHaveLength(1);
    expect(await active()).toHaveLength(1);
  });

  it('are asked again from the next turn of the event loop after another connection commits', async () => {
    expect(await active()).toHaveLength(1);
    const other = new SQLite(path.join(dataDir, 'chain-bill.sqlite'));
    try {
      other.prepare("UPDATE users SET status = 'disabled' WHERE mobile = ?").run(mobile);
    } finally {
      other.close();
    }
    await new Promise((resolve) => setImmediate(resolve));
    expect(await active()).toEqual([]);
  });
});

describe('carriedTotal', () => {
  const count = (n: number | string) => {
    const asked = { times: 0 };
    const ask = async () => {
      asked.times += 1;
      return [{ n }];
    };
    return { asked, ask };
  };

  it('reads the total a page carries on its rows, and counts nothing', async () => {
    const { asked, ask } = count(99);
    expect(await carriedTotal([{ list_total: '42' }, { list_total: '42' }], 10, ask)).toBe(42);
    expect(asked.times).toBe(0);
  });

  it('counts an empty first page as none, without asking', async () => {
    const { asked, ask } = count(99);
    expect(await carriedTotal([], 0, ask)).toBe(0);
    expect(asked.times).toBe(0);
  });

  it('counts on its own only for a page past the end (PostgreSQL answers a count as text)', async () => {
    const { asked, ask } = count('7');
    expect(await carriedTotal([], 20, ask)).toBe(7);
    expect(asked.times).toBe(1);
  });
});
