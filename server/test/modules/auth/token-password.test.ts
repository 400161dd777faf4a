import crypto from 'node:crypto';
import fc from 'fast-check';
import type { TokenResponse } from '@contract/auth-schemas';
import { GRANT_TYPE, OAUTH_SCOPE } from '@contract/constants';
import { DEMO_ORGS, DEMO_PASSWORD } from '../../../src/db/seed';
import { sha256Hex } from '../../../src/lib/hash';
import { LOGIN_LOCK_MS, LOGIN_MAX_FAILURES } from '../../../src/modules/auth/login-attempts';
import { PASSWORD_GRANT_IP_LIMIT } from '../../../src/modules/auth/token-endpoint';
import {
  basicAuth,
  encryptPassword,
  encryptWith,
  insertCaptchaVerification,
  passwordGrant,
  startApp,
  tokenRequest,
  type TestApp,
} from '../../support/helpers';

const OWNER = '13800000001';
const UNKNOWN = '13912345678';
const wrongPasswordBody = { error: 'password_not_match', error_description: '手机号或密码错误' };
const lockedBody = {
  error: 'account_status_error',
  error_description: '登录失败次数过多，账号已锁定，请15分钟后再试',
};

let t: TestApp;
beforeEach(async () => {
  t = await startApp();
});
afterEach(async () => {
  await t.app.close();
});

const failedCount = async (mobile: string) =>
  (
    await t.app.db
      .selectFrom('login_attempts')
      .select('failed_count')
      .where('mobile', '=', mobile)
      .executeTakeFirst()
  )?.failed_count ?? 0;

