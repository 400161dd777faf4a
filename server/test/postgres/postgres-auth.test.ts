import type { TokenResponse } from '@contract/auth-schemas';
import { inject } from 'vitest';
import { authed, refreshGrant, signIn, startPostgresApp, type TestApp } from '../support/helpers';
import {
  changePassword,
  cipherOf,
  latestCode,
  OWNER_SH,
  refusalOf,
  sendSms,
  withCode,
} from '../support/verification-helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');
const SECOND = 1000;

let t: TestApp;
beforeEach(async () => {
  t = await startPostgresApp(serverUrl, { refreshReuseGraceSeconds: 30 });
});
afterEach(async () => {
  await t.app.close();
});

const usedRefreshTokens = async () =>
  (await t.app.db.selectFrom('refresh_tokens').select('used_at').where('used_at', 'is not', null).execute())
    .length;
const revocations = async () =>
  (await t.app.db.selectFrom('oauth_sessions').select('revoked_reason').execute()).map(
    (s) => s.revoked_reason,
  );

describe('PostgreSQL: sign-in and refresh', () => {
  it('signs in with the password, rotates the refresh token and detects its reuse', async () => {
    const first = await signIn(t.app, OWNER_SH);
    expect((await authed(t.app, 'GET', '/api/user', first.access_token)).statusCode).toBe(200);

    const rotated = await refreshGrant(t.app, first.refresh_token);
    expect(rotated.statusCode).toBe(200);
    const second = rotated.json<TokenResponse>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(await usedRefreshTokens()).toBe(1);

    t.clock.advance(31 * SECOND);
    expect((await refreshGrant(t.app, first.refresh_token)).statusCode).toBe(400);
    expect(await revocations()).toEqual(['refresh_reuse']);
    expect(t.logs.events('refresh.reuse')).toHaveLength(1);
    expect((await refreshGrant(t.app, second.refresh_token)).statusCode).toBe(400);
    expect((await authed(t.app, 'GET', '/api/user', second.access_token)).statusCode).toBe(401);
  });

  it('commits exactly one rotation of 20 concurrent refreshes and revokes nothing', async () => {
    const { refresh_token } = await signIn(t.app, OWNER_SH);
    const answers = await Promise.all(Array.from({ length: 20 }, () => refreshGrant(t.app, refresh_token)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 400)).toHaveLength(19);
    expect(await usedRefreshTokens()).toBe(1);
    expect(await t.app.db.selectFrom('refresh_tokens').select('token_hash').execute()).toHaveLength(2);
    expect(await revocations()).toEqual([null]);
  });
});

describe('PostgreSQL: SMS verification', () => {
  async function pendingChange() {
    const { access_token } = await signIn(t.app, OWNER_SH);
    const ciphertext = cipherOf(t.app);
    expect((await changePassword(t.app, access_token, ciphertext)).statusCode).toBe(406);
    expect((await sendSms(t.app, OWNER_SH, { accessToken: access_token })).statusCode).toBe(200);
    return { token: access_token, ciphertext, code: await latestCode(t.app, OWNER_SH) };
  }

  it('lets a code complete its operation once', async () => {
    const { token, ciphertext, code } = await pendingChange();
    expect((await changePassword(t.app, token, ciphertext, withCode(code))).statusCode).toBe(200);
    const again = await changePassword(t.app, token, ciphertext, withCode(code));
    expect(again.statusCode).toBe(406);
    expect(refusalOf(again).code).toBe('SMS_CODE_INVALID');
  });

  it('lets exactly one of 5 concurrent replays with the code through', async () => {
    const { token, ciphertext, code } = await pendingChange();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => changePassword(t.app, token, ciphertext, withCode(code))),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 406)).toHaveLength(4);
    const used = await t.app.db.selectFrom('sms_codes').select('used_at').execute();
    expect(used.filter((c) => c.used_at !== null)).toHaveLength(1);
  });
});

describe('PostgreSQL: the company centre lists', () => {
  it('counts and pages the members, and finds one by mobile with LIKE wildcards taken literally', async () => {
    const owner = (await signIn(t.app, OWNER_SH)).access_token;
    const list = async (query: string) => {
      const response = await authed(t.app, 'GET', `/api/scbill/configuration/staff?${query}`, owner);
      expect(response.statusCode).toBe(200);
      return response.json<{ data: { totalElements: number; content: Array<{ mobile: string }> } }>().data;
    };
    const all = await list('page=0&size=2');
    expect(all.totalElements).toBe(3);
    expect(all.content).toHaveLength(2);
    expect((await list(`keyword=${OWNER_SH.slice(-5)}`)).content.map((m) => m.mobile)).toEqual([OWNER_SH]);
    expect((await list('keyword=%25')).content).toEqual([]);
  });

  it('runs the applications, contract and bank account lists in every filter shape', async () => {
    const owner = (await signIn(t.app, OWNER_SH)).access_token;
    const urls = [
      ...['', 'status=REFUSED', 'keyword=%25', 'status=PENDING&keyword=136'].map(
        (q) => `/api/apply-record/list?${q}`,
      ),
      ...['', 'status=draft'].map((q) => `/api/edoc/contract/v2/page?${q}`),
      '/api/organization/bank/account/list?page=0&size=5',
      '/api/sign/record/page?page=0&size=5',
    ];
    for (const url of urls) {
      const response = await authed(t.app, 'GET', url, owner);
      expect(response.statusCode, url).toBe(200);
      const page = response.json<{ data: { totalElements: number; content: unknown[] } }>().data;
      expect(page.totalElements, url).toBeGreaterThanOrEqual(page.content.length);
    }
  });
});
