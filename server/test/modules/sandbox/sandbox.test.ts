import type { SandboxSms } from '@contract/verification-schemas';
import { authed, signIn, startApp, type TestApp } from '../../support/helpers';
import {
  changePassword,
  cipherOf,
  outboxOf,
  OWNER_SH,
  resetPassword,
  sendSms,
  STAFF_SH,
} from '../../support/verification-helpers';

const MINUTE = 60_000;

describe('sandbox on (the default)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startApp();
  });
  afterEach(async () => {
    await t.app.close();
  });

  it('lists the outbox newest first, per mobile, with the code in the text', async () => {
    for (const mobile of [OWNER_SH, STAFF_SH, OWNER_SH]) {
      await resetPassword(t.app, mobile, cipherOf(t.app));
      expect((await sendSms(t.app, mobile)).statusCode).toBe(200);
      t.clock.advance(MINUTE);
    }
    const owner = await outboxOf(t.app, OWNER_SH);
    expect(owner).toHaveLength(2);
    expect(owner.map((m) => m.createdAt)).toEqual([...owner.map((m) => m.createdAt)].sort((a, b) => b - a));
    expect(owner.every((m) => m.mobile === OWNER_SH && /验证码为\d{6}/.test(m.text))).toBe(true);

    const all = await t.app.inject({ method: 'GET', url: '/api/sandbox/sms' });
    expect(all.json<{ data: SandboxSms[] }>().data.map((m) => m.mobile)).toEqual([
      OWNER_SH,
      STAFF_SH,
      OWNER_SH,
    ]);
    const bad = await t.app.inject({ method: 'GET', url: '/api/sandbox/sms?mobile=123' });
    expect(bad.statusCode).toBe(400);
  });
});

describe('sandbox off (SANDBOX=off, the default)', () => {
  let t: TestApp;
  beforeEach(async () => {
    t = await startApp({ sandbox: false });
  });
  afterEach(async () => {
    await t.app.close();
  });

  it('has no /api/sandbox routes: they answer 404', async () => {
    const calls = [
      { method: 'GET', url: '/api/sandbox/sms?mobile=13800000001' },
      { method: 'GET', url: '/api/sandbox/qr' },
      { method: 'GET', url: '/api/sandbox/qr/AAAAAAAAAAAAAAAAAAAAAA' },
      { method: 'POST', url: '/api/sandbox/qr/AAAAAAAAAAAAAAAAAAAAAA/confirm' },
      { method: 'POST', url: '/api/sandbox/qr/AAAAAAAAAAAAAAAAAAAAAA/refuse' },
      { method: 'GET', url: '/api/sandbox/bank/settlement/statement?accountNo=98450078801400000187' },
      {
        method: 'POST',
        url: '/api/sandbox/bank/settlement/deposit',
        payload: { accountNo: '1', amount: '1' },
      },
      { method: 'GET', url: '/api/sandbox/institution/applications' },
      {
        method: 'POST',
        url: '/api/sandbox/institution/applications/x/answer',
        payload: { decision: 'sign' },
      },
      {
        method: 'POST',
        url: '/api/sandbox/bill-registry/freezes',
        payload: { reference: 'r', packageNo: '7', risk: 'judicial', authority: 'a', documentNo: 'd' },
      },
      {
        method: 'POST',
        url: '/api/sandbox/bill-registry/freezes/x/lift',
        payload: { reference: 'r', authority: 'a', documentNo: 'd' },
      },
    ] as const;
    for (const call of calls) {
      const response = await t.app.inject(call);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it('says at start, plainly, which functions have no provider and are unavailable', () => {
    const warnings = t.logs.entries().filter((entry) => 'unavailable' in entry);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/No provider is configured .* these functions are unavailable/);
    const unavailable = (warnings[0]?.unavailable as string[]).join('\n');
    for (const what of [
      /^SMS codes/m,
      /^licence QR verification/m,
      /^small-amount bank transfers/m,
      /^e-signature/m,
      /^settlement payments/m,
      /^financial institutions/m,
      /^the bill registry/m,
    ]) {
      expect(unavailable).toMatch(what);
    }
  });

  it('answers 503 for a settlement account statement without a payment provider', async () => {
    const { access_token } = await signIn(t.app, OWNER_SH);
    const response = await authed(t.app, 'GET', '/api/organization/bank/account/statement', access_token);
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      msg: '资金结算服务暂不可用，请稍后重试',
    });
  });

  it('refuses to send a code without a real SMS provider rather than dropping it', async () => {
    const { access_token } = await signIn(t.app, OWNER_SH);
    await changePassword(t.app, access_token, cipherOf(t.app));
    const response = await sendSms(t.app, OWNER_SH, { accessToken: access_token });
    expect(response.statusCode).toBe(503);
    expect(response.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      msg: '短信服务暂不可用，请稍后重试',
    });
    expect(await t.app.db.selectFrom('sms_outbox').select('id').execute()).toHaveLength(0);
  });
});