describe('POST /oauth/token, grant_type=mobile_password', () => {
  it('issues opaque tokens with the account of the default organisation', async () => {
    const response = await passwordGrant(t.app, { mobile: OWNER });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const body = response.json<TokenResponse>();
    expect(body).toMatchObject({
      token_type: 'bearer',
      scope: 'all',
      expires_in: t.config.accessTokenTtlSeconds,
    });
    expect(body.access_token).toMatch(/^[\w-]{43}$/);
    expect(body.refresh_token).toMatch(/^[\w-]{43}$/);
    expect(body.account).toEqual({
      id: expect.any(String),
      mobile: OWNER,
      name: '张明',
      orgId: DEMO_ORGS.shanghai.id,
      orgName: DEMO_ORGS.shanghai.name,
      owner: true,
      cId: t.config.channelId,
      authorized: true,
      bound: true,
    });
  });

  it('stores only SHA-256 hashes of the tokens', async () => {
    const body = (await passwordGrant(t.app, { mobile: OWNER })).json<TokenResponse>();
    const access = await t.app.db.selectFrom('access_tokens').selectAll().execute();
    const refresh = await t.app.db.selectFrom('refresh_tokens').selectAll().execute();
    expect(access.map((r) => r.token_hash)).toEqual([sha256Hex(body.access_token)]);
    expect(refresh.map((r) => r.token_hash)).toEqual([sha256Hex(body.refresh_token)]);
  });

  it('answers an unknown mobile exactly like a wrong password', async () => {
    const wrong = await passwordGrant(t.app, { mobile: OWNER, password: 'Wrong@1234' });
    const unknown = await passwordGrant(t.app, { mobile: UNKNOWN, password: 'Wrong@1234' });
    expect(wrong.statusCode).toBe(400);
    expect(unknown.statusCode).toBe(400);
    expect(wrong.body).toBe(unknown.body);
    expect(wrong.json()).toEqual(wrongPasswordBody);
    // Both cost a failure on the mobile, so the lock does not tell them apart either.
    expect(await failedCount(OWNER)).toBe(1);
    expect(await failedCount(UNKNOWN)).toBe(1);
  });

  it('spends one scrypt for an unknown mobile as for a known one (timing within tolerance)', async () => {
    const time = async (mobile: string) => {
      const start = process.hrtime.bigint();
      await passwordGrant(t.app, { mobile, password: 'Wrong@1234' });
      return Number(process.hrtime.bigint() - start) / 1e6;
    };
    await time(OWNER); // warm up
    const known: number[] = [];
    const unknown: number[] = [];
    for (let i = 0; i < 3; i++) {
      known.push(await time('13800000002'));
      unknown.push(await time(`1391234567${i}`));
    }
    const median = (xs: number[]) => xs.sort((a, b) => a - b)[1]!;
    // Without the dummy hash an unknown mobile answers in ~1 ms against ~50 ms for scrypt.
    expect(median(unknown)).toBeGreaterThan(median(known) * 0.5);
  });

  it('locks the mobile after 5 failures within 15 minutes, even for the right password, until the lock ends', async () => {
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) {
      const response = await passwordGrant(t.app, { mobile: OWNER, password: 'Wrong@1234' });
      expect(response.json()).toEqual(wrongPasswordBody);
      t.clock.advance(60_000);
    }
    const fifth = await passwordGrant(t.app, { mobile: OWNER, password: 'Wrong@1234' });
    expect(fifth.statusCode).toBe(400);
    expect(fifth.json()).toEqual(lockedBody);

    const rightDuringLock = await passwordGrant(t.app, { mobile: OWNER, password: DEMO_PASSWORD });
    expect(rightDuringLock.statusCode).toBe(400);
    expect(rightDuringLock.json()).toEqual(lockedBody);
    t.clock.advance(LOGIN_LOCK_MS - 1000);
    expect((await passwordGrant(t.app, { mobile: OWNER })).json()).toEqual(lockedBody);

    t.clock.advance(1000);
    expect((await passwordGrant(t.app, { mobile: OWNER })).statusCode).toBe(200);
    // Success clears the count: four more failures do not lock again.
    expect(await failedCount(OWNER)).toBe(0);
    for (let i = 1; i < LOGIN_MAX_FAILURES; i++) {
      expect((await passwordGrant(t.app, { mobile: OWNER, password: 'Wrong@1234' })).json()).toEqual(
        wrongPasswordBody,
      );
    }
    expect((await passwordGrant(t.app, { mobile: OWNER })).statusCode).toBe(200);
  });

  it('starts a new count when the failures are spread over more than 15 minutes', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES - 1; i++) {
      await passwordGrant(t.app, { mobile: OWNER, password: 'Wrong@1234' });
    }
    t.clock.advance(15 * 60_000 + 1);
    expect((await passwordGrant(t.app, { mobile: OWNER, password: 'Wrong@1234' })).json()).toEqual(
      wrongPasswordBody,
    );
    expect(await failedCount(OWNER)).toBe(1);
  });

  it('locks unknown mobiles the same way', async () => {
    for (let i = 0; i < LOGIN_MAX_FAILURES; i++)
      await passwordGrant(t.app, { mobile: UNKNOWN, password: 'x' });
    expect((await passwordGrant(t.app, { mobile: UNKNOWN, password: 'x' })).json()).toEqual(lockedBody);
  });

  it('refuses a disabled user with the right password only', async () => {
    await t.app.db.updateTable('users').set({ status: 'disabled' }).where('mobile', '=', OWNER).execute();
    expect((await passwordGrant(t.app, { mobile: OWNER, password: 'Wrong@1234' })).json()).toEqual(
      wrongPasswordBody,
    );
    expect((await passwordGrant(t.app, { mobile: OWNER })).json()).toEqual({
      error: 'account_status_error',
      error_description: '账号状态异常，请联系管理员',
    });
  });

  it('signs in a user who belongs to no organisation with an empty orgId', async () => {
    await t.app.db
      .deleteFrom('memberships')
      .where('user_id', '=', '5c0e8f7a-1b2c-4d3e-8f90-a1b2c3d4e003')
      .execute();
    const body = (await passwordGrant(t.app, { mobile: '13800000003' })).json<TokenResponse>();
    expect(body.account).toMatchObject({
      orgId: '',
      orgName: '',
      owner: false,
      authorized: false,
      bound: false,
    });
  });
});

