import { sql } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { T0 } from '../support/helpers';
import { atMigration } from '../support/migration-helpers';

describe('migration 036: 应付票据 by acceptor and due date', () => {
  it('is filled from the current received holdings of the bills that exist', async () => {
    await atMigration('035-payments', async (db, migrateTo) => {
      const acceptor = DEMO_ORGS.shanghai.id;
      const holder = DEMO_ORGS.suzhou.id;
      const drawnBy = DEMO_ACCOUNTS[0]!.id;
      const pkg = (id: string, due: string, face: number) => sql`insert into bill_packages (id, package_no,
          drawer_org_id, drawer_name, acceptor_org_id, acceptor_name, payee_org_id, payee_name, drawer_branch_no,
          amount_fen, issue_date, due_date, no_transfer, splittable, remark, created_by, created_at)
        values (${id}, ${`70000000000000000000000000000${id}`}, ${acceptor}, '甲', ${acceptor}, '甲', ${holder}, '乙',
          '310290000021', ${face}, '2026-03-01', ${due}, 0, 1, '', ${drawnBy}, ${T0})`;
      const holding = (
        id: string,
        packageId: string,
        [start, end]: [number, number],
        [billStatus, circulation]: [string, string],
        endedAt: number | null = null,
      ) => sql`insert into bill_holdings (id, package_id, org_id, sub_start, sub_end, amount_fen, bill_status,
          circ_status, acquired_at, ended_at)
        values (${id}, ${packageId}, ${holder}, ${start}, ${end}, ${end - start + 1}, ${billStatus},
          ${circulation}, ${T0}, ${endedAt})`;
      for (const statement of [
        pkg('1', '2026-09-01', 200),
        pkg('2', '2026-09-01', 80),
        pkg('3', '2026-09-02', 10),
        // Received and current; its other half at the end of its life; what it replaced, ended.
        holding('H1', '1', [1, 100], ['CS03', 'TF0301']),
        holding('H2', '1', [101, 200], ['CS03', 'TF0501']),
        holding('H3', '1', [1, 200], ['CS03', 'TF0301'], T0),
        // Still waiting for its receipt; the rest received and locked by an application.
        holding('H4', '2', [1, 50], ['CS02', 'TF0101']),
        holding('H5', '2', [51, 80], ['CS03', 'TF0302']),
        // Not accepted yet: nothing payable on its day.
        holding('H6', '3', [1, 10], ['CS01', 'TF0101']),
      ]) {
        await statement.execute(db);
      }

      await migrateTo();

      const days = await db.selectFrom('bill_payable_days').selectAll().execute();
      expect(days.map((day) => ({ ...day, amount_fen: Number(day.amount_fen) }))).toEqual([
        { acceptor_org_id: acceptor, due_date: '2026-09-01', bills: 2, amount_fen: 130 },
      ]);
    });
  });
});
