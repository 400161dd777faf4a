import { CREDIT_CODE_WARNING, ORG_URL, PARTNER_TOKEN_HEADER } from '@contract/organization';
import type {
  OrganizationInfo,
  OrganizationQueryResult,
  PartnerRegistered,
  UserIdentity,
} from '@contract/organization-schemas';
import { DEMO_ORGS } from '../../../src/db/seed';
import { signPartnerToken } from '../../../src/modules/identity/partner-token';
import { startApp, type TestApp } from '../../support/helpers';
import { freshIp } from '../../support/captcha-helpers';
import { call, codeOf, dataOf, lonelyUser, sessionOf, userIdOf } from '../../support/org-helpers';
import { OWNER_HZ, OWNER_SH, STAFF_SH } from '../../support/verification-helpers';

const PARTNER_SECRET = 'partner-secret-of-the-test-suite-0123456789';
let t: TestApp;
let ownerSh: string;
let staffSh: string;
beforeEach(async () => {
  t = await startApp({ partnerSecret: PARTNER_SECRET });
  ownerSh = await sessionOf(t.app, t.config, userIdOf(OWNER_SH), DEMO_ORGS.shanghai.id);
  staffSh = await sessionOf(t.app, t.config, userIdOf(STAFF_SH), DEMO_ORGS.shanghai.id);
});
afterEach(async () => {
  await t.app.close();
});

const contact = {
  contactName: '陈静',
  contactMobile: '139 1234 5678',
  contactEmail: 'chen@example.cn',
  contactAddress: '上海市浦东新区',
};

describe('the organisation’s details', () => {
  it('shows the caller’s organisation and saves its contact details', async () => {
    const info = dataOf<OrganizationInfo>(await call(t.app, 'GET', ORG_URL.organization, ownerSh));
    expect(info).toMatchObject({
      orgId: DEMO_ORGS.shanghai.id,
      name: DEMO_ORGS.shanghai.name,
      authorized: true,
      bound: true,
    });
    const saved = await call(t.app, 'PUT', ORG_URL.organization, ownerSh, { payload: contact });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(dataOf<OrganizationInfo>(saved)).toMatchObject({
      name: DEMO_ORGS.shanghai.name,
      contactName: '陈静',
      contactMobile: '13912345678',
      contactEmail: 'chen@example.cn',
    });
  });

  it('refuses a body that tries to change the name or credit code, and leaves them as they were', async () => {
    const response = await call(t.app, 'PUT', ORG_URL.organization, ownerSh, {
      payload: { ...contact, name: '改名有限公司', creditCode: '91350100M000100Y43' },
    });
    expect(response.statusCode).toBe(400);
    const info = dataOf<OrganizationInfo>(await call(t.app, 'GET', ORG_URL.organization, ownerSh));
    expect(info.name).toBe(DEMO_ORGS.shanghai.name);
    expect(info.creditCode).toBe(DEMO_ORGS.shanghai.creditCode);
  });

  it('refuses a missing name, a wrong mobile or e-mail with a Chinese message', async () => {
    for (const [payload, msg] of [
      [{ ...contact, contactName: ' ' }, '请输入联系人姓名'],
      [{ ...contact, contactMobile: '12345' }, '请输入正确的联系人手机号'],
      [{ ...contact, contactEmail: 'nope' }, '请输入正确的联系人邮箱'],
    ] as const) {
      const response = await call(t.app, 'PUT', ORG_URL.organization, ownerSh, { payload });
      expect(response.statusCode).toBe(400);
      expect(response.json<{ msg: string }>().msg).toBe(msg);
    }
  });

  it('answers 403 to a member without the company-centre permission', async () => {
    const response = await call(t.app, 'PUT', ORG_URL.organization, staffSh, { payload: contact });
    expect(response.statusCode).toBe(403);
  });
});

describe('searching organisations to join', () => {
  const query = (token: string, keyword: string) =>
    call(t.app, 'POST', ORG_URL.query, token, { payload: { keyword } });

  it('finds by a name fragment or the exact credit code, for a user without an organisation too', async () => {
    const loner = await sessionOf(t.app, t.config, await lonelyUser(t.app, '13700000001'), null);
    const byName = dataOf<OrganizationQueryResult>(await query(loner, '杭州'));
    expect(byName.items.map((o) => o.orgId)).toEqual([DEMO_ORGS.hangzhou.id]);
    expect(byName.warning).toBeUndefined();
    const byCode = dataOf<OrganizationQueryResult>(
      await query(loner, DEMO_ORGS.shanghai.creditCode.toLowerCase()),
    );
    expect(byCode.items.map((o) => o.name)).toEqual([DEMO_ORGS.shanghai.name]);
  });

  it('warns, without refusing, about a credit code whose check character fails', async () => {
    const response = await query(ownerSh, '91350100M000100Y44');
    expect(response.statusCode).toBe(200);
    expect(dataOf<OrganizationQueryResult>(response)).toEqual({ items: [], warning: CREDIT_CODE_WARNING });
    expect(
      dataOf<OrganizationQueryResult>(await query(ownerSh, '91350100M000100Y43')).warning,
    ).toBeUndefined();
  });

  it('refuses a keyword under two characters', async () => {
    expect((await query(ownerSh, ' 上 ')).statusCode).toBe(400);
  });

  it('slows down a script after 30 searches a minute', async () => {
    for (let i = 0; i < 30; i++) expect((await query(ownerSh, '公司')).statusCode).toBe(200);
    expect((await query(ownerSh, '公司')).statusCode).toBe(429);
  });
});