describe('the captcha comes first', () => {
  const captchaInvalid = { error: 'captcha_invalid', error_description: '安全验证已失效，请重新验证' };

  it.each([
    ['missing', null],
    ['empty', ''],
    ['random', 'not-a-verification'],
  ])('refuses a %s captchaVerification without checking the password', async (_case, captcha) => {
    const response = await passwordGrant(t.app, {
      mobile: OWNER,
      password: 'Wrong@1234',
      captchaVerification: captcha,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(captchaInvalid);
    expect(await failedCount(OWNER)).toBe(0);
    expect(t.logs.events('captcha.rejected')).toHaveLength(1);
  });

  it('refuses a verification used once already, even with the right password', async () => {
    const captcha = await insertCaptchaVerification(t.app);
    expect((await passwordGrant(t.app, { mobile: OWNER, captchaVerification: captcha })).statusCode).toBe(
      200,
    );
    const again = await passwordGrant(t.app, { mobile: OWNER, captchaVerification: captcha });
    expect(again.json()).toEqual(captchaInvalid);
  });

  it('lets at most one of 20 concurrent sign-ins past one verification', async () => {
    const captcha = await insertCaptchaVerification(t.app);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => passwordGrant(t.app, { mobile: OWNER, captchaVerification: captcha })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('refuses a verification solved from another client address, which stays usable from its own', async () => {
    const captcha = await insertCaptchaVerification(t.app, 'login', '192.0.2.77');
    expect((await passwordGrant(t.app, { mobile: OWNER, captchaVerification: captcha })).json()).toEqual(
      captchaInvalid,
    );
    const own = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      remoteAddress: '192.0.2.77',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(t.config) },
      payload: new URLSearchParams({
        grant_type: GRANT_TYPE.password,
        mobile: OWNER,
        password: encryptPassword(t.app, DEMO_PASSWORD),
        scope: OAUTH_SCOPE,
        systemRole: '2',
        cId: t.config.channelId,
        captchaVerification: captcha,
      }).toString(),
    });
    expect(own.statusCode).toBe(200);
  });

  it('refuses a verification earned for another scene', async () => {
    const captcha = await insertCaptchaVerification(t.app, 'sms');
    expect((await passwordGrant(t.app, { mobile: OWNER, captchaVerification: captcha })).json()).toEqual(
      captchaInvalid,
    );
  });
});

describe('password decryption', () => {
  const otherKey = crypto.generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({
    type: 'spki',
    format: 'pem',
  }) as string;

  it.each([
    ['not base64', '!!!not-base64!!!'],
    ['base64 of the wrong size', Buffer.from('short').toString('base64')],
    ['for another key', encryptWith(otherKey, DEMO_PASSWORD)],
    ['random bytes of the right size', crypto.randomBytes(256).toString('base64')],
  ])('answers a ciphertext %s like a wrong password', async (_case, ciphertext) => {
    const response = await passwordGrant(t.app, { mobile: OWNER, ciphertext });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual(wrongPasswordBody);
  });

  it('answers an oversized ciphertext with a generic invalid_request', async () => {
    const response = await passwordGrant(t.app, { mobile: OWNER, ciphertext: 'A'.repeat(10 * 1024) });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_request', error_description: '请求参数有误' });
  });

  it('decrypts non-ASCII passwords as jsencrypt encodes them (UTF-8)', async () => {
    expect(t.app.passwordKey.decrypt(encryptWith(t.app.passwordKey.publicKeyPem, '密码Abc123'))).toBe(
      '密码Abc123',
    );
  });

  it('never answers 5xx to malformed token requests', async () => {
    const field = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.base64String({ maxLength: 400 }),
      fc.constant(''),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.record(
          {
            grant_type: fc.oneof(fc.constantFrom(...Object.values(GRANT_TYPE)), fc.string({ maxLength: 20 })),
            mobile: fc.oneof(fc.constant(OWNER), fc.string({ maxLength: 20 })),
            password: field,
            captchaVerification: field,
            refresh_token: field,
            scope: fc.oneof(fc.constant('all'), fc.string({ maxLength: 8 })),
          },
          { requiredKeys: [] },
        ),
        fc.constantFrom(
          'application/x-www-form-urlencoded',
          'application/json',
          'text/plain',
          'multipart/form-data',
          'application/xml',
        ),
        async (form, contentType) => {
          const payload =
            contentType === 'application/json'
              ? JSON.stringify(form)
              : new URLSearchParams(form as Record<string, string>).toString();
          const response = await t.app.inject({
            method: 'POST',
            url: '/oauth/token',
            headers: { 'content-type': contentType, authorization: basicAuth(t.config) },
            payload,
          });
          expect(response.statusCode).toBeGreaterThanOrEqual(400);
          expect(response.statusCode).toBeLessThan(500);
          expect(Object.keys(response.json()).sort()).toEqual(['error', 'error_description']);
        },
      ),
      { numRuns: 150 },
    );
  });

  it('answers JSON instead of a form with invalid_request', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { authorization: basicAuth(t.config) },
      payload: { grant_type: 'mobile_password', mobile: OWNER },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: 'invalid_request', error_description: '不支持的请求格式' });
  });
});

