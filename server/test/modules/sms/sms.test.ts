import type { LightMyRequestResponse } from 'fastify';
import { SMS_RESEND_COUNTDOWN_SECONDS } from '@contract/constants';
import { SMS_CODE_TTL_SECONDS } from '@contract/verification';
import { SMS_IP_LIMITS, SMS_MOBILE_LIMITS } from '../../../src/modules/sms/constants';
import { freshIp } from '../../support/captcha-helpers';
import { insertCaptchaVerification, signIn, startApp, type TestApp } from '../../support/helpers';
import {
  changePassword,
  cipherOf,
  outboxOf,
  OWNER_SH,
  resetPassword,
  sendSms,
  STAFF_SH,
  UNREGISTERED,
} from '../../support/verification-helpers';

let t: TestApp;
beforeEach(async () => {
  t = await startApp();
});
afterEach(async () => {
  await t.app.close();
});

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

const SENT = {
  code: 200,
  msg: '验证码已发送',
  data: { expiresIn: SMS_CODE_TTL_SECONDS, resendAfter: SMS_RESEND_COUNTDOWN_SECONDS },
};

/** What a client can observe of an answer: status, headers that matter, body. */
const observable = (response: LightMyRequestResponse) => ({
  status: response.statusCode,
  retryAfter: response.headers['retry-after'],
  body: response.json<unknown>(),
});

/** A password reset raised for `mobile` (before sign-in), so a code has somewhere to go. */
async function raiseReset(mobile: string) {
  const response = await resetPassword(t.app, mobile, cipherOf(t.app));
  expect(response.statusCode).toBe(406);
}

