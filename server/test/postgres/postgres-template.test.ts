import pg from 'pg';
import { inject } from 'vitest';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { T0 } from '../support/helpers';
import { createTestSchema } from '../support/postgres-test-db';
import { migratedPostgresCopy, seededPostgresCopy } from '../support/postgres-template';

/**
 * The seeded template databases the PostgreSQL tests start their apps on (support/postgres-template.ts): a
 * copy holds what migrating and seeding an empty database leaves, and each copy is a database of its own.
 */

const serverUrl = inject('postgresUrl');

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
/** Values made at random on every migration and seed: a password's salt, a QR code, when a migration ran. */
const RANDOM_COLUMNS: Record<string, string[]> = {
  users: ['password_hash'],
  licence_qr_sessions: ['id'],
  kysely_migration: ['timestamp'],
};

/** Everything in the current schema of the database at `url`: its tables, columns, indexes, constraints, rows. */
async function contents(url: string): Promise<Record<string, string[]>> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const lines = async (query: string) =>
      (await client.query(query)).rows.map((row) => JSON.stringify(Object.values(row))).sort();
    const found: Record<string, string[]> = {
      columns: await lines(`
        select table_name, column_name, ordinal_position, data_type, column_default, is_nullable
        from information_schema.columns where table_schema = current_schema()`),
      indexes: await lines(`
        select tablename, indexname, regexp_replace(indexdef, ' ON \\S+\\.', ' ON ')
        from pg_indexes where schemaname = current_schema()`),
      constraints: await lines(`
        select conrelid::regclass::text, conname, pg_get_constraintdef(oid)
        from pg_constraint where connamespace = current_schema()::regnamespace`),
    };
    const tables = await client.query<{ name: string }>(
      'select tablename as name from pg_tables where schemaname = current_schema()',
    );
    for (const { name } of tables.rows) {
      const { rows } = await client.query<Record<string, unknown>>(`select * from "${name}"`);
      // Ids are random UUIDs: rows are compared with every id in them (columns, links, texts) masked.
      found[`rows of ${name}`] = rows
        .map((row) => {
          for (const column of RANDOM_COLUMNS[name] ?? []) row[column] = typeof row[column];
          return JSON.stringify(row).replace(UUID, '<id>');
        })
        .sort();
    }
    return found;
  } finally {
    await client.end();
  }
}

async function startAndClose(databaseUrl: string): Promise<void> {
  const app = await buildApp(testConfig({ databaseUrl }), { now: () => T0 });
  await app.close();
}

describe('PostgreSQL: seeded template databases', () => {
  it('gives an app the tables and rows a migration and seed of an empty database leave', async () => {
    const fresh = (await createTestSchema(serverUrl)).url;
    const copy = await seededPostgresCopy(serverUrl, testConfig(), T0);
    expect(copy).not.toBeNull();
    await startAndClose(fresh);
    await startAndClose(copy!);
    const [expected, found] = [await contents(fresh), await contents(copy!)];
    expect(Object.keys(found).sort()).toEqual(Object.keys(expected).sort());
    expect(expected['rows of users']!.length).toBeGreaterThan(0);
    for (const part of Object.keys(expected)) expect(found[part], part).toEqual(expected[part]);
  }, 180_000);

  it('gives every app a database of its own', async () => {
    const [one, other] = [
      await seededPostgresCopy(serverUrl, testConfig(), T0),
      await migratedPostgresCopy(serverUrl),
    ];
    const third = await seededPostgresCopy(serverUrl, testConfig(), T0);
    expect(new Set([one, other, third]).size).toBe(3);
    const client = new pg.Client({ connectionString: one! });
    await client.connect();
    await client.query('delete from plat_message_reads');
    await client.query('delete from plat_messages');
    await client.end();
    const count = async (url: string, table: string) => {
      const reader = new pg.Client({ connectionString: url });
      await reader.connect();
      try {
        return Number((await reader.query(`select count(*) as n from ${table}`)).rows[0].n);
      } finally {
        await reader.end();
      }
    };
    expect(await count(one!, 'plat_messages')).toBe(0);
    expect(await count(third!, 'plat_messages')).toBeGreaterThan(0);
    // The migrated one has every table and no demo.
    expect(await count(other!, 'plat_messages')).toBe(0);
    expect(await count(other!, 'kysely_migration')).toBe(await count(third!, 'kysely_migration'));
  }, 180_000);

  it('is not used with TEST_POSTGRES_TEMPLATE=off', async () => {
    vi.stubEnv('TEST_POSTGRES_TEMPLATE', 'off');
    try {
      expect(await seededPostgresCopy(serverUrl, testConfig(), T0)).toBeNull();
      expect(await migratedPostgresCopy(serverUrl)).toBeNull();
    } finally {
      vi.unstubAllEnvs();
    }
  });
});
