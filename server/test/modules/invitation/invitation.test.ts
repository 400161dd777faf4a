import type { CompanyItem, PermissionItem } from '@contract/auth-schemas';
import type { Invitation, InvitationDetail } from '@contract/invitation-schemas';
import { INVITATION_TTL_MS } from '@contract/invitation';
import { DEMO_ORGS } from '../../../src/db/seed';
import { sha256Hex } from '../../../src/lib/hash';
import { authed, signIn, startApp, type TestApp } from '../../support/helpers';
import { userIdOf } from '../../support/org-helpers';

let t: TestApp;
beforeEach(async () => {
  t = await startApp();
});
afterEach(async () => {
  await t.app.close();
});

const token = async (mobile: string) => (await signIn(t.app, mobile)).access_token;

const invite = async (accessToken: string, body: object = {}) =>
  authed(t.app, 'POST', '/api/invitation', accessToken, body);

const created = async (body: object = {}) => {
  const response = await invite(await token('13800000001'), body);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.headers['cache-control']).toBe('no-store');
  return response.json<{ code: number; data: Invitation }>().data;
};

const detail = (orgId: string, code: string) =>
  t.app.inject({ method: 'GET', url: `/api/invitation/detail/${orgId}/${code}` });

const accept = (accessToken: string, orgId: string, code: string) =>
  authed(t.app, 'POST', `/api/account/invitation/${orgId}/${code}`, accessToken);

describe('POST /api/invitation', () => {
  it('creates a single-use code of at least 128 bits for the owner’s organisation, stored hashed, for 7 days', async () => {
    const invitation = await created();
    expect(invitation.orgId).toBe(DEMO_ORGS.shanghai.id);
    expect(invitation.code).toMatch(/^[A-Za-z0-9_-]+$/);
    expect(Buffer.from(invitation.code, 'base64url').length * 8).toBeGreaterThanOrEqual(128);
    expect(invitation.link).toBe(`/#/user/login?code=${invitation.code}&orgId=${invitation.orgId}`);
    expect(Date.parse(invitation.expiresAt)).toBe(t.clock.now() + INVITATION_TTL_MS);
    const rows = await t.app.db.selectFrom('invitations').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]?.code_hash).toBe(sha256Hex(invitation.code));
    expect(JSON.stringify(rows)).not.toContain(invitation.code);
    const again = await created();
    expect(again.code).not.toBe(invitation.code);
  });

  it('accepts a request without a body', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/invitation',
      headers: { authorization: `Bearer ${await token('13800000001')}` },
    });
    expect(response.statusCode, response.body).toBe(201);
  });

  it('answers 403 to a member who is not the owner', async () => {
    const response = await invite(await token('13800000002'));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await t.app.db.selectFrom('invitations').select('id').execute()).toEqual([]);
  });

  it('refuses an orgId or role in the body rather than acting on it, and a malformed mobile', async () => {
    const owner = await token('13800000001');
    for (const field of [{ orgId: DEMO_ORGS.hangzhou.id }, { role: 'owner' }, { owner: true }]) {
      const response = await invite(owner, field);
      expect([response.statusCode, response.json<{ code: string }>().code]).toEqual([400, 'UNKNOWN_FIELD']);
    }
    expect(await t.app.db.selectFrom('invitations').select('id').execute()).toEqual([]);
    const own = await invite(owner);
    expect(own.json<{ data: Invitation }>().data.orgId).toBe(DEMO_ORGS.shanghai.id);
    expect((await invite(owner, { mobile: '12345' })).statusCode).toBe(400);
  });
});

describe('GET /api/invitation/detail/{orgId}/{code}', () => {
  it('describes a valid invitation without sign-in', async () => {
    const invitation = await created();
    const response = await detail(invitation.orgId, invitation.code);
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: InvitationDetail }>().data).toEqual({
      orgId: DEMO_ORGS.shanghai.id,
      orgName: DEMO_ORGS.shanghai.name,
      inviterName: '张明',
      expiresAt: invitation.expiresAt,
      status: 'valid',
    });
  });

  it('keeps the code out of the request log, which names the route instead', async () => {
    const invitation = await created();
    await detail(invitation.orgId, invitation.code);
    await accept(await token('13800000003'), invitation.orgId, invitation.code);
    expect(t.logs.raw()).toContain(`/api/invitation/detail/${invitation.orgId}/[REDACTED]`);
    expect(t.logs.raw()).toContain(`/api/account/invitation/${invitation.orgId}/[REDACTED]`);
    expect(t.logs.raw()).not.toContain(invitation.code);
  });

  it('answers 404 to an unknown code, or a real code under another organisation', async () => {
    const invitation = await created();
    expect((await detail(invitation.orgId, 'A'.repeat(32))).statusCode).toBe(404);
    const moved = await detail(DEMO_ORGS.hangzhou.id, invitation.code);
    expect(moved.statusCode).toBe(404);
    expect(moved.body).not.toContain(DEMO_ORGS.shanghai.name);
    expect((await detail(invitation.orgId, 'short')).statusCode).toBe(400);
  });

  it('rate-limits guessing: 100 lookups a minute from one address get 429', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 100; i++)
      statuses.push((await detail(DEMO_ORGS.shanghai.id, `guess${String(i).padStart(16, '0')}`)).statusCode);
    expect(statuses.filter((s) => s === 404).length).toBe(30);
    expect(statuses.filter((s) => s === 429).length).toBe(70);
    const last = await detail(DEMO_ORGS.shanghai.id, 'x'.repeat(20));
    expect(last.headers['retry-after']).toMatch(/^\d+$/);
    t.clock.advance(60_000);
    expect((await detail(DEMO_ORGS.shanghai.id, 'x'.repeat(20))).statusCode).toBe(404);
  });
});

