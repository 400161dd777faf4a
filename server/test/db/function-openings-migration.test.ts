import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { T0 } from '../support/helpers';
import { atMigration } from '../support/migration-helpers';

describe('migration 022: one record of what an organisation may do', () => {
  it('drops openings of functions never built and opens electronic signing exactly where the e-sign account is', async () => {
    await atMigration('021-institutions', async (db, migrateTo) => {
      const owner = DEMO_ACCOUNTS[0]!.id;
      const opening = (org: string, func_code: string) => ({
        org_id: org,
        func_code,
        opened_at: T0,
        opened_by: owner,
      });
      await db
        .insertInto('org_function_openings')
        .values([
          opening(DEMO_ORGS.shanghai.id, 'BILL_ISSUE'),
          opening(DEMO_ORGS.shanghai.id, 'BILL_DISCOUNT'),
          opening(DEMO_ORGS.shanghai.id, 'E_SIGN'),
          opening(DEMO_ORGS.suzhou.id, 'PLEDGE_FIN'),
        ])
        .execute();
      await db
        .insertInto('esign_accounts')
        .values({
          org_id: DEMO_ORGS.suzhou.id,
          provider_account_id: 'acct-1',
          opened_by: owner,
          opened_at: T0 + 5,
        })
        .execute();

      await migrateTo();

      const rows = await db
        .selectFrom('org_function_openings')
        .select(['org_id', 'func_code', 'opened_at'])
        .orderBy('org_id')
        .orderBy('func_code')
        .execute();
      expect(rows.map((r) => [r.org_id, r.func_code, Number(r.opened_at)])).toEqual([
        [DEMO_ORGS.shanghai.id, 'BILL_ISSUE', T0],
        [DEMO_ORGS.suzhou.id, 'E_SIGN', T0 + 5],
      ]);
    });
  });
});
