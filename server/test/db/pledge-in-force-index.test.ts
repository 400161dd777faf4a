import { sql } from 'kysely';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { startApp, T0, type TestApp } from '../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

const holder = DEMO_ORGS.suzhou.id;
const pledgee = DEMO_ORGS.ningbo.id;

async function pledge(id: string, pledgedAt: number | null, releasedAt: number | null): Promise<void> {
  const by = DEMO_ACCOUNTS[0]!.id;
  await sql`insert into bill_applications (id, package_id, kind, applicant_org_id, applicant_user_id,
      receiver_org_id, holding_id, sub_start, sub_end, amount_fen, status, reason, remark, answered_by,
      applied_at, answered_at)
    values (${id}, 'PIF', 'pledge', ${holder}, ${by}, ${pledgee}, 'HIF', 1, 300, 300, 'signed', null, '', null,
      ${T0}, ${T0})`.execute(t.app.db);
  await sql`insert into bill_pledges (application_id, package_id, pledgor_org_id, pledgee_org_id, holding_id,
      pledged_at, released_at, created_at)
    values (${id}, 'PIF', ${holder}, ${pledgee}, 'HIF', ${pledgedAt}, ${releasedAt}, ${T0})`.execute(
    t.app.db,
  );
}

/**
 * Migration 054: a holding bears at most one pledge in force (signed, not released). The held list joins the
 * pledge in force to name the pledgee, one row a holding, which this index guarantees.
 */
it('refuses a second pledge in force on one holding, and keeps released and unsigned ones beside it', async () => {
  const acceptor = DEMO_ORGS.shanghai.id;
  const by = DEMO_ACCOUNTS[0]!.id;
  await sql`insert into bill_packages (id, package_no, drawer_org_id, drawer_name, acceptor_org_id,
      acceptor_name, payee_org_id, payee_name, drawer_branch_no, amount_fen, issue_date, due_date,
      no_transfer, splittable, remark, created_by, created_at)
    values ('PIF', '700000000000000000000000000054', ${acceptor}, '甲', ${acceptor}, '甲', ${holder}, '乙',
      '310290000021', 300, '2026-03-01', '2026-09-01', 0, 1, '', ${by}, ${T0})`.execute(t.app.db);
  await sql`insert into bill_holdings (id, package_id, org_id, sub_start, sub_end, amount_fen, bill_status,
      circ_status, acquired_at, ended_at)
    values ('HIF', 'PIF', ${holder}, 1, 300, 300, 'CS03', 'TF0304', ${T0}, null)`.execute(t.app.db);

  await pledge('G-released', T0, T0 + 10);
  await pledge('G-in-force', T0 + 20, null);
  await pledge('G-unsigned', null, null);
  await expect(pledge('G-second', T0 + 30, null)).rejects.toThrow(/unique/i);

  const inForce = await t.app.db
    .selectFrom('bill_pledges')
    .select('application_id')
    .where('holding_id', '=', 'HIF')
    .where('pledged_at', 'is not', null)
    .where('released_at', 'is', null)
    .execute();
  expect(inForce).toEqual([{ application_id: 'G-in-force' }]);
});