describe('the real-name check', () => {
  const idAuth = (token: string, name: string, idNumber: string) =>
    call(t.app, 'POST', ORG_URL.idAuth, token, { payload: { name, idNumber } });

  it('verifies a matching name and number, stores the number only masked, and refuses a second check', async () => {
    const response = await idAuth(ownerSh, '张明', '11010519491231002x');
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<UserIdentity>(response)).toMatchObject({
      verified: true,
      name: '张明',
      idNumberMasked: '110105********002X',
    });
    const stored = await t.app.db.selectFrom('user_identities').selectAll().executeTakeFirstOrThrow();
    expect(JSON.stringify(stored)).not.toContain('11010519491231002X');
    expect(dataOf<UserIdentity>(await call(t.app, 'GET', ORG_URL.identity, ownerSh)).verified).toBe(true);
    const again = await idAuth(ownerSh, '张明', '11010519491231002X');
    expect(again.statusCode).toBe(409);
    expect(codeOf(again)).toBe('IDENTITY_ALREADY_VERIFIED');
  });

  it('refuses a wrong check character, an impossible birth date and a bad shape before asking the provider', async () => {
    for (const [number, msg] of [
      ['110105194912310021', '身份证号码校验位不正确，请核对'],
      ['110105194902300026', '身份证号码中的出生日期无效'],
      ['11010519491231002', '请输入18位身份证号码'],
    ] as const) {
      const response = await idAuth(ownerSh, '张明', number);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({ code: 'ID_NUMBER_INVALID', msg });
    }
  });

  it('refuses a number the provider says belongs to someone else', async () => {
    // The sandbox registry: sequence code 999 belongs to another person.
    const response = await idAuth(ownerSh, '张明', '110105194912319999');
    expect(response.statusCode, response.body).toBe(400);
    expect(codeOf(response)).toBe('IDENTITY_MISMATCH');
  });

  it('refuses a number another user verified', async () => {
    expect((await idAuth(ownerSh, '张明', '11010519491231002X')).statusCode).toBe(200);
    const response = await idAuth(staffSh, '李华', '11010519491231002X');
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('ID_NUMBER_TAKEN');
  });
});

describe('POST /api/register/sgscsp', () => {
  const fields = {
    mobile: '13600000001',
    name: '周航',
    orgName: '福州闽链科技有限公司',
    creditCode: '91350100M000100Y43',
  };
  const form = (body: Record<string, string>) => new URLSearchParams(body).toString();
  const handOver = (body: Record<string, string>, token: string | undefined) =>
    t.app.inject({
      method: 'POST',
      url: ORG_URL.partnerRegister,
      remoteAddress: freshIp(),
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        ...(token === undefined ? {} : { [PARTNER_TOKEN_HEADER]: token }),
      },
      payload: form(body),
    });
  const tokenFor = (body: Record<string, string>, nonce = 'nonce-0000000000001', at = t.app.now()) =>
    signPartnerToken(PARTNER_SECRET, body, at, nonce);

  it('creates the user as owner of a new organisation and answers a crToken that opens a session', async () => {
    const response = await handOver(fields, tokenFor(fields));
    expect(response.statusCode, response.body).toBe(201);
    const { orgId, crToken } = dataOf<PartnerRegistered>(response);
    const org = await t.app.db
      .selectFrom('organizations')
      .selectAll()
      .where('id', '=', orgId)
      .executeTakeFirstOrThrow();
    expect(org).toMatchObject({ name: fields.orgName, credit_code: fields.creditCode, authorized: 0 });
    const exchanged = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: `Bearer ${crToken}`, 'content-type': 'application/x-www-form-urlencoded' },
      payload: form({ grant_type: 'cr_token', crToken, scope: 'all', systemRole: '2' }),
    });
    expect(exchanged.statusCode, exchanged.body).toBe(200);
    expect(exchanged.json()).toMatchObject({
      account: { orgId, owner: true, mobile: fields.mobile, authorized: false },
    });
  });

  it('refuses a missing, forged, stale or replayed token with 401 and creates nothing', async () => {
    const token = tokenFor(fields);
    expect((await handOver(fields, undefined)).statusCode).toBe(401);
    expect((await handOver({ ...fields, orgName: '别的公司' }, token)).statusCode).toBe(401);
    const stale = tokenFor(fields, 'nonce-0000000000002', t.app.now() - 6 * 60_000);
    expect((await handOver(fields, stale)).statusCode).toBe(401);
    expect((await handOver(fields, token)).statusCode).toBe(201);
    const replay = await handOver(
      { ...fields, mobile: '13600000002', creditCode: '91310000MA1FL8LK3Y' },
      token,
    );
    expect(replay.statusCode).toBe(401);
    expect(codeOf(replay)).toBe('PARTNER_TOKEN_INVALID');
    expect(t.logs.events('partner_token.rejected').length).toBe(4);
  });

  it('refuses a registered mobile or a credit code already on the platform with 409', async () => {
    const taken = { ...fields, mobile: OWNER_HZ };
    expect((await handOver(taken, tokenFor(taken))).statusCode).toBe(409);
    const known = { ...fields, creditCode: DEMO_ORGS.shanghai.creditCode };
    expect((await handOver(known, tokenFor(known, 'nonce-0000000000003'))).statusCode).toBe(409);
  });

  it('refuses a credit code that fails GB 32100 with 400', async () => {
    const bad = { ...fields, creditCode: '91350100M000100Y44' };
    expect((await handOver(bad, tokenFor(bad))).statusCode).toBe(400);
  });

  it('is closed (403) when no partner secret is configured', async () => {
    const closed = await startApp();
    const response = await closed.app.inject({
      method: 'POST',
      url: ORG_URL.partnerRegister,
      headers: { 'content-type': 'application/x-www-form-urlencoded', token: 'x' },
      payload: form(fields),
    });
    expect(response.statusCode).toBe(403);
    await closed.app.close();
  });
});
