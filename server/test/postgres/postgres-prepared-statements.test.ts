import { sql } from 'kysely';
import { inject } from 'vitest';
import { preparedQuery, statementNameOf } from '../../src/db/prepared-query';
import { DEMO_ACCOUNTS } from '../../src/db/seed';
import { startPostgresApp, type TestApp } from '../support/helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
beforeAll(async () => {
  t = await startPostgresApp(serverUrl);
});
afterAll(async () => {
  await t.app.close();
});

const userByMobile = preparedQuery((db, values: { mobile: string }) =>
  db.selectFrom('users').select(['id', 'mobile']).where('mobile', '=', values.mobile),
);

describe('PostgreSQL: prepared queries', () => {
  it('are prepared once per connection under their name, and answer each set of values', async () => {
    await t.app.db.connection().execute(async (connection) => {
      for (const { mobile } of DEMO_ACCOUNTS) {
        expect(await userByMobile(connection, { mobile })).toEqual([{ id: expect.any(String), mobile }]);
      }
      const { rows } = await sql<{ name: string; statement: string }>`
        select name, statement from pg_prepared_statements`.execute(connection);
      const ours = rows.filter((row) => row.statement.includes('"mobile" = $1'));
      expect(ours).toHaveLength(1);
      expect(statementNameOf(ours[0]!.statement)).toBe(ours[0]!.name);
    });
  });

  it('leave every other query unnamed', async () => {
    await t.app.db.connection().execute(async (connection) => {
      await connection.selectFrom('users').select('id').where('name', '=', 'nobody').execute();
      const { rows } = await sql<{ statement: string }>`
        select statement from pg_prepared_statements`.execute(connection);
      expect(rows.some((row) => row.statement.includes('"name" = $1'))).toBe(false);
    });
  });
});
