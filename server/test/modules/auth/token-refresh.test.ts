import type { TokenResponse } from '@contract/auth-schemas';
import { GRANT_TYPE } from '@contract/constants';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../../src/db/seed';
import { CR_TOKEN_TTL_MS, issueCrToken, rotateRefreshToken } from '../../../src/modules/auth/tokens';
import {
  authed,
  bearer,
  refreshGrant,
  signIn,
  startApp,
  tokenRequest,
  type TestApp,
} from '../../support/helpers';

const OWNER = '13800000001';
const invalidGrant = { error: 'invalid_grant', error_description: '登录已超时，请重新登录' };
const SECOND = 1000;

let t: TestApp;
beforeEach(async () => {
  t = await startApp({ accessTokenTtlSeconds: 60, refreshReuseGraceSeconds: 30, sessionMaxAgeSeconds: 3600 });
});
afterEach(async () => {
  await t.app.close();
});

const userStatus = (accessToken: string) =>
  authed(t.app, 'GET', '/api/user', accessToken).then((r) => r.statusCode);
const sessionRevoked = async () =>
  (await t.app.db.selectFrom('oauth_sessions').select(['revoked_at', 'revoked_reason']).execute()).map(
    (s) => s.revoked_reason,
  );

describe('grant_type=refresh_token', () => {
  it('rotates: a new pair with the account, the old refresh token marked used', async () => {
    const first = await signIn(t.app, OWNER);
    t.clock.advance(10 * SECOND);
    const response = await refreshGrant(t.app, first.refresh_token);
    expect(response.statusCode).toBe(200);
    const second = response.json<TokenResponse>();
    expect(second.refresh_token).not.toBe(first.refresh_token);
    expect(second.access_token).not.toBe(first.access_token);
    expect(second.account.mobile).toBe(OWNER);
    expect(await userStatus(second.access_token)).toBe(200);
    const used = await t.app.db
      .selectFrom('refresh_tokens')
      .select('used_at')
      .where('used_at', 'is not', null)
      .execute();
    expect(used).toHaveLength(1);
  });

  it('refuses a replay within the grace window without revoking the family', async () => {
    const first = await signIn(t.app, OWNER);
    const second = (await refreshGrant(t.app, first.refresh_token)).json<TokenResponse>();
    t.clock.advance(29 * SECOND);
    const replay = await refreshGrant(t.app, first.refresh_token);
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toEqual(invalidGrant);
    expect(await sessionRevoked()).toEqual([null]);
    expect((await refreshGrant(t.app, second.refresh_token)).statusCode).toBe(200);
    expect(t.logs.events('refresh.reuse')).toHaveLength(0);
  });

  it('revokes the whole family when a used token comes back after the grace window', async () => {
    const first = await signIn(t.app, OWNER);
    const second = (await refreshGrant(t.app, first.refresh_token)).json<TokenResponse>();
    t.clock.advance(31 * SECOND);
    const reuse = await refreshGrant(t.app, first.refresh_token);
    expect(reuse.json()).toEqual(invalidGrant);
    expect(await sessionRevoked()).toEqual(['refresh_reuse']);
    // The successor is dead too, and so is its access token.
    expect((await refreshGrant(t.app, second.refresh_token)).json()).toEqual(invalidGrant);
    expect(await userStatus(second.access_token)).toBe(401);
    const [event] = t.logs.events('refresh.reuse');
    expect(event).toMatchObject({ userId: first.account.id, orgId: first.account.orgId, ip: '127.0.0.1' });
  });

  it('revokes the family for a token two generations old, even inside the grace window', async () => {
    const first = await signIn(t.app, OWNER);
    const second = (await refreshGrant(t.app, first.refresh_token)).json<TokenResponse>();
    const third = (await refreshGrant(t.app, second.refresh_token)).json<TokenResponse>();
    expect((await refreshGrant(t.app, first.refresh_token)).json()).toEqual(invalidGrant);
    expect(await sessionRevoked()).toEqual(['refresh_reuse']);
    expect((await refreshGrant(t.app, third.refresh_token)).json()).toEqual(invalidGrant);
  });

  it('commits exactly one rotation of 20 concurrent refreshes and revokes nothing', async () => {
    const first = await signIn(t.app, OWNER);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => refreshGrant(t.app, first.refresh_token)),
    );
    const winners = answers.filter((r) => r.statusCode === 200);
    expect(winners).toHaveLength(1);
    expect(answers.filter((r) => r.statusCode === 400).every((r) => r.json().error === 'invalid_grant')).toBe(
      true,
    );
    expect(await t.app.db.selectFrom('refresh_tokens').select('token_hash').execute()).toHaveLength(2);
    expect(await sessionRevoked()).toEqual([null]);
    expect((await refreshGrant(t.app, winners[0]!.json<TokenResponse>().refresh_token)).statusCode).toBe(200);
  });

  it('marks the old token used atomically when 20 rotations read it as unused at once', async () => {
    const first = await signIn(t.app, OWNER);
    // Called below HTTP so that all 20 reads happen before any write: only the conditional UPDATE decides.
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () =>
        rotateRefreshToken(t.app.db, first.refresh_token, t.config.clientId, t.clock.now(), t.config),
      ),
    );
    expect(outcomes.filter((o) => o.kind === 'rotated')).toHaveLength(1);
    expect(outcomes.filter((o) => o.kind === 'refused')).toHaveLength(19);
  });

  it('never extends the sign-in past its absolute lifetime', async () => {
    let tokens = await signIn(t.app, OWNER);
    for (let elapsed = 0; elapsed < 3000; elapsed += 1000) {
      t.clock.advance(1000 * SECOND);
      tokens = (await refreshGrant(t.app, tokens.refresh_token)).json<TokenResponse>();
    }
    const rows = await t.app.db.selectFrom('refresh_tokens').select('expires_at').execute();
    const session = await t.app.db
      .selectFrom('oauth_sessions')
      .select('expires_at')
      .executeTakeFirstOrThrow();
    expect(rows.every((r) => r.expires_at <= session.expires_at)).toBe(true);
    t.clock.advance(600 * SECOND + 1);
    expect((await refreshGrant(t.app, tokens.refresh_token)).json()).toEqual(invalidGrant);
  });

  it('refuses an idle refresh token after its own lifetime', async () => {
    await t.app.close();
    t = await startApp({ refreshTokenTtlSeconds: 100 });
    const first = await signIn(t.app, OWNER);
    t.clock.advance(100 * SECOND);
    expect((await refreshGrant(t.app, first.refresh_token)).json()).toEqual(invalidGrant);
  });

  it('refuses unknown and missing refresh tokens', async () => {
    expect((await refreshGrant(t.app, 'unknown')).json()).toEqual(invalidGrant);
    const missing = await tokenRequest(t.app, { grant_type: GRANT_TYPE.refresh });
    expect(missing.json().error).toBe('invalid_request');
  });
});

