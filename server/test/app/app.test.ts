import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { TokenResponse } from '@contract/auth-schemas';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { DEMO_ACCOUNTS, DEMO_ORGS, PERMISSION_CATALOGUE } from '../../src/db/seed';
import { DEMO_INSTITUTIONS } from '../../src/db/demo/institutions';
import {
  authed,
  basicAuth,
  encryptWith,
  insertCaptchaVerification,
  passwordGrant,
  refreshGrant,
  signIn,
  startApp,
  type TestApp,
} from '../support/helpers';
import { registerWithSmsCode } from '../support/verification-helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('error answers', () => {
  it('answers an unknown route with 404 NOT_FOUND', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: 'NOT_FOUND', msg: '请求的资源不存在' });
  });

  it('answers a body over 64 KB with 413 PAYLOAD_TOO_LARGE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/mobile/validation',
      payload: { mobile: '13800000001', captchaVerification: 'x'.repeat(70 * 1024) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ code: 'PAYLOAD_TOO_LARGE', msg: '请求内容过大' });
  });

  it('answers an unknown content type with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/mobile/validation',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', msg: '不支持的请求格式' });
  });

  it('answers malformed JSON with 400 BAD_REQUEST and no parser message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/mobile/validation',
      headers: { 'content-type': 'application/json' },
      payload: '{"mobile": ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', msg: '请求参数有误' });
  });

  it.each([
    ['a path parameter over the router limit', `/api/export-tasks/${'a'.repeat(200)}/file`],
    ['a broken percent escape', '/api/invitation/detail/%E4%B8/x'],
  ])('answers %s with 400 BAD_REQUEST, not the framework shape', async (_case, url) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: 'BAD_REQUEST', msg: '请求参数有误' });
  });

  it('answers a text/plain body with 415 UNSUPPORTED_MEDIA_TYPE', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/account/mobile/validation',
      headers: { 'content-type': 'text/plain' },
      payload: '{"mobile":"13800000001"}',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ code: 'UNSUPPORTED_MEDIA_TYPE', msg: '不支持的请求格式' });
  });

  it('answers an oversized token request with the OAuth shape', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded', authorization: basicAuth(t.config) },
      payload: `grant_type=mobile_password&password=${'A'.repeat(70 * 1024)}`,
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ error: 'invalid_request', error_description: '请求内容过大' });
  });
});

describe('an internal failure', () => {
  it('answers 500 INTERNAL_ERROR without internals and logs the error', async () => {
    const broken = await startApp();
    const tokens = await signIn(broken.app, '13800000001');
    await broken.app.db.schema.dropTable('membership_permissions').execute();
    const response = await authed(broken.app, 'GET', '/api/permission/page', tokens.access_token);
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: 'INTERNAL_ERROR', msg: '服务繁忙，请稍后重试' });
    expect(response.body).not.toMatch(/membership|sqlite|table/i);
    expect(broken.logs.entries().some((e) => e.level === 50 && e.msg === 'unhandled error')).toBe(true);
    await broken.app.close();
  });
});

describe('logs', () => {
  it('write one structured entry per sign-in outcome with user, org, ip and request id', async () => {
    const logged = await startApp();
    await passwordGrant(logged.app, { mobile: '13800000002', password: 'Wrong@1234' });
    const ok = await passwordGrant(logged.app, {
      mobile: '13800000002',
      headers: { 'request-id': 'req-42' },
    });
    const account = ok.json<TokenResponse>().account;
    expect(logged.logs.events('login.failed')).toEqual([
      expect.objectContaining({
        userId: account.id,
        ip: '127.0.0.1',
        mobile: '138****0002',
        reqId: expect.any(String),
      }),
    ]);
    expect(logged.logs.events('login.success')).toEqual([
      expect.objectContaining({ userId: account.id, orgId: account.orgId, ip: '127.0.0.1', reqId: 'req-42' }),
    ]);
    expect(logged.logs.entries()[0]?.time).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    await logged.app.close();
  });

  it('never contain passwords, ciphertexts, tokens or captcha verifications', async () => {
    const logged = await startApp({ logLevel: 'trace' });
    const captcha = await insertCaptchaVerification(logged.app);
    const ciphertext = encryptWith(logged.app.passwordKey.publicKeyPem, 'Demo@1234');
    const tokens = (
      await passwordGrant(logged.app, { mobile: '13800000001', ciphertext, captchaVerification: captcha })
    ).json<TokenResponse>();
    const rotated = (await refreshGrant(logged.app, tokens.refresh_token)).json<TokenResponse>();
    await authed(logged.app, 'GET', '/api/user', rotated.access_token);
    logged.app.log.info({
      password: 'p1',
      body: { refresh_token: 'r1', code: '123456' },
      nested: { a: { crToken: 'c1' } },
    });
    const raw = logged.logs.raw();
    for (const secret of [
      'Demo@1234',
      ciphertext,
      captcha,
      tokens.access_token,
      tokens.refresh_token,
      rotated.access_token,
      rotated.refresh_token,
      '"p1"',
      '"r1"',
      '123456',
      '"c1"',
    ]) {
      expect(raw).not.toContain(secret);
    }
    await logged.app.close();
  });

  it('replace a Request-Id that is not a plain identifier', async () => {
    const logged = await startApp();
    await passwordGrant(logged.app, {
      mobile: '13800000001',
      headers: { 'request-id': 'x\r\n[FAKE] admin login ok' },
    });
    const [event] = logged.logs.events('login.success');
    expect(event?.reqId).toMatch(/^[0-9a-f-]{36}$/);
    await logged.app.close();
  });
});

