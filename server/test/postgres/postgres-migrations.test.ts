import { sql, type Kysely } from 'kysely';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { createDatabase, migrate, type Db } from '../../src/db/database';
import { migrations } from '../../src/db/migrations/index';
import { DEMO_ACCOUNTS, ensurePermissionCatalogue, seedDemoData } from '../../src/db/seed';
import { purgeExpiredCaptchaState } from '../../src/modules/captcha/service';
import { T0 } from '../support/helpers';
import { freshPostgresDb } from '../support/postgres-test-db';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

const opened: Db[] = [];
async function postgres(): Promise<Db> {
  const { db } = await freshPostgresDb(serverUrl);
  opened.push(db);
  return db;
}
async function sqlite(): Promise<Db> {
  const db = await createDatabase({ dataDir: '', inMemory: true });
  opened.push(db);
  return db;
}
afterEach(async () => {
  await Promise.all(opened.splice(0).map((db) => db.destroy()));
});

const currentSchema = async (db: Db) =>
  (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema;

/**
 * Table -> its column names, of the database's own schema, without Kysely's bookkeeping. (Not nullability:
 * SQLite lets a text primary key hold null unless it says NOT NULL, PostgreSQL never does.)
 */
async function shapeOf(db: Db, schema?: string): Promise<Record<string, string[]>> {
  const tables = await db.introspection.getTables();
  const own = tables.filter(
    (t) => (schema === undefined || t.schema === schema) && !t.name.startsWith('kysely_'),
  );
  return Object.fromEntries(own.map((t) => [t.name, t.columns.map((c) => c.name).sort()]));
}

/** Every row of every table, as comparable text: random ids and hashes left out, values typed as read. */
async function contentOf(db: Db, schema?: string): Promise<Record<string, string[]>> {
  const random = /(^id$|_id$|_hash$|^code_hmac$)/;
  const content: Record<string, string[]> = {};
  for (const table of Object.keys(await shapeOf(db, schema))) {
    const rows = await (db as unknown as Kysely<Record<string, Record<string, unknown>>>)
      .selectFrom(table)
      .selectAll()
      .execute();
    content[table] = rows
      .map((row) => JSON.stringify(Object.entries(row).filter(([column]) => !random.test(column))))
      .sort();
  }
  return content;
}

describe('PostgreSQL: migrations and seed', () => {
  it('creates every table and column from an empty schema, as SQLite does', async () => {
    const [pg, lite] = [await postgres(), await sqlite()];
    await migrate(pg);
    await migrate(lite);
    const pgShape = await shapeOf(pg, await currentSchema(pg));
    expect(Object.keys(pgShape).length).toBeGreaterThan(20);
    expect(pgShape).toEqual(await shapeOf(lite));
  });

  it('migrates its own schema though another schema of the database already has the tables; again is a no-op', async () => {
    const [first, second] = [await postgres(), await postgres()];
    await migrate(first);
    await migrate(second);
    await migrate(second);
    const applied = await sql<{ n: number }>`select count(*) as n from kysely_migration`.execute(second);
    expect(applied.rows[0]?.n).toBe(Object.keys(migrations).length);
    expect(Object.keys(await shapeOf(second, await currentSchema(second)))).toContain('users');
  });

  it('seeds the same demo data as SQLite, bigint columns read back as numbers', async () => {
    const [pg, lite] = [await postgres(), await sqlite()];
    for (const db of [pg, lite]) {
      await migrate(db);
      await ensurePermissionCatalogue(db);
      expect(await seedDemoData(db, T0)).toBe(true);
      expect(await seedDemoData(db, T0)).toBe(false);
    }
    const user = await pg.selectFrom('users').selectAll().executeTakeFirstOrThrow();
    expect(user.created_at).toBe(T0);
    const counted = await pg
      .selectFrom('bill_operations')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    expect(typeof counted.n).toBe('number');
    expect(await contentOf(pg, await currentSchema(pg))).toEqual(await contentOf(lite));
  });

  it('compares rate counter keys in byte order, whatever the database collation', async () => {
    const db = await postgres();
    await migrate(db);
    const column = await sql<{ collation: string | null }>`
      select collation_name as collation from information_schema.columns
      where table_schema = current_schema() and table_name = 'rate_counters' and column_name = 'key'`.execute(
      db,
    );
    expect(column.rows[0]?.collation).toBe('C');
    await db
      .insertInto('rate_counters')
      .values([
        { key: 'captcha:ip:10.0.0.1', window_start: 0, count: 3 },
        { key: 'other:ip:10.0.0.1', window_start: 0, count: 3 },
      ])
      .execute();
    await purgeExpiredCaptchaState(db, T0);
    expect(await db.selectFrom('rate_counters').select('key').execute()).toEqual([
      { key: 'other:ip:10.0.0.1' },
    ]);
  });

  it('starts two nodes at once on an empty database: both come up, the demo data is seeded once', async () => {
    const { url, db } = await freshPostgresDb(serverUrl);
    opened.push(db);
    const config = testConfig({ databaseUrl: url, logLevel: 'silent' });
    const nodes = await Promise.all([
      buildApp(config, { now: () => T0 }),
      buildApp(config, { now: () => T0 }),
    ]);
    try {
      expect(await db.selectFrom('users').select('id').execute()).toHaveLength(DEMO_ACCOUNTS.length);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
    }
  });
});
