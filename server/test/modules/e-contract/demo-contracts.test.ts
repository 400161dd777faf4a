import { DEMO_ORGS } from '../../../src/db/seed';
import { DEMO_CONTRACT_FEES_FEN, seedDemoContracts } from '../../../src/modules/e-contract/demo-contracts';
import { PLATFORM_CREDIT_CODE } from '../../../src/modules/e-contract/routes';
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
  it('drafts the demo company its agreements once, with their PDFs, and leaves them alone on a restart', async () => {
    expect(await seed()).toBe(DEMO_CONTRACT_FEES_FEN.length);
    expect(await seed()).toBe(0);
    const rows = await t.app.db
      .selectFrom('contracts')
      .select(['org_id', 'status', 'amount_fen', 'file_key'])
      .orderBy('created_at')
      .execute();
    expect(rows.map((r) => [r.org_id, r.status, Number(r.amount_fen)])).toEqual(
      DEMO_CONTRACT_FEES_FEN.map((fen) => [DEMO_ORGS.shanghai.id, 'draft', fen]),
    );
    for (const row of rows)
      expect((await t.app.adapters.files.get(row.file_key))?.size).toBeGreaterThan(1000);
  });
});
