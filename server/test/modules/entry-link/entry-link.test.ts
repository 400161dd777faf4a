import type { Account, TokenResponse } from '@contract/auth-schemas';
import { GRANT_TYPE } from '@contract/constants';
import type { EntryLink } from '@contract/shell-schemas';
import { DEMO_ORGS } from '../../../src/db/seed';
import { sha256Hex } from '../../../src/lib/hash';
import { authed, bearer, startApp, tokenRequest, type TestApp } from '../../support/helpers';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

const entryLink = async (mobile: string) =>
  t.app.inject({ method: 'POST', url: '/api/sandbox/entry-links', payload: { mobile } });

const issue = async (mobile: string) => {
  const response = await entryLink(mobile);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<{ code: number; data: EntryLink }>().data;
};

const exchange = (crToken: string) =>
  tokenRequest(t.app, { grant_type: GRANT_TYPE.crToken }, bearer(crToken));

describe('POST /api/sandbox/entry-links', () => {
  it('answers a token that works on /api/user for the account’s default organisation', async () => {
    const { token } = await issue('13800000001');
    const response = await authed(t.app, 'GET', '/api/user', token);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: Account }>().data).toMatchObject({
      mobile: '13800000001',
      orgId: DEMO_ORGS.shanghai.id,
      owner: true,
    });
  });

  it('gives the token’s session no refresh token, and lets the token live for the access-token lifetime', async () => {
    const { token } = await issue('13800000002');
    const row = await t.app.db
      .selectFrom('access_tokens')
      .select(['session_id', 'expires_at', 'created_at'])
      .where('token_hash', '=', sha256Hex(token))
      .executeTakeFirstOrThrow();
    const refresh = await t.app.db
      .selectFrom('refresh_tokens')
      .select('token_hash')
      .where('session_id', '=', row.session_id)
      .execute();
    expect(refresh).toEqual([]);
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(t.config.accessTokenTtlSeconds * 1000);

    t.clock.advance(t.config.accessTokenTtlSeconds * 1000);
    const expired = await authed(t.app, 'GET', '/api/user', token);
    expect(expired.statusCode).toBe(401);
  });

  it('answers a crToken that the token endpoint exchanges once', async () => {
    const { crToken } = await issue('13800000003');
    const first = await exchange(crToken);
    expect(first.statusCode, first.body).toBe(200);
    const tokens = first.json<TokenResponse>();
    expect(tokens.account).toMatchObject({ mobile: '13800000003', orgId: DEMO_ORGS.hangzhou.id });
    expect((await authed(t.app, 'GET', '/api/user', tokens.access_token)).statusCode).toBe(200);

    const second = await exchange(crToken);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toMatchObject({ error: 'invalid_grant' });
  });

  it('answers 404 for an unknown mobile and 400 for a malformed one', async () => {
    const unknown = await entryLink('13900000009');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: 'NOT_FOUND', msg: '该手机号未注册' });
    expect((await entryLink('not-a-mobile')).statusCode).toBe(400);
  });

  it('does not exist when the sandbox is off', async () => {
    const live = await startApp({ sandbox: false });
    const response = await live.app.inject({
      method: 'POST',
      url: '/api/sandbox/entry-links',
      payload: { mobile: '13800000001' },
    });
    expect(response.statusCode).toBe(404);
    await live.app.close();
  });
});
