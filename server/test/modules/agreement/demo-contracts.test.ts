import { DEMO_AGREEMENTS, DEMO_ORGS } from '../../../src/db/seed';
import { AGREEMENT_FEE_FEN } from '../../../src/modules/agreement/contracts';
import { seedDemoContracts } from '../../../src/modules/agreement/demo-contracts';
import { PLATFORM_CREDIT_CODE } from '../../../src/modules/e-contract/service';
import { startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

const seed = () =>
  seedDemoContracts(
    { db: t.app.db, files: t.app.adapters.files, now: t.app.now() },
    { name: t.app.config.platformName, creditCode: PLATFORM_CREDIT_CODE },
  );

describe('the demo contracts', () => {
  it('drafts the contracts of the demo company’s signed agreements once, with their PDFs, and leaves them alone on a restart', async () => {
    expect(await seed()).toBe(DEMO_AGREEMENTS.length);
    expect(await seed()).toBe(0);
    const rows = await t.app.db
      .selectFrom('contracts')
      .select(['org_id', 'status', 'amount_fen', 'file_key', 'biz_type', 'biz_id'])
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => [r.org_id, r.status, r.biz_type, r.biz_id, Number(r.amount_fen)])).toEqual(
      DEMO_AGREEMENTS.map((a) => [
        DEMO_ORGS.shanghai.id,
        'draft',
        'org-agreement',
        a.id,
        AGREEMENT_FEE_FEN[a.code],
      ]),
    );
    for (const row of rows)
      expect((await t.app.adapters.files.get(row.file_key))?.size).toBeGreaterThan(1000);
  });
});
