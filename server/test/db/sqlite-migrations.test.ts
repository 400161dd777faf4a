import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql, type Kysely } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createDatabase, migrate } from '../../src/db/database';

const tablesOf = async (db: Kysely<unknown>) =>
  (
    await sql<{
      name: string;
    }>`select name from sqlite_master where type = 'table' and name like 'probe_%'`.execute(db)
  ).rows.map((row) => row.name);

describe('SQLite migrations', () => {
  it('run the pending migrations in one transaction: a failing one leaves none of them applied', async () => {
    const db = (await createDatabase({ dataDir: '', inMemory: true })) as unknown as Kysely<unknown>;
    try {
      const migrator = new Migrator({
        db,
        provider: {
          getMigrations: async () => ({
            '001-probe': {
              up: async (trx: Kysely<unknown>) => {
                await trx.schema.createTable('probe_one').addColumn('id', 'text').execute();
              },
            },
            '002-broken': {
              up: async (trx: Kysely<unknown>) => {
                await trx.schema.createTable('probe_two').addColumn('id', 'text').execute();
                await sql`select * from no_such_table`.execute(trx);
              },
            },
          }),
        },
      });
      const { error } = await migrator.migrateToLatest();
      expect(error).toBeDefined();
      expect(await tablesOf(db)).toEqual([]);
    } finally {
      await db.destroy();
    }
  });

  it('bring a new file up to date and leave an up-to-date one as it is', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-migrate-'));
    try {
      for (let start = 0; start < 2; start++) {
        const db = await createDatabase({ dataDir });
        await migrate(db);
        const { rows } = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(db);
        expect(rows[0]!.n).toBeGreaterThanOrEqual(7);
        await db.destroy();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
