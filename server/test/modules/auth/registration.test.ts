import { SMS_RESEND_COUNTDOWN_SECONDS } from '@contract/constants';
import type { FastifyInstance } from 'fastify';
import { MOBILE_VALIDATION_IP_LIMIT, REGISTER_IP_LIMIT } from '../../../src/modules/auth/routes';
import {
  latestCode,
  outboxOf,
  registerWithSmsCode,
  sendSms,
  withCode,
} from '../../support/verification-helpers';
import {
  basicAuth,
  encryptPassword,
  insertCaptchaVerification,
  signIn,
  startApp,
  type TestApp,
} from '../../support/helpers';

let t: TestApp;
beforeEach(async () => {
  t = await startApp();
});
afterEach(async () => {
  await t.app.close();
});

interface RegisterInput {
  mobile?: string;
  password?: string;
  ciphertext?: string;
  name?: string;
  captchaVerification?: string;
  authorization?: string | null;
}

const payloadOf = async (app: FastifyInstance, input: RegisterInput) => ({
  mobile: input.mobile ?? '13700000001',
  password: input.ciphertext ?? encryptPassword(app, input.password ?? 'Newpass123'),
  name: input.name ?? '陈新',
  captchaVerification: input.captchaVerification ?? (await insertCaptchaVerification(app, 'register')),
});

/** The whole registration: the request, the SMS code it asks for, and the request again with the code. */
async function register(app: FastifyInstance, input: RegisterInput = {}) {
  const authorization = input.authorization === undefined ? basicAuth(app.config) : input.authorization;
  return registerWithSmsCode(app, await payloadOf(app, input), authorization ? { authorization } : {});
}

const validate = async (app: FastifyInstance, mobile: string, captchaVerification?: string) =>
  app.inject({
    method: 'POST',
    url: '/api/account/mobile/validation',
    payload: {
      mobile,
      captchaVerification: captchaVerification ?? (await insertCaptchaVerification(app, 'mobile-validation')),
    },
  });

