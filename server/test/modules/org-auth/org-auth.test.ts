import { DEMO_ORGS } from '../../../src/db/seed';
import {
  authed,
  encryptPassword,
  insertCaptchaVerification,
  signIn,
  startApp,
  type TestApp,
} from '../../support/helpers';
import {
  OWNER_HZ,
  OWNER_SH,
  registerWithSmsCode,
  STAFF_BOTH,
  STAFF_SH,
} from '../../support/verification-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

const get = async (mobile: string, url: string) => {
  const { access_token } = await signIn(t.app, mobile);
  return authed(t.app, 'GET', url, access_token);
};

describe('GET /api/organization/product-channel/biz-auth/type', () => {
  it('answers LICENSE where the e-licence is bound and BANKTRANSFER where it is not', async () => {
    expect((await get(OWNER_SH, '/api/organization/product-channel/biz-auth/type')).json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: { bizAuthType: 'LICENSE' },
    });
    expect((await get(OWNER_HZ, '/api/organization/product-channel/biz-auth/type')).json()).toMatchObject({
      data: { bizAuthType: 'BANKTRANSFER' },
    });
  });

  it('requires sign-in', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/organization/product-channel/biz-auth/type',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/apply-record/account/elec-license/status', () => {
  it('reports the current organisation’s licence binding', async () => {
    expect((await get(STAFF_SH, '/api/apply-record/account/elec-license/status')).json()).toMatchObject({
      data: { bound: true, status: 'BOUND' },
    });
    expect((await get(OWNER_HZ, '/api/apply-record/account/elec-license/status')).json()).toMatchObject({
      data: { bound: false, status: 'UNBOUND' },
    });
  });

  it('follows an organisation switch', async () => {
    const { access_token } = await signIn(t.app, STAFF_BOTH);
    await authed(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.hangzhou.id}`, access_token);
    const response = await authed(
      t.app,
      'GET',
      '/api/apply-record/account/elec-license/status',
      access_token,
    );
    expect(response.json()).toMatchObject({ data: { bound: false } });
  });
});

describe('GET /api/role/auth', () => {
  it('answers the caller’s role in the current organisation', async () => {
    expect((await get(OWNER_SH, '/api/role/auth')).json()).toMatchObject({
      data: { owner: true, roles: ['ADMIN'] },
    });
    expect((await get(STAFF_SH, '/api/role/auth')).json()).toMatchObject({
      data: { owner: false, roles: ['STAFF'] },
    });
  });
});

describe('a user who belongs to no organisation yet', () => {
  it('has no role, no licence, no auth type, and cannot ask to become owner', async () => {
    const mobile = '13700000099';
    const registered = await registerWithSmsCode(t.app, {
      mobile,
      password: encryptPassword(t.app, 'Newpass123'),
      name: '陈新',
      captchaVerification: await insertCaptchaVerification(t.app, 'register'),
    });
    expect(registered.statusCode).toBe(201);
    const { access_token } = await signIn(t.app, mobile, 'Newpass123');
    const call = (method: 'GET' | 'POST', url: string) => authed(t.app, method, url, access_token);
    expect((await call('GET', '/api/role/auth')).json()).toMatchObject({ data: { owner: false, roles: [] } });
    expect((await call('GET', '/api/apply-record/account/elec-license/status')).json()).toMatchObject({
      data: { bound: false, status: 'UNBOUND' },
    });
    const type = await call('GET', '/api/organization/product-channel/biz-auth/type');
    expect(type.statusCode).toBe(403);
    expect(type.json()).toEqual({ code: 'NOT_MEMBER', msg: '您尚未加入任何企业' });
    expect((await call('POST', '/api/account/owner/auth')).statusCode).toBe(403);
  });
});