describe('a restart on the same DATA_DIR', () => {
  it('keeps users, sessions and the key pair, and does not seed twice', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-restart-'));
    try {
      const config = testConfig({ inMemoryDb: false, dataDir });
      const first = await buildApp(config);
      const publicKey = first.passwordKey.publicKeyPem;
      const captcha = await insertCaptchaVerification(first, 'register');
      const registered = await registerWithSmsCode(first, {
        mobile: '13700000077',
        password: encryptWith(publicKey, 'Keep1234'),
        name: '留存用户',
        captchaVerification: captcha,
      });
      expect(registered.statusCode).toBe(201);
      const tokens = await signIn(first, '13800000001');
      await first.close();

      const keyFile = path.join(dataDir, 'keys', 'password-rsa.pem');
      expect(fs.statSync(keyFile).mode & 0o777).toBe(0o600);

      const second = await buildApp(config);
      try {
        expect(second.passwordKey.publicKeyPem).toBe(publicKey);
        expect(await second.db.selectFrom('users').select('mobile').execute()).toHaveLength(
          DEMO_ACCOUNTS.length + 1,
        );
        expect(await second.db.selectFrom('organizations').select('id').execute()).toHaveLength(
          Object.keys(DEMO_ORGS).length + Object.keys(DEMO_INSTITUTIONS).length,
        );
        expect(await second.db.selectFrom('permissions').select('path').execute()).toHaveLength(
          PERMISSION_CATALOGUE.length,
        );
        expect((await authed(second, 'GET', '/api/user', tokens.access_token)).statusCode).toBe(200);
        expect((await refreshGrant(second, tokens.refresh_token)).statusCode).toBe(200);
        expect((await signIn(second, '13700000077', 'Keep1234')).account.name).toBe('留存用户');
      } finally {
        await second.close();
      }
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('the verification secret', () => {
  const SECRET = 'a-configured-verification-secret-of-40-chars';

  it('comes from the configuration, so every node with the same one signs alike', async () => {
    const [one, two, other] = await Promise.all([
      buildApp(testConfig({ verificationSecret: SECRET })),
      buildApp(testConfig({ verificationSecret: SECRET })),
      buildApp(testConfig({ verificationSecret: `${SECRET}-other` })),
    ]);
    try {
      const signature = (app: typeof one) => app.adapters.licence.sign('qr-id-0123456789', 'challenge');
      expect(signature(two)).toBe(signature(one));
      expect(signature(other)).not.toBe(signature(one));
    } finally {
      await Promise.all([one.close(), two.close(), other.close()]);
    }
  });

  it('stops the start when it is shorter than 32 characters', async () => {
    await expect(buildApp(testConfig({ verificationSecret: 'too-short' }))).rejects.toThrow(
      /at least 32 characters/,
    );
  });
});

describe('the built SPA', () => {
  it('is served with index.html revalidated and hashed assets immutable', async () => {
    const webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-web-'));
    fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html lang="zh-CN"></html>');
    fs.mkdirSync(path.join(webRoot, 'assets'));
    fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
    const app = await buildApp(testConfig({ webRoot }));
    try {
      const index = await app.inject({ method: 'GET', url: '/' });
      expect(index.statusCode).toBe(200);
      expect(index.headers['content-type']).toMatch(/text\/html/);
      expect(index.headers['cache-control']).toBe('no-cache');
      expect(index.headers['content-security-policy']).toContain("object-src 'none'");
      const asset = await app.inject({ method: 'GET', url: '/assets/index-abc123.js' });
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const api = await app.inject({ method: 'GET', url: '/api/unknown' });
      expect(api.statusCode).toBe(404);
      expect(api.json().code).toBe('NOT_FOUND');
    } finally {
      await app.close();
      fs.rmSync(webRoot, { recursive: true, force: true });
    }
  });
});
