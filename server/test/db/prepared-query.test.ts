import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { preparedQuery } from '../../src/db/prepared-query';
import { DEMO_ACCOUNTS } from '../../src/db/seed';
import { startApp, type TestApp } from '../support/helpers';

let a: TestApp;
let b: TestApp;

beforeAll(async () => {
  [a, b] = await Promise.all([startApp(), startApp()]);
});

afterAll(async () => {
  await Promise.all([a.app.close(), b.app.close()]);
});

const usersByMobile = preparedQuery((db, values: { mobile: string; status: string }) =>
  db
    .selectFrom('users')
    .select(['id', 'mobile', 'status'])
    .where('mobile', '=', values.mobile)
    .where('status', '=', values.status)
    // A constant of the query itself stays as it was compiled.
    .where('mobile', '!=', '00000000000'),
);

describe('a prepared query', () => {
  it('answers as the same query built anew, for each new set of values', async () => {
    for (const { mobile } of DEMO_ACCOUNTS) {
      const built = await a.app.db
        .selectFrom('users')
        .select(['id', 'mobile', 'status'])
        .where('mobile', '=', mobile)
        .where('status', '=', 'active')
        .execute();
      expect(built).toHaveLength(1);
      expect(await usersByMobile(a.app.db, { mobile, status: 'active' })).toEqual(built);
    }
    expect(await usersByMobile(a.app.db, { mobile: DEMO_ACCOUNTS[0]!.mobile, status: 'gone' })).toEqual([]);
    expect(await usersByMobile(a.app.db, { mobile: '00000000000', status: 'active' })).toEqual([]);
  });

  it('is compiled for each database on its own', async () => {
    const mobile = DEMO_ACCOUNTS[0]!.mobile;
    const [inA] = await usersByMobile(a.app.db, { mobile, status: 'active' });
    await b.app.db.updateTable('users').set({ status: 'disabled' }).where('mobile', '=', mobile).execute();
    expect(await usersByMobile(b.app.db, { mobile, status: 'active' })).toEqual([]);
    expect(await usersByMobile(a.app.db, { mobile, status: 'active' })).toEqual([inA]);
  });

  it('refuses a value that is not a bound parameter', async () => {
    const inLogic = preparedQuery((db, values: { mobile: string }) => {
      const query = db.selectFrom('users').select('id');
      return values.mobile ? query.where('mobile', '=', '13800000001') : query;
    });
    await expect(inLogic(a.app.db, { mobile: 'x' })).rejects.toThrow(/bound parameters/);
  });
});
