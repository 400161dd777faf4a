import type { ChannelFunc, OrgFunction } from '@contract/shell-schemas';
import { ORG_FUNCTIONS } from '@contract/shell';
import { DEMO_ORGS } from '../../../src/db/seed';
import { authed, signIn, startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
let owner: string;
let hangzhouOwner: string;
beforeAll(async () => {
  t = await startApp();
  owner = (await signIn(t.app, '13800000001')).access_token;
  hangzhouOwner = (await signIn(t.app, '13800000003')).access_token;
});
afterAll(async () => {
  await t.app.close();
});

const functions = async (accessToken: string, query = '') => {
  const response = await authed(t.app, 'GET', `/api/scbill/org-acct-function-endpoint${query}`, accessToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: OrgFunction[] }>().data;
};

describe('GET /api/scbill/org-acct-function-endpoint', () => {
  it('lists the catalogue with the current organisation’s opened functions', async () => {
    const list = await functions(owner);
    expect(list.map((f) => f.funcCode)).toEqual(ORG_FUNCTIONS.map((f) => f.funcCode));
    const opened = await t.app.db
      .selectFrom('org_function_openings')
      .select('func_code')
      .where('org_id', '=', DEMO_ORGS.shanghai.id)
      .execute();
    expect(
      list
        .filter((f) => f.opened)
        .map((f) => f.funcCode)
        .sort(),
    ).toEqual(opened.map((r) => r.func_code).sort());
    for (const f of list) {
      expect(f.funcName).toMatch(/^[\u4e00-\u9fa5]+$/);
      if (f.opened) expect(f.openedAt).toMatch(/^\d{4}-\d\d-\d\dT/);
      else expect(f.openedAt).toBeUndefined();
    }
  });

  it('filters by funcType and refuses unknown types', async () => {
    const finance = await functions(owner, '?funcType=FINANCE');
    expect(finance.map((f) => f.funcCode)).toEqual(['PLEDGE_FIN', 'EASE_DISCOUNT', 'ORDER_FIN']);
    const bad = await authed(t.app, 'GET', '/api/scbill/org-acct-function-endpoint?funcType=X', owner);
    expect(bad.statusCode).toBe(400);
  });
});

describe('GET /api/permission/binding/channel/func', () => {
  it('answers what a channel offers, defaulting to the organisation’s default channel', async () => {
    const offered = async (accessToken: string, query = '') => {
      const response = await authed(
        t.app,
        'GET',
        `/api/permission/binding/channel/func${query}`,
        accessToken,
      );
      expect(response.statusCode, response.body).toBe(200);
      return response.json<{ data: ChannelFunc[] }>().data.map((f) => f.funcCode);
    };
    expect(await offered(owner, '?channelId=CH0001')).toEqual(ORG_FUNCTIONS.map((f) => f.funcCode));
    const direct = await offered(owner, '?channelId=CH0002');
    expect(direct).toContain('BILL_ISSUE');
    expect(direct).not.toContain('PLEDGE_FIN');
    // Shanghai's default is CH0001, Hangzhou's CH0002.
    expect(await offered(owner)).toEqual(ORG_FUNCTIONS.map((f) => f.funcCode));
    expect(await offered(hangzhouOwner)).toEqual(direct);
  });

  it('answers 404 for a channel that does not exist', async () => {
    const response = await authed(t.app, 'GET', '/api/permission/binding/channel/func?channelId=NOPE', owner);
    expect(response.statusCode).toBe(404);
  });
});
