import type { Account, CompanyItem, PermissionItem } from '@contract/auth-schemas';
import { PERMISSION_PATH_PREFIX } from '@contract/constants';
import { DEMO_ORGS, PERMISSION_CATALOGUE } from '../../../src/db/seed';
import { authed, refreshGrant, signIn, startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}
const data = async <T>(promise: ReturnType<typeof authed>) => {
  const response = await promise;
  expect(response.statusCode).toBe(200);
  const body = response.json<Envelope<T>>();
  expect(body.code).toBe(200);
  return body.data;
};
const permissionsOf = async (accessToken: string, query = '') =>
  data<{
    content: PermissionItem[];
    totalElements: number;
    totalPages: number;
    size: number;
    number: number;
  }>(authed(t.app, 'GET', `/api/permission/page${query}`, accessToken));

describe('GET /api/user', () => {
  it('answers the account of the signed-in session', async () => {
    const tokens = await signIn(t.app, '13800000002');
    const account = await data<Account>(authed(t.app, 'GET', '/api/user', tokens.access_token));
    expect(account).toEqual(tokens.account);
    expect(account).toMatchObject({ mobile: '13800000002', owner: false, orgId: DEMO_ORGS.shanghai.id });
  });

  it('answers what the organisation is now, after it changed since the sign-in', async () => {
    const tokens = await signIn(t.app, '13800000001');
    await t.app.db
      .updateTable('organizations')
      .set({ name: '改名后的企业' })
      .where('id', '=', DEMO_ORGS.shanghai.id)
      .execute();
    try {
      const account = await data<Account>(authed(t.app, 'GET', '/api/user', tokens.access_token));
      expect(account).toEqual({ ...tokens.account, orgName: '改名后的企业' });
    } finally {
      await t.app.db
        .updateTable('organizations')
        .set({ name: DEMO_ORGS.shanghai.name })
        .where('id', '=', DEMO_ORGS.shanghai.id)
        .execute();
    }
  });
});

describe('GET /api/permission/page', () => {
  it('grants the owner every permission of the catalogue, with the /normal prefix', async () => {
    const page = await permissionsOf((await signIn(t.app, '13800000001')).access_token);
    expect(page.totalElements).toBe(PERMISSION_CATALOGUE.length);
    expect(page.content).toHaveLength(PERMISSION_CATALOGUE.length);
    expect(
      page.content.every((item) => item.granted && item.path.startsWith(`${PERMISSION_PATH_PREFIX}/`)),
    ).toBe(true);
  });

  it('grants staff only their permissions, and lists the rest as not granted', async () => {
    const page = await permissionsOf((await signIn(t.app, '13800000002')).access_token);
    const granted = page.content.filter((item) => item.granted).map((item) => item.path);
    expect(page.content).toHaveLength(PERMISSION_CATALOGUE.length);
    expect(granted).toContain('/normal/chain-bill/issue');
    expect(granted).not.toContain('/normal/chain-bill/staff');
    expect(granted.length).toBeGreaterThan(0);
    expect(granted.length).toBeLessThan(PERMISSION_CATALOGUE.length);
  });

  it('pages when asked', async () => {
    const token = (await signIn(t.app, '13800000001')).access_token;
    const page = await permissionsOf(token, '?page=1&size=4');
    expect(page).toMatchObject({
      size: 4,
      number: 1,
      totalPages: Math.ceil(PERMISSION_CATALOGUE.length / 4),
    });
    expect(page.content.map((item) => item.path)).toEqual(
      PERMISSION_CATALOGUE.slice(4, 8).map((entry) => entry.path),
    );
  });

  it('refuses a bad page query with 400 BAD_REQUEST', async () => {
    const token = (await signIn(t.app, '13800000001')).access_token;
    const response = await authed(t.app, 'GET', '/api/permission/page?size=0', token);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', msg: '请求参数有误' });
  });
});

