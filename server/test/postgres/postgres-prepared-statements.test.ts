import { sql } from 'kysely';
import type { Db } from '../../src/db/database';
import { inject } from 'vitest';
import { MOST_NAMED_PARAMETERS } from '../../src/db/postgres-driver';
import { isPreparedSql, preparedQuery } from '../../src/db/prepared-query';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { heldPage, listFilterOf, listSortOf } from '../../src/modules/bills/queries';
import { guaranteeCandidates } from '../../src/modules/guarantee/queries';
import { noticePage } from '../../src/modules/notice/service';
import { startPostgresApp, type TestApp } from '../support/helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
beforeAll(async () => {
  t = await startPostgresApp(serverUrl);
});
afterAll(async () => {
  await t.app.close();
});

const userByMobile = preparedQuery((db, values: { mobile: string }) =>
  db.selectFrom('users').select(['id', 'mobile']).where('mobile', '=', values.mobile),
);

/** `count` bills 上海 drew and accepted for 苏州, none due, ids and numbers from `prefix`, newest first. */
async function insertPackages(prefix: string, count: number, now: number): Promise<void> {
  const shanghai = DEMO_ORGS.shanghai.id;
  await sql`
    INSERT INTO bill_packages (id, package_no, drawer_org_id, drawer_name, acceptor_org_id, acceptor_name,
      payee_org_id, payee_name, drawer_branch_no, amount_fen, issue_date, due_date, no_transfer, splittable,
      remark, created_by, created_at)
    SELECT ${prefix + '-package-'} || p, ${'9' + prefix} || lpad(p::text, 25, '0'), ${shanghai}, '上海',
      ${shanghai}, '上海', ${DEMO_ORGS.suzhou.id}, '苏州', '310290000021', 100000, '2026-01-01', '2099-01-01',
      0, 1, '', ${DEMO_ACCOUNTS[0]!.id}, ${now}::bigint - p
    FROM generate_series(1, ${count}::int) AS p`.execute(t.app.db);
}

/** The plans PostgreSQL made for the one prepared statement on `connection` whose text holds `marker`. */
async function plansOf(connection: Db, marker: string): Promise<{ custom: number; generic: number }> {
  const { rows } = await sql<{ statement: string; generic_plans: string; custom_plans: string }>`
    select statement, generic_plans, custom_plans from pg_prepared_statements`.execute(connection);
  const ours = rows.filter((row) => row.statement.includes(marker));
  expect(ours).toHaveLength(1);
  return { custom: Number(ours[0]!.custom_plans), generic: Number(ours[0]!.generic_plans) };
}

