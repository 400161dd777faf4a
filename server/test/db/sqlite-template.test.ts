import { sql } from 'kysely';
import type { Db } from '../../src/db/database';
import { ON_SQLITE, startApp, type TestApp } from '../support/helpers';

/**
 * The seeded images the SQLite test apps start from (support/sqlite-template.ts): an app built on a copy holds
 * what migrating and seeding an empty database leaves, and each copy is a database of its own.
 */

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** Values made at random on every migration and seed: a password's salt, a QR code, when a migration ran. */
const RANDOM_COLUMNS: Record<string, string[]> = {
  users: ['password_hash'],
  licence_qr_sessions: ['id'],
  kysely_migration: ['timestamp'],
};

const rowsOf = async (db: Db, query: string) =>
  (await sql.raw<Record<string, unknown>>(query).execute(db)).rows;

/** Everything in the database: its tables, indexes and triggers as declared, and every table's rows. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  const schema = await rowsOf(
    db,
    `select type, name, tbl_name, sql from sqlite_master where name not like 'sqlite_%'`,
  );
  const found: Record<string, string[]> = { schema: schema.map((row) => JSON.stringify(row)).sort() };
  for (const { name } of schema.filter((row) => row.type === 'table') as Array<{ name: string }>) {
    // Ids are random UUIDs: rows are compared with every id in them (columns, links, texts) masked.
    found[`rows of ${name}`] = (await rowsOf(db, `select * from "${name}"`))
      .map((row) => {
        for (const column of RANDOM_COLUMNS[name] ?? []) row[column] = typeof row[column];
        return JSON.stringify(row, (_, value: unknown) =>
          Buffer.isBuffer(value) ? value.toString('base64') : value,
        ).replace(UUID, '<id>');
      })
      .sort();
  }
  return found;
}

/** The demo users' salted password digests: random on every seed, the same in every copy of one image. */
const digests = async (t: TestApp) =>
  (await t.app.db.selectFrom('users').select('password_hash').orderBy('mobile').execute()).map(
    (row) => row.password_hash,
  );

describe('SQLite: seeded test images', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const t of apps) await t.app.close();
  });
  const started = async () => {
    const t = await startApp(ON_SQLITE);
    apps.push(t);
    return t;
  };

  it('gives an app the tables and rows a migration and seed of an empty database leave', async () => {
    // The first app of this configuration is built (or copied from the run's image), the second copied.
    const first = await started();
    const copy = await started();
    vi.stubEnv('TEST_SQLITE_TEMPLATE', 'off');
    let fresh: TestApp;
    try {
      fresh = await started();
    } finally {
      vi.unstubAllEnvs();
    }
    // A copy carries the image's random salts; a database migrated and seeded afresh has salts of its own.
    expect(await digests(copy)).toEqual(await digests(first));
    expect(await digests(fresh)).not.toEqual(await digests(copy));

    const [expected, found] = [await contents(fresh.app.db), await contents(copy.app.db)];
    expect(Object.keys(found).sort()).toEqual(Object.keys(expected).sort());
    expect(expected['rows of users']!.length).toBeGreaterThan(0);
    for (const part of Object.keys(expected)) expect(found[part], part).toEqual(expected[part]);
  }, 120_000);

  it("builds apps started side by side, the second on the first one's image", async () => {
    // A configuration no other test starts: no image of it yet in this run.
    const side = () => startApp({ ...ON_SQLITE, logLevel: 'warn' });
    const [one, other] = await Promise.all([side(), side()]);
    apps.push(one, other);
    expect(await digests(other)).toEqual(await digests(one));
  }, 120_000);

  it('gives every app a database of its own', async () => {
    const [one, other] = [await started(), await started()];
    await one.app.db.deleteFrom('plat_message_reads').execute();
    await one.app.db.deleteFrom('plat_messages').execute();
    const count = async (t: TestApp) =>
      Number((await rowsOf(t.app.db, 'select count(*) as n from plat_messages'))[0]!.n);
    expect(await count(one)).toBe(0);
    expect(await count(other)).toBeGreaterThan(0);
  }, 120_000);
});
