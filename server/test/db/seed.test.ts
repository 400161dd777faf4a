import { createDatabase, migrate } from '../../src/db/database';
import {
  DEMO_ACCOUNTS,
  DEMO_ORGS,
  DEMO_PASSWORD,
  ensurePermissionCatalogue,
  seedDemoData,
} from '../../src/db/seed';
import { isValidCreditCode } from '../../src/lib/credit-code';
import { verifyPassword } from '../../src/lib/passwords';
import { startApp, signIn } from '../support/helpers';

describe('the demo seed', () => {
  it('seeds only an empty database, and only once', async () => {
    const db = await createDatabase({ dataDir: '', inMemory: true });
    try {
      await migrate(db);
      await ensurePermissionCatalogue(db);
      expect(await seedDemoData(db, 0)).toBe(true);
      expect(await seedDemoData(db, 0)).toBe(false);
      await ensurePermissionCatalogue(db);
      expect(await db.selectFrom('users').select('id').execute()).toHaveLength(DEMO_ACCOUNTS.length);
      const hash = await db
        .selectFrom('users')
        .select('password_hash')
        .where('mobile', '=', '13800000003')
        .executeTakeFirstOrThrow();
      expect(await verifyPassword(DEMO_PASSWORD, hash.password_hash)).toBe(true);
    } finally {
      await db.destroy();
    }
  });

  it('gives the organisations valid unified social credit codes', () => {
    for (const org of Object.values(DEMO_ORGS))
      expect(isValidCreditCode(org.creditCode), org.name).toBe(true);
  });

  it('leaves the database empty of demo data when SEED_DEMO is off', async () => {
    const { app } = await startApp({ seedDemo: false });
    expect(await app.db.selectFrom('users').select('id').execute()).toHaveLength(0);
    expect((await app.db.selectFrom('permissions').select('path').execute()).length).toBeGreaterThan(0);
    await app.close();
  });

  it.each(DEMO_ACCOUNTS.map((a) => [a.mobile, a.name] as const))(
    'lets %s (%s) sign in with Demo@1234',
    async (mobile, name) => {
      const { app } = await startApp();
      expect((await signIn(app, mobile)).account.name).toBe(name);
      await app.close();
    },
  );
});
