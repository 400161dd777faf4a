import { sql } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { T0 } from '../support/helpers';
import { atMigration } from '../support/migration-helpers';

describe('migration 045: a pledge ended by payment', () => {
  it('marks as paid the ended pledges no signed release ended, and no other', async () => {
    await atMigration('044-pledge-fin-part-payments', async (db, migrateTo) => {
      const acceptor = DEMO_ORGS.shanghai.id;
      const holder = DEMO_ORGS.suzhou.id;
      // Any organisation does for the pledgee here: the migration reads only releases.
      const pledgee = DEMO_ORGS.ningbo.id;
      const by = DEMO_ACCOUNTS[0]!.id;
      await sql`insert into bill_packages (id, package_no, drawer_org_id, drawer_name, acceptor_org_id,
          acceptor_name, payee_org_id, payee_name, drawer_branch_no, amount_fen, issue_date, due_date,
          no_transfer, splittable, remark, created_by, created_at)
        values ('P1', '700000000000000000000000000001', ${acceptor}, '甲', ${acceptor}, '甲', ${holder}, '乙',
          '310290000021', 300, '2026-03-01', '2026-09-01', 0, 1, '', ${by}, ${T0})`.execute(db);
      await sql`insert into bill_holdings (id, package_id, org_id, sub_start, sub_end, amount_fen, bill_status,
          circ_status, acquired_at, ended_at)
        values ('H1', 'P1', ${holder}, 1, 300, 300, 'CS03', 'TF0304', ${T0}, null)`.execute(db);
      // G1 released by a signed release, G2 ended with no release (paid to its pledgee), G3 in force with a
      // release refused.
      const pledges = [
        ['G1', 1, T0 + 10],
        ['G2', 101, T0 + 20],
        ['G3', 201, null],
      ] as const;
      for (const [id, start, releasedAt] of pledges) {
        await sql`insert into bill_applications (id, package_id, kind, applicant_org_id, applicant_user_id,
            receiver_org_id, holding_id, sub_start, sub_end, amount_fen, status, reason, remark, answered_by,
            applied_at, answered_at)
          values (${id}, 'P1', 'pledge', ${holder}, ${by}, ${pledgee}, 'H1', ${start}, ${start + 99}, 100,
            'signed', null, '', null, ${T0}, ${T0})`.execute(db);
        await sql`insert into bill_pledges (application_id, package_id, pledgor_org_id, pledgee_org_id,
            holding_id, pledged_at, released_at, created_at)
          values (${id}, 'P1', ${holder}, ${pledgee}, null, ${T0}, ${releasedAt}, ${T0})`.execute(db);
      }
      await sql`insert into bill_pledge_releases (id, pledge_id, status, reason, answered_by, applied_at,
          answered_at)
        values ('R1', 'G1', 'signed', null, ${by}, ${T0}, ${T0 + 10}),
          ('R3', 'G3', 'refused', '未还款', ${by}, ${T0}, ${T0 + 5})`.execute(db);

      await migrateTo('045-pledge-paid');

      const rows = await db
        .selectFrom('bill_pledges')
        .select(['application_id', 'paid_at'])
        .orderBy('application_id')
        .execute();
      expect(
        rows.map((row) => [row.application_id, row.paid_at === null ? null : Number(row.paid_at)]),
      ).toEqual([
        ['G1', null],
        ['G2', T0 + 20],
        ['G3', null],
      ]);
    });
  });
});
