import { CIRCULATION } from '@contract/bills';
import { sql, type CompiledQuery } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { heldPage, listFilterOf, listSortOf } from '../../src/modules/bills/queries';
import { paymentCandidatePage } from '../../src/modules/payment/queries';
import { recourseCandidates } from '../../src/modules/recourse/queries';
import { ON_SQLITE, startApp, T0, type TestApp } from '../support/helpers';
import { atMigration } from '../support/migration-helpers';
import { queriesMatching, recording, sqlitePlan } from '../support/query-plans';

describe('migration 057: each holding carries its bill’s due date', () => {
  it('copies the due date of each holding’s package, current and ended alike', async () => {
    await atMigration('056-notice-version', async (db, migrateTo) => {
      const org = DEMO_ORGS.shanghai.id;
      for (const [id, due] of [
        ['P1', '2026-09-01'],
        ['P2', '2027-01-15'],
      ] as const) {
        await sql`insert into bill_packages (id, package_no, drawer_org_id, drawer_name, acceptor_org_id,
            acceptor_name, payee_org_id, payee_name, drawer_branch_no, amount_fen, issue_date, due_date,
            no_transfer, splittable, remark, created_by, created_at)
          values (${id}, ${`70000000000000000000000000057${id.slice(1)}`}, ${org}, '甲', ${org}, '甲', ${org},
            '甲', '310290000021', 300, '2026-03-01', ${due}, 0, 1, '', ${DEMO_ACCOUNTS[0]!.id}, ${T0})`.execute(
          db,
        );
      }
      for (const [id, packageId, endedAt] of [
        ['H1', 'P1', null],
        ['H2', 'P1', T0],
        ['H3', 'P2', null],
      ] as const) {
        await sql`insert into bill_holdings (id, package_id, org_id, sub_start, sub_end, amount_fen, bill_status,
            circ_status, acquired_at, ended_at)
          values (${id}, ${packageId}, ${org}, 1, 300, 300, 'CS03', 'TF0301', ${T0}, ${endedAt})`.execute(db);
      }
      await migrateTo();
      const rows = await db.selectFrom('bill_holdings').select(['id', 'due_date']).orderBy('id').execute();
      expect(rows).toEqual([
        { id: 'H1', due_date: '2026-09-01' },
        { id: 'H2', due_date: '2026-09-01' },
        { id: 'H3', due_date: '2027-01-15' },
      ]);
    });
  });
});

describe('the candidates of 提示付款 and 追索 read a range of an index, not every current holding', () => {
  let t: TestApp;
  beforeAll(async () => {
    // SQLite's own plan (`explain query plan`), whatever database the run is on.
    t = await startApp(ON_SQLITE);
  });
  afterAll(async () => {
    await t.app.close();
  });

  /** The page and its count among `seen` each walk the current holdings' due-date index, unsorted. */
  async function expectPageAndCountByDueDate(seen: readonly CompiledQuery[]): Promise<void> {
    const reads = queriesMatching(seen, /"bill_holdings"/);
    expect(reads).toHaveLength(2);
    for (const read of reads) {
      const plan = await sqlitePlan(t.app.db, read);
      expect(plan.find((line) => line.includes('bill_holdings'))).toMatch(/INDEX bill_holdings_current_due/);
      expect(plan.filter((line) => line.includes('TEMP B-TREE'))).toEqual([]);
    }
  }

  it('finds what may be presented by the holdings’ due dates', async () => {
    const seen: CompiledQuery[] = [];
    await paymentCandidatePage(
      recording(t.app.db, seen),
      DEMO_ORGS.suzhou.id,
      { page: 0, size: 10, offset: 0 },
      T0,
    );
    await expectPageAndCountByDueDate(seen);
  });

  it('finds the ranges in recourse by the index of those alone', async () => {
    const seen: CompiledQuery[] = [];
    await recourseCandidates(recording(t.app.db, seen), DEMO_ORGS.suzhou.id, T0);
    const read = seen.find((query) => /"bill_holdings"/.test(query.sql))!;
    expect(read.sql).toContain(`'${CIRCULATION.recourse}'`);
    const plan = await sqlitePlan(t.app.db, read);
    expect(plan.find((line) => line.includes('bill_holdings'))).toMatch(/INDEX bill_holdings_in_recourse/);
  });

  it.each(['dueDate,asc', 'dueDate,desc'])(
    'walks the held list sorted %s along the due-date index',
    async (sort) => {
      const seen: CompiledQuery[] = [];
      await heldPage(
        recording(t.app.db, seen),
        DEMO_ORGS.suzhou.id,
        listFilterOf({ dueFrom: '2026-01-01', dueTo: '2027-12-31' }, 'bill'),
        listSortOf(sort),
        { page: 0, size: 10, offset: 0 },
        T0,
      );
      await expectPageAndCountByDueDate(seen);
    },
  );
});