describe('POST /api/register', () => {
  it('creates a user without an organisation, who can then sign in', async () => {
    const response = await register(t.app);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      code: 201,
      msg: '注册成功',
      data: { id: expect.any(String), mobile: '13700000001', name: '陈新' },
    });
    const tokens = await signIn(t.app, '13700000001', 'Newpass123');
    expect(tokens.account).toMatchObject({ name: '陈新', orgId: '', orgName: '', owner: false });
    const row = await t.app.db
      .selectFrom('users')
      .select('password_hash')
      .where('mobile', '=', '13700000001')
      .executeTakeFirstOrThrow();
    expect(row.password_hash).toMatch(/^scrypt\$16384\$8\$1\$/);
  });

  it('answers 409 MOBILE_REGISTERED for a registered mobile', async () => {
    const response = await register(t.app, { mobile: '13800000001' });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ code: 'MOBILE_REGISTERED', msg: '该手机号已注册' });
  });

  it.each([['short1'], ['onlyletters'], ['1234567890'], ['waytoolongpassword12345'], ['空格 密码abc123']])(
    'answers 400 PASSWORD_INVALID for the weak password %s',
    async (password) => {
      const response = await register(t.app, { password });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toEqual({
        code: 'PASSWORD_INVALID',
        msg: '密码须为8-20位，且同时包含字母和数字',
      });
    },
  );

  it('answers an undecryptable password like a weak one', async () => {
    const response = await register(t.app, { ciphertext: Buffer.alloc(256, 7).toString('base64') });
    expect(response.json().code).toBe('PASSWORD_INVALID');
  });

  it('requires a register-scene captcha, once', async () => {
    const captcha = await insertCaptchaVerification(t.app, 'login');
    const wrongScene = await register(t.app, { captchaVerification: captcha });
    expect(wrongScene.statusCode).toBe(400);
    expect(wrongScene.json()).toEqual({ code: 'CAPTCHA_INVALID', msg: '安全验证已失效，请重新验证' });
    // The mobile's next SMS code may go out a minute after the last.
    t.clock.advance(SMS_RESEND_COUNTDOWN_SECONDS * 1000);
    const once = await insertCaptchaVerification(t.app, 'register');
    expect((await register(t.app, { captchaVerification: once })).statusCode).toBe(201);
    expect((await register(t.app, { mobile: '13700000002', captchaVerification: once })).statusCode).toBe(
      400,
    );
  });

  it('requires the client credential', async () => {
    const response = await register(t.app, { authorization: null });
    expect(response.statusCode).toBe(401);
    expect(response.json().error).toBe('invalid_client');
  });

  it('creates no account until the SMS code sent to that mobile comes back with the request', async () => {
    const payload = await payloadOf(t.app, { mobile: '13700000031' });
    const send = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { authorization: basicAuth(t.app.config), ...headers },
        payload,
      });
    const first = await send();
    expect(first.statusCode).toBe(406);
    expect(first.json()).toMatchObject({
      code: 'SMS_VERIFICATION_REQUIRED',
      challengeId: expect.any(String),
    });
    const users = () =>
      t.app.db.selectFrom('users').select('id').where('mobile', '=', '13700000031').execute();
    expect(await users()).toEqual([]);
    // The code goes to the mobile being registered, though it has no account yet.
    expect((await sendSms(t.app, '13700000031')).statusCode).toBe(200);
    expect(await outboxOf(t.app, '13700000031')).toHaveLength(1);
    const code = await latestCode(t.app, '13700000031');
    const wrong = await send(withCode(code === '000000' ? '111111' : '000000'));
    expect(wrong.statusCode).toBe(406);
    expect(await users()).toEqual([]);
    expect((await send(withCode(code))).statusCode).toBe(201);
    expect(await users()).toHaveLength(1);
  });

  it('refuses a registered mobile, a weak password and a bad name before any code is asked for', async () => {
    for (const input of [{ mobile: '13800000001' }, { password: 'short1' }, { name: '=HYPERLINK()' }]) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/register',
        headers: { authorization: basicAuth(t.app.config) },
        payload: await payloadOf(t.app, input),
      });
      expect(response.statusCode, JSON.stringify(input)).not.toBe(406);
      expect(response.statusCode).toBeLessThan(500);
    }
    expect(await t.app.db.selectFrom('verification_challenges').select('id').execute()).toEqual([]);
  });

  it('checks names: 2 to 20 Chinese characters or letters, starting with one, no formula', async () => {
    for (const name of ['陈新', '欧阳·娜娜', 'Anna Lee', '买买提·艾力']) {
      expect((await register(t.app, { name, mobile: `1370000${1000 + name.length}` })).statusCode, name).toBe(
        201,
      );
      await t.app.db.deleteFrom('users').where('name', '=', name).execute();
    }
    // Each registration above counted against this address's hourly limit, which is not what this is about.
    await t.app.db.deleteFrom('rate_counters').execute();
    for (const name of [
      '陈',
      '=1+1',
      '+陈新',
      '-陈新',
      '@陈新',
      '陈新2',
      '陈'.repeat(21),
      '<b>陈</b>',
      ' ·陈新',
    ]) {
      const response = await register(t.app, { name });
      expect(response.statusCode, name).toBe(400);
      expect(response.json()).toEqual({ code: 'BAD_REQUEST', msg: '姓名应为2至20个汉字或字母' });
    }
  });

  it('refuses blank names, names with control characters and malformed mobiles', async () => {
    expect((await register(t.app, { name: '   ' })).statusCode).toBe(400);
    expect((await register(t.app, { name: '陈\n新' })).statusCode).toBe(400);
    expect((await register(t.app, { mobile: '12000000000' })).json()).toEqual({
      code: 'BAD_REQUEST',
      msg: '请求参数有误',
    });
  });

  it('limits registrations per IP', async () => {
    for (let i = 0; i < REGISTER_IP_LIMIT.limit; i++) {
      await register(t.app, { mobile: `1370000${String(i).padStart(4, '0')}` });
    }
    const limited = await register(t.app, { mobile: '13799999999' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', msg: '操作过于频繁，请稍后重试' });
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('POST /api/account/mobile/validation', () => {
  it('tells whether a mobile is registered', async () => {
    expect((await validate(t.app, '13800000001')).json()).toEqual({
      code: 200,
      msg: '操作成功',
      data: { registered: true },
    });
    expect((await validate(t.app, '13700000009')).json().data).toEqual({ registered: false });
  });

  it('requires a fresh mobile-validation captcha', async () => {
    const captcha = await insertCaptchaVerification(t.app, 'mobile-validation');
    expect((await validate(t.app, '13800000001', captcha)).statusCode).toBe(200);
    const reused = await validate(t.app, '13800000001', captcha);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().code).toBe('CAPTCHA_INVALID');
    expect(t.logs.events('captcha.rejected')).toHaveLength(1);
  });

  it('limits checks per IP', async () => {
    for (let i = 0; i < MOBILE_VALIDATION_IP_LIMIT.limit; i++) await validate(t.app, '13800000001');
    expect((await validate(t.app, '13800000001')).statusCode).toBe(429);
  });
});