describe('access tokens', () => {
  it('answer 401 token_expired with a Bearer challenge once expired', async () => {
    const tokens = await signIn(t.app, OWNER);
    t.clock.advance(59 * SECOND);
    expect(await userStatus(tokens.access_token)).toBe(200);
    t.clock.advance(1 * SECOND);
    const response = await authed(t.app, 'GET', '/api/user', tokens.access_token);
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
    expect(response.json()).toEqual({ error: 'token_expired', error_description: '登录已过期，请重新登录' });
  });

  it.each([
    ['missing', {}],
    ['unknown', bearer('nope')],
    ['not Bearer', { authorization: 'Basic abc' }],
  ])('answer 401 invalid_token when the token is %s', async (_case, headers) => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user', headers });
    expect(response.statusCode).toBe(401);
    expect(response.headers['www-authenticate']).toContain('error="invalid_token"');
    expect(response.json()).toEqual({ error: 'invalid_token', error_description: '登录已失效，请重新登录' });
  });

  it('stop working when the user is disabled or loses the membership', async () => {
    const owner = await signIn(t.app, OWNER);
    await t.app.db
      .updateTable('users')
      .set({ status: 'disabled' })
      .where('id', '=', owner.account.id)
      .execute();
    expect(await userStatus(owner.access_token)).toBe(401);
    const staff = await signIn(t.app, '13800000002');
    await t.app.db.deleteFrom('memberships').where('user_id', '=', staff.account.id).execute();
    expect(await userStatus(staff.access_token)).toBe(401);
    expect((await refreshGrant(t.app, staff.refresh_token)).json()).toEqual(invalidGrant);
  });
});

describe('POST /api/user/logout', () => {
  it('revokes the sign-in: its access and refresh tokens stop working, other sign-ins do not', async () => {
    const tab = await signIn(t.app, OWNER);
    const otherDevice = await signIn(t.app, OWNER);
    const response = await authed(t.app, 'POST', '/api/user/logout', tab.access_token);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ code: 200, msg: '已退出登录' });
    expect(await userStatus(tab.access_token)).toBe(401);
    expect((await refreshGrant(t.app, tab.refresh_token)).json()).toEqual(invalidGrant);
    expect(await userStatus(otherDevice.access_token)).toBe(200);
  });
});

describe('grant_type=cr_token', () => {
  const exchange = (crToken: string | undefined) =>
    tokenRequest(t.app, { grant_type: GRANT_TYPE.crToken }, crToken ? bearer(crToken) : {});
  const user = DEMO_ACCOUNTS.find((a) => a.mobile === '13800000004')!;

  it('opens a session for the token’s user and organisation, once', async () => {
    const crToken = await issueCrToken(t.app.db, user.id, DEMO_ORGS.hangzhou.id, t.clock.now());
    const response = await exchange(crToken);
    expect(response.statusCode).toBe(200);
    const tokens = response.json<TokenResponse>();
    expect(tokens.account).toMatchObject({
      mobile: user.mobile,
      orgId: DEMO_ORGS.hangzhou.id,
      authorized: false,
    });
    expect(await userStatus(tokens.access_token)).toBe(200);
    expect((await exchange(crToken)).json()).toEqual(invalidGrant);
  });

  it('lets only one of 10 concurrent exchanges through', async () => {
    const crToken = await issueCrToken(t.app.db, user.id, DEMO_ORGS.shanghai.id, t.clock.now());
    const answers = await Promise.all(Array.from({ length: 10 }, () => exchange(crToken)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('refuses an expired, unknown or missing crToken', async () => {
    const crToken = await issueCrToken(t.app.db, user.id, DEMO_ORGS.shanghai.id, t.clock.now());
    t.clock.advance(CR_TOKEN_TTL_MS);
    expect((await exchange(crToken)).json()).toEqual(invalidGrant);
    expect((await exchange('unknown')).json()).toEqual(invalidGrant);
    expect((await exchange(undefined)).json()).toEqual(invalidGrant);
  });

  it('stores the crToken only as a hash', async () => {
    const crToken = await issueCrToken(t.app.db, user.id, null, t.clock.now());
    const rows = await t.app.db.selectFrom('cr_tokens').select('token_hash').execute();
    expect(rows.map((r) => r.token_hash)).not.toContain(crToken);
  });
});
