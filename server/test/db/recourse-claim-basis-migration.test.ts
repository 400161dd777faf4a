import { sql } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { claimOf, noticeBasis } from '../../src/modules/recourse/rules';
import { T0 } from '../support/helpers';
import { atMigration } from '../support/migration-helpers';

describe('migration 051: a recourse notice keeps its claim basis', () => {
  it('leaves a notice sent before it without a basis, which reads as the face from maturity', async () => {
    await atMigration('050-pledge-fin-bills-by-package', async (db, migrateTo) => {
      const acceptor = DEMO_ORGS.shanghai.id;
      const holder = DEMO_ORGS.suzhou.id;
      const by = DEMO_ACCOUNTS[0]!.id;
      await sql`insert into bill_packages (id, package_no, drawer_org_id, drawer_name, acceptor_org_id,
          acceptor_name, payee_org_id, payee_name, drawer_branch_no, amount_fen, issue_date, due_date,
          no_transfer, splittable, remark, created_by, created_at)
        values ('P1', '700000000000000000000000000001', ${acceptor}, '甲', ${acceptor}, '甲', ${holder}, '乙',
          '310290000021', 100000000, '2026-03-01', '2026-06-02', 0, 1, '', ${by}, ${T0})`.execute(db);
      await sql`insert into recourse_notices (id, package_id, pursuer_org_id, sub_start, sub_end, amount_fen,
          debtor_org_id, debtor_role, guaranteed_org_id, debtor_rank, kind, overdue, since, costs_fen, status,
          applicant_user_id, notified_at)
        values ('N1', 'P1', ${holder}, 1, 100000000, 100000000, ${acceptor}, 'acceptor', null, 0, 'BC14', 0,
          '2026-06-02', 0, 'notified', ${by}, ${T0})`.execute(db);

      await migrateTo('051-recourse-claim-basis');

      const row = await db
        .selectFrom('recourse_notices')
        .select(['basis_kind', 'basis_fen', 'basis_from', 'sub_start', 'sub_end'])
        .where('id', '=', 'N1')
        .executeTakeFirstOrThrow();
      expect([row.basis_kind, row.basis_fen, row.basis_from]).toEqual([null, null, null]);
      const basis = noticeBasis(row, { due_date: '2026-06-02' });
      expect(basis).toEqual({ kind: 'face', amountFen: 100_000_000, from: '2026-06-02' });
      expect(claimOf(basis, '2026-06-05', 0)).toMatchObject({ interest: '362.50', total: '1000362.50' });
    });
  });
});
