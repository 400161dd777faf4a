import { Migrator, type Kysely } from 'kysely';
import { createDatabase, type Db } from '../../src/db/database';
import { migrations } from '../../src/db/migrations';
import { ensurePermissionCatalogue, seedDemoData } from '../../src/db/seed';
import { T0 } from './helpers';

/**
 * A migration's test: a fresh in-memory SQLite database migrated up to `before`, the demo seeded as it was
 * then, handed to `test` with the step onward (to the migration named, else to the latest); destroyed after.
 */
export async function atMigration(
  before: string,
  test: (db: Db, migrateTo: (name?: string) => Promise<void>) => Promise<void>,
): Promise<void> {
  const db = await createDatabase({ dataDir: '', inMemory: true });
  try {
    const migrator = new Migrator({
      db: db as unknown as Kysely<unknown>,
      provider: { getMigrations: async () => migrations },
    });
    expect((await migrator.migrateTo(before)).error).toBeUndefined();
    await ensurePermissionCatalogue(db);
    await seedDemoData(db, T0);
    await test(db, async (name) => {
      const { error } = name ? await migrator.migrateTo(name) : await migrator.migrateToLatest();
      expect(error).toBeUndefined();
    });
  } finally {
    await db.destroy();
  }
}