describe('POST /api/sms', () => {
  it('sends a 6-digit code for the pending operation and answers the spec countdown', async () => {
    const { access_token } = await signIn(t.app, OWNER_SH);
    await changePassword(t.app, access_token, cipherOf(t.app));
    const response = await sendSms(t.app, OWNER_SH, { accessToken: access_token });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual(SENT);
    const [message, ...older] = await outboxOf(t.app, OWNER_SH);
    expect(older).toHaveLength(0);
    expect(message).toMatchObject({ mobile: OWNER_SH, businessCode: 2, createdAt: t.clock.now() });
    // The text names what the code confirms.
    expect(message?.text).toMatch(
      /^【链票通】您正在办理修改登录密码，验证码为\d{6}，5分钟内有效，请勿泄露。$/,
    );
  });

  it('requires a captcha verification of scene sms, spent once, from the address that solved it', async () => {
    const SOLVER = '192.0.2.31';
    await raiseReset(OWNER_SH);
    const missing = await sendSms(t.app, OWNER_SH, { captchaVerification: 'not-a-verification' });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });

    const login = await sendSms(t.app, OWNER_SH, {
      captchaVerification: await insertCaptchaVerification(t.app, 'login'),
    });
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });

    const captcha = await insertCaptchaVerification(t.app, 'sms', SOLVER);
    // Only from the address that solved it.
    const elsewhere = await sendSms(t.app, OWNER_SH, { captchaVerification: captcha });
    expect(elsewhere.json()).toMatchObject({ code: 'CAPTCHA_INVALID' });
    expect((await sendSms(t.app, OWNER_SH, { captchaVerification: captcha, ip: SOLVER })).statusCode).toBe(
      200,
    );
    t.clock.advance(MINUTE);
    const reused = await sendSms(t.app, OWNER_SH, { captchaVerification: captcha, ip: SOLVER });
    expect(reused.statusCode).toBe(400);
    expect(await outboxOf(t.app, OWNER_SH)).toHaveLength(1);
  });

  it('refuses an empty or malformed body with 400', async () => {
    for (const payload of [{}, { mobile: '123', businessCode: 2, captchaVerification: 'x' }]) {
      const response = await t.app.inject({ method: 'POST', url: '/api/sms', payload });
      expect(response.statusCode).toBe(400);
    }
    const wrongBusiness = await t.app.inject({
      method: 'POST',
      url: '/api/sms',
      payload: { mobile: OWNER_SH, businessCode: 3, captchaVerification: 'x' },
    });
    expect(wrongBusiness.statusCode).toBe(400);
  });

  it('with a bearer token, sends only to the signed-in user’s own mobile', async () => {
    const { access_token } = await signIn(t.app, OWNER_SH);
    const response = await sendSms(t.app, STAFF_SH, { accessToken: access_token });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'BAD_REQUEST', msg: '手机号与当前登录账号不一致' });
    const dead = await sendSms(t.app, OWNER_SH, { accessToken: 'not-a-token' });
    expect(dead.statusCode).toBe(401);
  });

  it('answers an unregistered mobile exactly like a registered one, and sends it nothing', async () => {
    await raiseReset(OWNER_SH);
    await raiseReset(UNREGISTERED);
    const registered = await sendSms(t.app, OWNER_SH);
    const unknown = await sendSms(t.app, UNREGISTERED);
    expect(observable(unknown)).toEqual(observable(registered));
    expect(await outboxOf(t.app, UNREGISTERED)).toHaveLength(0);
    expect(await outboxOf(t.app, OWNER_SH)).toHaveLength(1);
    // The same work behind both answers: a code is stored for each, only one is sent.
    const stored = await t.app.db.selectFrom('sms_codes').select('mobile').execute();
    expect(stored.map((row) => row.mobile).sort()).toEqual([OWNER_SH, UNREGISTERED].sort());

    const registeredAgain = await sendSms(t.app, OWNER_SH);
    const unknownAgain = await sendSms(t.app, UNREGISTERED);
    expect(registeredAgain.statusCode).toBe(429);
    expect(observable(unknownAgain)).toEqual(observable(registeredAgain));
  });

  it('sends nothing when no sensitive operation waits for a code', async () => {
    const response = await sendSms(t.app, OWNER_SH);
    expect(response.json()).toEqual(SENT);
    expect(await outboxOf(t.app, OWNER_SH)).toHaveLength(0);
  });

  it('allows one send per mobile per 60 s, with Retry-After', async () => {
    await raiseReset(OWNER_SH);
    expect((await sendSms(t.app, OWNER_SH)).statusCode).toBe(200);
    t.clock.advance(20 * SECOND);
    const early = await sendSms(t.app, OWNER_SH);
    expect(early.statusCode).toBe(429);
    expect(early.headers['retry-after']).toBe('40');
    expect(early.json()).toEqual({ code: 'RATE_LIMITED', msg: '发送过于频繁，请60秒后再试' });
    t.clock.advance(40 * SECOND);
    expect((await sendSms(t.app, OWNER_SH)).statusCode).toBe(200);
    expect(await outboxOf(t.app, OWNER_SH)).toHaveLength(2);
    expect(t.logs.events('rate.limited').at(-1)).toMatchObject({
      reason: 'sms-resend',
      mobile: '138****0001',
    });
  });

  it('allows 5 sends per mobile per hour and 10 per day', async () => {
    const [, hourly, daily] = SMS_MOBILE_LIMITS.beforeSignIn;
    await raiseReset(OWNER_SH);
    for (let i = 0; i < 5; i++) {
      expect((await sendSms(t.app, OWNER_SH)).statusCode).toBe(200);
      t.clock.advance(MINUTE);
    }
    const sixth = await sendSms(t.app, OWNER_SH);
    expect(sixth.statusCode).toBe(429);
    expect(Number(sixth.headers['retry-after'])).toBeGreaterThan(0);
    expect(sixth.json()).toMatchObject({ code: 'RATE_LIMITED', msg: hourly?.msg });
    expect(await outboxOf(t.app, OWNER_SH)).toHaveLength(5);

    t.clock.advance(HOUR);
    for (let i = 0; i < 5; i++) {
      await raiseReset(OWNER_SH);
      expect((await sendSms(t.app, OWNER_SH)).statusCode).toBe(200);
      t.clock.advance(MINUTE);
    }
    t.clock.advance(HOUR);
    await raiseReset(OWNER_SH);
    const eleventh = await sendSms(t.app, OWNER_SH);
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json()).toMatchObject({ msg: daily?.msg });
    expect(await outboxOf(t.app, OWNER_SH)).toHaveLength(10);
  });

  it('allows 10 sends per client address per 10 minutes, whatever the mobiles', async () => {
    const SMS_IP_LIMIT = SMS_IP_LIMITS.beforeSignIn;
    const ip = freshIp();
    const mobiles = Array.from(
      { length: SMS_IP_LIMIT.limit + 1 },
      (_, i) => `1370000${String(i).padStart(4, '0')}`,
    );
    for (const mobile of mobiles.slice(0, SMS_IP_LIMIT.limit)) {
      expect((await sendSms(t.app, mobile, { ip })).statusCode).toBe(200);
    }
    const over = await sendSms(t.app, mobiles.at(-1) ?? '', { ip });
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBe(String(SMS_IP_LIMIT.windowMs / SECOND));
    expect(over.json()).toMatchObject({ code: 'RATE_LIMITED' });
    // Another address is not affected.
    expect((await sendSms(t.app, mobiles.at(-1) ?? '')).statusCode).toBe(200);
  });

  it('gives a signed-in member a day of ledger acts: 30 codes an hour, 100 a day, counted apart from strangers', async () => {
    const [resend, hourly, daily] = SMS_MOBILE_LIMITS.signedIn;
    expect([resend?.limit, hourly?.limit, daily?.limit]).toEqual([1, 30, 100]);
    const { access_token } = await signIn(t.app, OWNER_SH);
    await changePassword(t.app, access_token, cipherOf(t.app));
    // A stranger before sign-in spends the tight budget of the mobile, not the member's.
    for (let i = 0; i < 10; i++) {
      await raiseReset(OWNER_SH);
      expect((await sendSms(t.app, OWNER_SH)).statusCode).toBe(200);
      t.clock.advance(13 * MINUTE);
    }
    expect((await sendSms(t.app, OWNER_SH)).json()).toMatchObject({
      msg: SMS_MOBILE_LIMITS.beforeSignIn[2]?.msg,
    });
    t.clock.advance(MINUTE);
    const { access_token: fresh } = await signIn(t.app, OWNER_SH);
    await changePassword(t.app, fresh, cipherOf(t.app));
    // One office address: every send of the member passes, one a minute, up to the hour's 30.
    const office = freshIp();
    for (let i = 0; i < 30; i++) {
      const sent = await sendSms(t.app, OWNER_SH, { accessToken: fresh, ip: office });
      expect(sent.statusCode, `send ${i + 1}: ${sent.body}`).toBe(200);
      t.clock.advance(MINUTE);
    }
    const early = await sendSms(t.app, OWNER_SH, { accessToken: fresh, ip: office });
    expect(early.statusCode).toBe(429);
    expect(early.json()).toMatchObject({ msg: hourly?.msg });
    // Within the minute the one-a-minute rule still holds.
    t.clock.advance(HOUR);
    expect((await sendSms(t.app, OWNER_SH, { accessToken: fresh })).statusCode).toBe(200);
    const again = await sendSms(t.app, OWNER_SH, { accessToken: fresh });
    expect(again.json()).toMatchObject({ msg: resend?.msg });
  });

  it('never logs the code it sends', async () => {
    await raiseReset(OWNER_SH);
    await sendSms(t.app, OWNER_SH);
    const [message] = await outboxOf(t.app, OWNER_SH);
    const code = /\d{6}/.exec(message?.text ?? '')?.[0] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    expect(t.logs.raw()).not.toContain(code);
  });
});