describe('POST /api/account/invitation/{orgId}/{code}', () => {
  it('joins the organisation as a non-owner with the default permissions and answers the new company list', async () => {
    const invitation = await created();
    const wang = await token('13800000003');
    const response = await accept(wang, invitation.orgId, invitation.code);
    expect(response.statusCode, response.body).toBe(200);
    const companies = response.json<{ data: CompanyItem[] }>().data;
    expect(companies.map((c) => c.orgId).sort()).toEqual(
      [DEMO_ORGS.shanghai.id, DEMO_ORGS.hangzhou.id].sort(),
    );
    expect(companies.find((c) => c.current)?.orgId).toBe(DEMO_ORGS.hangzhou.id);
    expect(companies.find((c) => c.orgId === DEMO_ORGS.shanghai.id)).toMatchObject({
      owner: false,
      current: false,
    });
    expect((await detail(invitation.orgId, invitation.code)).json()).toMatchObject({
      data: { status: 'used' },
    });

    const switched = await authed(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.shanghai.id}`, wang);
    expect(switched.json()).toMatchObject({ data: { orgId: DEMO_ORGS.shanghai.id, owner: false } });
    const permissions = (await authed(t.app, 'GET', '/api/permission/page', wang)).json<{
      data: { content: PermissionItem[] };
    }>().data.content;
    expect(permissions.filter((p) => p.granted).map((p) => p.path)).toEqual([
      '/normal/chain-bill/dashboard',
      '/normal/chain-bill/export-center',
      '/normal/chain-bill/notice',
    ]);
    // The member list names what the member may do: the role those permissions come from.
    const roles = await t.app.db
      .selectFrom('membership_roles as r')
      .innerJoin('memberships as m', 'm.id', 'r.membership_id')
      .select('r.role_code')
      .where('m.user_id', '=', userIdOf('13800000003'))
      .where('m.org_id', '=', DEMO_ORGS.shanghai.id)
      .execute();
    expect(roles.map((row) => row.role_code)).toEqual(['VIEWER']);
  });

  it('refuses the same invitation a second time with INVITATION_USED', async () => {
    const invitation = await created();
    expect((await accept(await token('13800000003'), invitation.orgId, invitation.code)).statusCode).toBe(
      200,
    );
    const second = await accept(await token('13800000003'), invitation.orgId, invitation.code);
    expect(second.statusCode).toBe(400);
    expect(second.json()).toEqual({ code: 'INVITATION_USED', msg: '该邀请已被使用' });
  });

  it('lets exactly one of several concurrent accepts through', async () => {
    const invitation = await created();
    const wang = await token('13800000003');
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => accept(wang, invitation.orgId, invitation.code)),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    const memberships = await t.app.db
      .selectFrom('memberships')
      .select('id')
      .where('org_id', '=', DEMO_ORGS.shanghai.id)
      .execute();
    expect(memberships).toHaveLength(4);
  });

  it('refuses an expired invitation with INVITATION_EXPIRED', async () => {
    const invitation = await created();
    t.clock.advance(INVITATION_TTL_MS);
    const wang = await token('13800000003');
    const response = await accept(wang, invitation.orgId, invitation.code);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'INVITATION_EXPIRED' });
    expect((await detail(invitation.orgId, invitation.code)).json()).toMatchObject({
      data: { status: 'expired' },
    });
  });

  it('accepts an invitation bound to a mobile only from that mobile', async () => {
    const invitation = await created({ mobile: '13800000003' });
    const mismatch = await accept(await token('13800000002'), invitation.orgId, invitation.code);
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'INVITATION_MOBILE_MISMATCH' });
    expect((await accept(await token('13800000003'), invitation.orgId, invitation.code)).statusCode).toBe(
      200,
    );
  });

  it('answers 409 ALREADY_MEMBER to a member, without spending the invitation', async () => {
    const invitation = await created();
    const response = await accept(await token('13800000002'), invitation.orgId, invitation.code);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'ALREADY_MEMBER' });
    expect((await detail(invitation.orgId, invitation.code)).json()).toMatchObject({
      data: { status: 'valid' },
    });
  });

  it('answers 404 when the link’s organisation is edited to another one', async () => {
    const invitation = await created();
    const response = await accept(await token('13800000003'), DEMO_ORGS.hangzhou.id, invitation.code);
    expect(response.statusCode).toBe(404);
    const wrongCode = await accept(await token('13800000003'), invitation.orgId, 'B'.repeat(32));
    expect(wrongCode.statusCode).toBe(404);
  });

  it('needs a signed-in user', async () => {
    const invitation = await created();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/account/invitation/${invitation.orgId}/${invitation.code}`,
    });
    expect(response.statusCode).toBe(401);
  });
});