describe('client authentication and grant types', () => {
  it.each([
    ['missing', undefined],
    ['wrong secret', `Basic ${Buffer.from('chain-bill-web:nope').toString('base64')}`],
    ['not Basic', 'Bearer abc'],
    ['garbage', 'Basic %%%'],
  ])(
    'answers 401 invalid_client with a Basic challenge when the credential is %s',
    async (_case, authorization) => {
      const response = await tokenRequest(
        t.app,
        { grant_type: 'mobile_password', mobile: OWNER, password: 'x' },
        authorization ? { authorization } : {},
      );
      expect(response.statusCode).toBe(401);
      expect(response.headers['www-authenticate']).toMatch(/^Basic /);
      expect(response.json()).toEqual({ error: 'invalid_client', error_description: '客户端认证失败' });
    },
  );

  it('accepts the credential in the form when no Authorization header is sent, as the spec’s refresh payload has it', async () => {
    const form = { grant_type: 'refresh_token', refresh_token: 'unknown', client_id: t.config.clientId };
    const right = await tokenRequest(t.app, { ...form, client_secret: t.config.clientSecret }, {});
    expect(right.json().error).toBe('invalid_grant');
    const wrong = await tokenRequest(t.app, { ...form, client_secret: 'nope' }, {});
    expect(wrong.statusCode).toBe(401);
    // With an Authorization header, only the header counts.
    const both = await tokenRequest(
      t.app,
      { ...form, client_secret: t.config.clientSecret },
      { authorization: 'Basic eDp5' },
    );
    expect(both.statusCode).toBe(401);
  });

  it('answers an unknown grant type with unsupported_grant_type', async () => {
    const response = await tokenRequest(t.app, { grant_type: 'client_credentials' });
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toBe('unsupported_grant_type');
  });

  it('answers another scope with invalid_scope', async () => {
    const response = await passwordGrant(t.app, { mobile: OWNER, extra: { scope: 'admin' } });
    expect(response.json().error).toBe('invalid_scope');
  });

  it('answers a malformed mobile with invalid_request and keeps the captcha', async () => {
    const captcha = await insertCaptchaVerification(t.app);
    const response = await passwordGrant(t.app, { mobile: '12345', captchaVerification: captcha });
    expect(response.json().error).toBe('invalid_request');
    expect((await passwordGrant(t.app, { mobile: OWNER, captchaVerification: captcha })).statusCode).toBe(
      200,
    );
  });
});

describe('per-IP limit on password grants', () => {
  it('answers 429 too_many_requests with Retry-After once one address sprays many mobiles', async () => {
    for (let i = 0; i < PASSWORD_GRANT_IP_LIMIT.limit; i++) {
      const response = await passwordGrant(t.app, {
        mobile: `139000000${String(i).padStart(2, '0')}`,
        password: 'x',
      });
      expect(response.statusCode).toBe(400);
    }
    const limited = await passwordGrant(t.app, { mobile: '13900000099', password: 'x' });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({
      error: 'too_many_requests',
      error_description: '操作过于频繁，请稍后重试',
    });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(t.logs.events('rate.limited')).toHaveLength(1);

    // A forged X-Forwarded-For from an untrusted peer opens no new bucket.
    const forged = await passwordGrant(t.app, {
      mobile: '13900000098',
      password: 'x',
      headers: { 'x-forwarded-for': '203.0.113.7' },
    });
    expect(forged.statusCode).toBe(429);

    t.clock.advance(PASSWORD_GRANT_IP_LIMIT.windowMs);
    expect((await passwordGrant(t.app, { mobile: OWNER })).statusCode).toBe(200);
  });
});