describe('organisations', () => {
  it('lists the memberships of the user with authorized and bound', async () => {
    const tokens = await signIn(t.app, '13800000004');
    const companies = await data<CompanyItem[]>(
      authed(t.app, 'GET', '/api/account/orgs/list', tokens.access_token),
    );
    expect(companies).toEqual([
      {
        orgId: DEMO_ORGS.shanghai.id,
        orgName: DEMO_ORGS.shanghai.name,
        authorized: true,
        bound: true,
        owner: false,
        current: true,
      },
      {
        orgId: DEMO_ORGS.hangzhou.id,
        orgName: DEMO_ORGS.hangzhou.name,
        authorized: false,
        bound: false,
        owner: false,
        current: false,
      },
    ]);
  });

  it('switches to an organisation of the user: the session, GET /api/user, refresh and the next sign-in follow', async () => {
    const tokens = await signIn(t.app, '13800000004');
    const switched = await data<Account>(
      authed(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.hangzhou.id}`, tokens.access_token),
    );
    expect(switched).toMatchObject({
      orgId: DEMO_ORGS.hangzhou.id,
      orgName: DEMO_ORGS.hangzhou.name,
      authorized: false,
    });
    const user = await data<Account>(authed(t.app, 'GET', '/api/user', tokens.access_token));
    expect(user).toEqual(switched);
    expect((await refreshGrant(t.app, tokens.refresh_token)).json().account.orgId).toBe(
      DEMO_ORGS.hangzhou.id,
    );
    expect((await signIn(t.app, '13800000004')).account.orgId).toBe(DEMO_ORGS.hangzhou.id);
    // Permissions follow the membership of the new organisation: there the member is 查看人员.
    const granted = (await permissionsOf(tokens.access_token)).content.filter((item) => item.granted);
    expect(granted.map((item) => item.path)).toEqual([
      '/normal/chain-bill/dashboard',
      '/normal/chain-bill/export-center',
      '/normal/chain-bill/notice',
    ]);
    await authed(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.shanghai.id}`, tokens.access_token);
  });

  it('refuses to switch to an organisation the user does not belong to, and logs it', async () => {
    const tokens = await signIn(t.app, '13800000003');
    for (const orgId of [DEMO_ORGS.shanghai.id, 'no-such-org']) {
      const response = await authed(t.app, 'POST', `/api/account/switch/${orgId}`, tokens.access_token);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ code: 'NOT_MEMBER', msg: '您不是该企业的成员' });
    }
    const user = await data<Account>(authed(t.app, 'GET', '/api/user', tokens.access_token));
    expect(user.orgId).toBe(DEMO_ORGS.hangzhou.id);
    expect(t.logs.events('org.switch.denied').at(-1)).toMatchObject({
      userId: tokens.account.id,
      reqId: expect.any(String),
    });
  });
});

describe('tenant isolation', () => {
  it('answers every user endpoint from the caller’s own session, whatever orgId the request carries', async () => {
    const staff = await signIn(t.app, '13800000002');
    const hangzhouOnly = await signIn(t.app, '13800000003');
    const forged = `?orgId=${DEMO_ORGS.shanghai.id}&userId=${staff.account.id}`;
    const headers = {
      authorization: `Bearer ${hangzhouOnly.access_token}`,
      'x-org-id': DEMO_ORGS.shanghai.id,
    };
    const user = (await t.app.inject({ method: 'GET', url: `/api/user${forged}`, headers })).json<
      Envelope<Account>
    >();
    expect(user.data).toMatchObject({ id: hangzhouOnly.account.id, orgId: DEMO_ORGS.hangzhou.id });
    const orgs = (
      await t.app.inject({ method: 'GET', url: `/api/account/orgs/list${forged}`, headers })
    ).json<Envelope<CompanyItem[]>>();
    expect(orgs.data.map((org) => org.orgId)).toEqual([DEMO_ORGS.hangzhou.id]);
    // The paged call declares its query: names it does not know are refused, not read.
    const refused = await t.app.inject({ method: 'GET', url: `/api/permission/page${forged}`, headers });
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([400, 'UNKNOWN_FIELD']);
    const permissions = (await t.app.inject({ method: 'GET', url: '/api/permission/page', headers })).json<
      Envelope<{ content: PermissionItem[] }>
    >();
    // 13800000003 owns 杭州: all granted there; that says nothing of 上海.
    expect(permissions.data.content.every((item) => item.granted)).toBe(true);
  });

  it('requires a token on every account endpoint', async () => {
    for (const [method, url] of [
      ['GET', '/api/user'],
      ['POST', '/api/user/logout'],
      ['GET', '/api/permission/page'],
      ['GET', '/api/account/orgs/list'],
      ['POST', `/api/account/switch/${DEMO_ORGS.shanghai.id}`],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode, `${method} ${url}`).toBe(401);
      expect(response.json().error).toBe('invalid_token');
    }
  });
});
