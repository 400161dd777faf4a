import { sql } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { T0 } from '../support/helpers';
import { atMigration } from '../support/migration-helpers';

describe('migration 042: an application without an applicant member (SQLite rebuilds the table)', () => {
  it('keeps every application and every row referring to one, its indexes, and takes a null applicant', async () => {
    await atMigration('041-packages-by-acceptor', async (db, migrateTo) => {
      const acceptor = DEMO_ORGS.shanghai.id;
      const holder = DEMO_ORGS.suzhou.id;
      const by = DEMO_ACCOUNTS[0]!.id;
      for (const statement of [
        sql`insert into bill_packages (id, package_no, drawer_org_id, drawer_name, acceptor_org_id, acceptor_name,
            payee_org_id, payee_name, drawer_branch_no, amount_fen, issue_date, due_date, no_transfer, splittable,
            remark, created_by, created_at)
          values ('P1', '700000000000000000000000000001', ${acceptor}, '甲', ${acceptor}, '甲', ${holder}, '乙',
            '310290000021', 100, '2026-03-01', '2026-09-01', 0, 1, '', ${by}, ${T0})`,
        sql`insert into bill_holdings (id, package_id, org_id, sub_start, sub_end, amount_fen, bill_status,
            circ_status, acquired_at, ended_at)
          values ('H1', 'P1', ${holder}, 1, 100, 100, 'CS03', 'TF0302', ${T0}, null)`,
        sql`insert into bill_applications (id, package_id, kind, applicant_org_id, applicant_user_id,
            receiver_org_id, holding_id, sub_start, sub_end, amount_fen, status, reason, remark, answered_by,
            applied_at, answered_at)
          values ('A1', 'P1', 'payment', ${holder}, ${by}, ${acceptor}, 'H1', 1, 100, 100, 'pending', null, '',
            null, ${T0}, null)`,
        sql`insert into bill_events (id, package_id, application_id, type, kind, from_org_id, to_org_id,
            sub_start, sub_end, amount_fen, reason, user_id, at, seq)
          values ('E1', 'P1', 'A1', 'applied', 'payment', ${holder}, ${acceptor}, 1, 100, 100, null, ${by},
            ${T0}, 1)`,
        sql`insert into payment_applications (application_id, presenter_org_id, acceptor_org_id, presented_by,
            presented_on, overdue, answer_due, created_at)
          values ('A1', ${holder}, ${acceptor}, 'holder', '2026-09-01', 0, '2026-09-04', ${T0})`,
      ]) {
        await statement.execute(db);
      }
      const applications = () => db.selectFrom('bill_applications').selectAll().orderBy('id').execute();
      const before = await applications();
      expect(before.length).toBeGreaterThan(0);
      const referring = async () =>
        (
          await db
            .selectFrom('bill_events')
            .select('id')
            .where('application_id', 'is not', null)
            .orderBy('id')
            .execute()
        ).map((row) => row.id);
      const eventsBefore = await referring();
      expect(eventsBefore.length).toBeGreaterThan(0);

      await migrateTo();

      expect(await applications()).toEqual(before);
      expect(await referring()).toEqual(eventsBefore);
      expect((await sql`pragma foreign_key_check`.execute(db)).rows).toEqual([]);
      const indexes = (
        await sql<{ name: string }>`select name from sqlite_master
          where type = 'index' and tbl_name = 'bill_applications' and name not like 'sqlite_%'
          order by name`.execute(db)
      ).rows.map((row) => row.name);
      expect(indexes).toEqual([
        'bill_applications_applicant',
        'bill_applications_one_pending',
        'bill_applications_package',
        'bill_applications_receiver',
      ]);
      const temporary =
        await sql`select name from sqlite_master where name like '%_rebuild' or name like '%_copy'`.execute(
          db,
        );
      expect(temporary.rows).toEqual([]);

      const model = before[0]!;
      await db
        .insertInto('bill_applications')
        .values({ ...model, id: 'institution-applies', applicant_user_id: null, status: 'refused' })
        .execute();
      const taken = await db
        .selectFrom('bill_applications')
        .select('applicant_user_id')
        .where('id', '=', 'institution-applies')
        .executeTakeFirstOrThrow();
      expect(taken.applicant_user_id).toBeNull();
    });
  });
});
