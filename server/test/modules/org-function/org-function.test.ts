import type { ChannelFunc, OrgFunction } from '@contract/shell';
import { ORG_FUNCTIONS } from '@contract/shell';
import { DEMO_ORGS } from '../../../src/db/seed';
import { authed, signIn, startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
let owner: string;
let staff: string;
let hangzhouOwner: string;
beforeAll(async () => {
  t = await startApp();
  owner = (await signIn(t.app, '13800000001')).access_token;
  staff = (await signIn(t.app, '13800000002')).access_token;
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
const open = (accessToken: string, funcCode: string) =>
  authed(t.app, 'POST', '/api/scbill/org-acct/open-func', accessToken, { funcCode });

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

describe('POST /api/scbill/org-acct/open-func', () => {
  it('opens a function for the owner’s organisation, idempotently', async () => {
    expect((await functions(owner)).find((f) => f.funcCode === 'PLEDGE_FIN')?.opened).toBe(false);
    const first = await open(owner, 'PLEDGE_FIN');
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ code: 200, data: { funcCode: 'PLEDGE_FIN', opened: true } });
    const openedAt = (await functions(owner)).find((f) => f.funcCode === 'PLEDGE_FIN')?.openedAt;
    expect(openedAt).toBe(new Date(t.clock.now()).toISOString());

    t.clock.advance(60_000);
    expect((await open(owner, 'PLEDGE_FIN')).statusCode).toBe(200);
    expect((await functions(owner)).find((f) => f.funcCode === 'PLEDGE_FIN')?.openedAt).toBe(openedAt);
    // Hangzhou's functions are untouched.
    expect((await functions(hangzhouOwner)).find((f) => f.funcCode === 'PLEDGE_FIN')?.opened).toBe(false);
  });

  it('answers 403 to a member who is not the owner, and opens nothing', async () => {
    const response = await open(staff, 'ORDER_FIN');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ code: 'FORBIDDEN', msg: '仅企业管理员可执行此操作' });
    expect((await functions(staff)).find((f) => f.funcCode === 'ORDER_FIN')?.opened).toBe(false);
  });

  it('answers 400 to an unknown function code', async () => {
    const response = await open(owner, 'DROP_TABLE');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', msg: '不支持的功能' });
    expect((await authed(t.app, 'POST', '/api/scbill/org-acct/open-func', owner, {})).statusCode).toBe(400);
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