describe('PostgreSQL: prepared queries', () => {
  it('are prepared once per connection, and answer each set of values', async () => {
    await t.app.db.transaction().execute(async (connection) => {
      for (const { mobile } of DEMO_ACCOUNTS) {
        expect(await userByMobile(connection, { mobile })).toEqual([{ id: expect.any(String), mobile }]);
      }
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(connection);
      // The text the query compiles to: the pooled connection may hold the app's statements on "mobile" too.
      const text = connection
        .selectFrom('users')
        .select(['id', 'mobile'])
        .where('mobile', '=', '')
        .compile().sql;
      const ours = rows.filter((row) => row.statement === text);
      expect(ours).toHaveLength(1);
      expect(isPreparedSql(ours[0]!.statement)).toBe(true);
    });
  });

  it('name every other statement but one of many values, whose SQL changes with their number', async () => {
    await t.app.db.transaction().execute(async (connection) => {
      // Each statement selects a column name of its own: the pooled connection may hold the app's statements.
      await connection
        .selectFrom('users')
        .select('id as one_value_marker')
        .where('name', '=', 'nobody')
        .execute();
      const many = Array.from({ length: MOST_NAMED_PARAMETERS + 1 }, (_, i) => `nobody-${i}`);
      await connection
        .selectFrom('users')
        .select('id as many_values_marker')
        .where('mobile', 'in', many)
        .execute();
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements`.execute(connection);
      expect(rows.filter((row) => row.statement.includes('"one_value_marker"'))).toHaveLength(1);
      expect(rows.some((row) => row.statement.includes('"many_values_marker"'))).toBe(false);
    });
  });

  it('settle on one generic plan where the values are hidden from the planner (unplanned)', async () => {
    // The guarantee candidates bind a limit and a day compared with due dates: estimated from those, the
    // generic plan looked dearer than planning each call, and PostgreSQL planned every call (0.5 ms of 0.7).
    const now = Date.now();
    const shanghai = DEMO_ORGS.shanghai.id;
    // Bills the organisation drew and accepted, none due: what its statistics say of the due dates decides.
    await insertPackages('plan', 2000, now);
    await sql`ANALYZE bill_packages`.execute(t.app.db);
    await t.app.db.transaction().execute(async (connection) => {
      for (let i = 0; i < 8; i++) {
        await guaranteeCandidates(connection, shanghai, { size: 20 }, now);
      }
      // PostgreSQL plans the first five calls for their values, then compares.
      expect(await plansOf(connection, '"endorsed"')).toEqual({ custom: 5, generic: 3 });
    });
  });
  it("settle on one generic plan for the held list's page (its size and offset unplanned)", async () => {
    // A bound limit is estimated at a tenth of the organisation's holdings: the generic plan looked dearer
    // than one planned for each call's values, and PostgreSQL planned every call of the hottest list again.
    const now = Date.now();
    const shanghai = DEMO_ORGS.shanghai.id;
    await insertPackages('held', 2000, now);
    await sql`
      INSERT INTO bill_holdings (id, package_id, org_id, sub_start, sub_end, amount_fen, bill_status,
        circ_status, acquired_at, ended_at, due_date)
      SELECT 'held-holding-' || p, 'held-package-' || p, ${shanghai}, 1, 100000, 100000, 'CS03',
        'TF0301', ${now}::bigint - p, NULL, '2099-01-01'
      FROM generate_series(1, 2000) AS p`.execute(t.app.db);
    await sql`ANALYZE bill_packages`.execute(t.app.db);
    await sql`ANALYZE bill_holdings`.execute(t.app.db);
    const page = { page: 0, size: 10, offset: 0 };
    await t.app.db.transaction().execute(async (connection) => {
      for (let i = 0; i < 8; i++) {
        const { items } = await heldPage(
          connection,
          shanghai,
          listFilterOf({}, 'bill'),
          listSortOf(undefined),
          page,
          now,
        );
        expect(items).toHaveLength(10);
      }
      expect(await plansOf(connection, '"bill_org_holdings"')).toEqual({ custom: 5, generic: 3 });
    });
  });
  it('settle on one generic plan for the notices page over many notices (its size and offset unplanned)', async () => {
    const now = Date.now();
    const shanghai = DEMO_ORGS.shanghai.id;
    await sql`
      INSERT INTO plat_messages (id, org_id, user_id, type, title, content, created_at, link, subject)
      SELECT 'plan-notice-' || i, ${shanghai}, NULL, 3, '到期提醒', '票据到期提醒 ' || i, ${now}::bigint - i, NULL, NULL
      FROM generate_series(1, 20000) AS i`.execute(t.app.db);
    // Counted as the notice module's writes count them (the page's total).
    await sql`
      INSERT INTO plat_message_counts (org_id, user_id, type, notices, open_notices, read_open)
      VALUES (${shanghai}, '', 3, 20000, 20000, 0)
      ON CONFLICT (org_id, user_id, type) DO UPDATE SET notices = plat_message_counts.notices + 20000,
        open_notices = plat_message_counts.open_notices + 20000`.execute(t.app.db);
    await sql`ANALYZE plat_messages`.execute(t.app.db);
    const reader = { userId: DEMO_ACCOUNTS[0]!.id, orgId: shanghai };
    await t.app.db.transaction().execute(async (connection) => {
      for (let i = 0; i < 8; i++) {
        const { items, total } = await noticePage(connection, reader, {}, { page: 0, size: 10, offset: 0 });
        expect(items).toHaveLength(10);
        expect(total).toBeGreaterThan(20000);
      }
      expect(await plansOf(connection, '"plat_messages"')).toEqual({ custom: 5, generic: 3 });
    });
  });
});
