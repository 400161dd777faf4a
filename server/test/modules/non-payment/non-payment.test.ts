import { listenAs, startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('POST /api/sandbox/non-payment', () => {
  it('pushes NON_PAYMENT {show} to the account’s open tabs', async () => {
    const user = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', '13800000001')
      .executeTakeFirstOrThrow();
    const tab = listenAs(t.app, user.id);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/non-payment',
      payload: { mobile: '13800000001', show: true },
    });
    expect(response.json()).toMatchObject({ code: 200, data: { sent: 1 } });
    expect(await tab.first(1)).toEqual([{ type: 'NON_PAYMENT', payload: { show: true } }]);
    tab.remove();
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/non-payment',
      payload: { mobile: '13900000000', show: false },
    });
    expect(unknown.statusCode).toBe(404);
  });
});
