import { PERMISSION_PATH_PREFIX } from '@contract/constants';
import type { Page } from '@contract/envelope-schemas';
import { ORG_URL, STAFF_ROLES } from '@contract/organization';
import type { StaffCommandResult, StaffMember, StaffRole } from '@contract/organization-schemas';
import { PERMISSION } from '@contract/permissions';
import type { Invitation } from '@contract/invitation-schemas';
import { DEMO_ORGS } from '../../../src/db/seed';
import { STAFF_INVITE_LIMIT } from '../../../src/modules/staff/routes';
import { startApp, type TestApp } from '../../support/helpers';
import { call, codeOf, dataOf, lonelyUser, sessionOf, userIdOf } from '../../support/org-helpers';
import { OWNER_HZ, OWNER_SH, STAFF_BOTH, STAFF_SH } from '../../support/verification-helpers';

let t: TestApp;
let ownerSh: string;
beforeEach(async () => {
  t = await startApp();
  ownerSh = await sessionOf(t.app, t.config, userIdOf(OWNER_SH), DEMO_ORGS.shanghai.id);
});
afterEach(async () => {
  await t.app.close();
});

const staffList = async (token: string, query: Record<string, string> = {}) => {
  const response = await call(t.app, 'GET', ORG_URL.staff, token, { query });
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<Page<StaffMember>>(response);
};
const command = (token: string, body: object) => call(t.app, 'POST', ORG_URL.staff, token, { payload: body });
const memberNamed = async (token: string, mobile: string) =>
  (await staffList(token, { size: '100' })).content.find((m) => m.mobile === mobile);
const permissionsOf = async (membershipId: string) =>
  (
    await t.app.db
      .selectFrom('membership_permissions')
      .select('permission_path')
      .where('membership_id', '=', membershipId)
      .execute()
  )
    .map((row) => row.permission_path.slice(PERMISSION_PATH_PREFIX.length))
    .sort();

describe('GET /api/scbill/configuration/staff/org/role-list', () => {
  it('lists the roles with their permission sets from the catalogue', async () => {
    const response = await call(t.app, 'GET', ORG_URL.roleList, ownerSh);
    const roles = dataOf<StaffRole[]>(response);
    expect(roles.map((r) => r.code)).toEqual(['ADMIN', 'MANAGER', 'FINANCE', 'OPERATOR', 'VIEWER']);
    const catalogue = Object.values(PERMISSION).map((p) => p.path as string);
    for (const role of roles) for (const path of role.permissions) expect(catalogue).toContain(path);
    expect(roles[0]?.permissions).toHaveLength(catalogue.length);
  });
});

describe('the staff list', () => {
  it('pages the members, owners first, and finds one by name or mobile', async () => {
    const page = await staffList(ownerSh, { page: '0', size: '2' });
    expect(page.totalElements).toBe(3);
    expect(page.totalPages).toBe(2);
    expect(page.content[0]).toMatchObject({ mobile: OWNER_SH, owner: true, roles: ['ADMIN'], self: true });
    expect((await staffList(ownerSh, { page: '1', size: '2' })).content).toHaveLength(1);
    const found = await staffList(ownerSh, { keyword: '李华' });
    expect(found.content.map((m) => m.mobile)).toEqual([STAFF_SH]);
    expect((await staffList(ownerSh, { keyword: '00004' })).content.map((m) => m.mobile)).toEqual([
      STAFF_BOTH,
    ]);
    // A LIKE wildcard typed by the user is a character, not a pattern.
    expect((await staffList(ownerSh, { keyword: '%' })).content).toEqual([]);
  });
});

describe('the roles members hold', () => {
  it('names a role for every member who holds permissions, and the roles grant exactly those', async () => {
    const members = (await staffList(ownerSh, { size: '100' })).content;
    expect(members.length).toBeGreaterThan(1);
    for (const member of members) {
      expect(member.roles, member.mobile).not.toEqual([]);
      const granted = new Set(
        member.roles.flatMap((code) => STAFF_ROLES.find((role) => role.code === code)!.permissions),
      );
      expect(await permissionsOf(member.membershipId)).toEqual([...granted].sort());
    }
  });
});

describe('adding a member', () => {
  /** The invitee accepts the invitation 添加成员 made for them, signed in as themselves. */
  const accept = (token: string, invitation: Invitation) =>
    call(t.app, 'POST', `/api/account/invitation/${invitation.orgId}/${invitation.code}`, token);
  const membershipOf = (userId: string) =>
    t.app.db
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', userId)
      .where('org_id', '=', DEMO_ORGS.shanghai.id)
      .executeTakeFirst();

  it('invites the mobile with the chosen roles; the person joins with them only by accepting', async () => {
    const userId = await lonelyUser(t.app, '13700000009', '孙丽');
    const response = await command(ownerSh, {
      action: 'ADD',
      mobile: '137 0000 0009',
      roles: ['FINANCE', 'VIEWER'],
    });
    expect(response.statusCode, response.body).toBe(200);
    const { member, invitation } = dataOf<StaffCommandResult>(response);
    expect(member).toBeNull();
    expect(invitation).toMatchObject({ orgId: DEMO_ORGS.shanghai.id, code: expect.any(String) });
    expect(await membershipOf(userId)).toBeUndefined();

    // Only the invited mobile's account can accept it.
    const stranger = await sessionOf(t.app, t.config, await lonelyUser(t.app, '13700000019'), null);
    expect(codeOf(await accept(stranger, invitation!))).toBe('INVITATION_MOBILE_MISMATCH');
    const own = await sessionOf(t.app, t.config, userId, null);
    expect((await accept(own, invitation!)).statusCode).toBe(200);
    const joined = (await memberNamed(ownerSh, '13700000009'))!;
    expect(joined).toMatchObject({ name: '孙丽', owner: false, roles: ['FINANCE', 'VIEWER'] });
    const finance = STAFF_ROLES.find((r) => r.code === 'FINANCE')!.permissions;
    const viewer = STAFF_ROLES.find((r) => r.code === 'VIEWER')!.permissions;
    expect(await permissionsOf(joined.membershipId)).toEqual(
      [...new Set<string>([...finance, ...viewer])].sort(),
    );
  });

  it('answers a registered and an unregistered mobile alike, naming nobody', async () => {
    await lonelyUser(t.app, '13700000009', '孙丽');
    const registered = await command(ownerSh, { action: 'ADD', mobile: '13700000009', roles: ['VIEWER'] });
    const unknown = await command(ownerSh, { action: 'ADD', mobile: '13799999999', roles: ['VIEWER'] });
    for (const response of [registered, unknown]) {
      expect(response.statusCode).toBe(200);
      expect(response.body).not.toContain('孙丽');
    }
    const shape = (body: string) => body.replace(/"(code|link|expiresAt)":"[^"]*"/g, '"$1":""');
    expect(shape(registered.body)).toBe(shape(unknown.body));
  });

  it('refuses no roles, a role beyond the catalogue and a bad mobile (400)', async () => {
    const none = await command(ownerSh, { action: 'ADD', mobile: '13700000010', roles: [] });
    expect(none.statusCode).toBe(400);
    expect(codeOf(none)).toBe('ROLE_INVALID');
    expect((await command(ownerSh, { action: 'ADD', mobile: '1234', roles: ['VIEWER'] })).statusCode).toBe(
      400,
    );
    expect(
      (await command(ownerSh, { action: 'ADD', mobile: '13700000010', roles: ['ROOT'] })).statusCode,
    ).toBe(400);
  });

  it('limits the invitations one member sends per hour', async () => {
    for (let i = 0; i < STAFF_INVITE_LIMIT.limit; i++) {
      const mobile = `1370001${String(i).padStart(4, '0')}`;
      expect((await command(ownerSh, { action: 'ADD', mobile, roles: ['VIEWER'] })).statusCode).toBe(200);
    }
    const limited = await command(ownerSh, { action: 'ADD', mobile: '13700019999', roles: ['VIEWER'] });
    expect(limited.statusCode).toBe(429);
    expect(codeOf(limited)).toBe('RATE_LIMITED');
    expect(limited.headers['retry-after']).toBeDefined();
  });
});

describe('changing roles', () => {
  it('replaces a member’s roles and permissions; ADMIN makes them an owner', async () => {
    const li = (await memberNamed(ownerSh, STAFF_SH))!;
    const changed = await command(ownerSh, {
      action: 'UPDATE_ROLES',
      membershipId: li.membershipId,
      roles: ['VIEWER'],
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(dataOf<StaffCommandResult>(changed).member?.roles).toEqual(['VIEWER']);
    expect(await permissionsOf(li.membershipId)).toEqual(
      [PERMISSION.dashboard.path, PERMISSION.notice.path, PERMISSION.exportCenter.path].sort(),
    );
    const promoted = await command(ownerSh, {
      action: 'UPDATE_ROLES',
      membershipId: li.membershipId,
      roles: ['ADMIN'],
    });
    expect(dataOf<StaffCommandResult>(promoted).member).toMatchObject({ owner: true, roles: ['ADMIN'] });
  });

  it('refuses to demote the last owner, and allows it once there is another', async () => {
    const self = (await memberNamed(ownerSh, OWNER_SH))!;
    const alone = await command(ownerSh, {
      action: 'UPDATE_ROLES',
      membershipId: self.membershipId,
      roles: ['VIEWER'],
    });
    expect(alone.statusCode).toBe(409);
    expect(codeOf(alone)).toBe('LAST_OWNER');
    const li = (await memberNamed(ownerSh, STAFF_SH))!;
    await command(ownerSh, { action: 'UPDATE_ROLES', membershipId: li.membershipId, roles: ['ADMIN'] });
    const now = await command(ownerSh, {
      action: 'UPDATE_ROLES',
      membershipId: self.membershipId,
      roles: ['MANAGER'],
    });
    expect(now.statusCode, now.body).toBe(200);
  });

  it('lets a member with the staff permission give only roles within their own permissions, never ADMIN', async () => {
    const li = (await memberNamed(ownerSh, STAFF_SH))!;
    await command(ownerSh, { action: 'UPDATE_ROLES', membershipId: li.membershipId, roles: ['MANAGER'] });
    const manager = await sessionOf(t.app, t.config, userIdOf(STAFF_SH), DEMO_ORGS.shanghai.id);
    const zhao = (await memberNamed(ownerSh, STAFF_BOTH))!;
    const viewer = await command(manager, {
      action: 'UPDATE_ROLES',
      membershipId: zhao.membershipId,
      roles: ['VIEWER'],
    });
    expect(viewer.statusCode, viewer.body).toBe(200);
    const beyond = await command(manager, {
      action: 'UPDATE_ROLES',
      membershipId: zhao.membershipId,
      roles: ['OPERATOR'],
    });
    expect(beyond.statusCode).toBe(403);
    const admin = await command(manager, {
      action: 'UPDATE_ROLES',
      membershipId: zhao.membershipId,
      roles: ['ADMIN'],
    });
    expect(admin.statusCode).toBe(403);
    const owner = (await memberNamed(ownerSh, OWNER_SH))!;
    const onOwner = await command(manager, { action: 'REMOVE', membershipId: owner.membershipId });
    expect(onOwner.statusCode).toBe(403);
  });
});

describe('removing a member', () => {
  it('removes the member, and their sessions lose the organisation at once', async () => {
    const zhaoToken = await sessionOf(t.app, t.config, userIdOf(STAFF_BOTH), DEMO_ORGS.shanghai.id);
    const before = await call(t.app, 'GET', '/api/user', zhaoToken);
    expect(before.json()).toMatchObject({ data: { orgId: DEMO_ORGS.shanghai.id } });
    const zhao = (await memberNamed(ownerSh, STAFF_BOTH))!;
    const removed = await command(ownerSh, { action: 'REMOVE', membershipId: zhao.membershipId });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(dataOf<StaffCommandResult>(removed).member).toBeNull();
    expect(await memberNamed(ownerSh, STAFF_BOTH)).toBeUndefined();
    // Still signed in, without the organisation: its data is out of reach.
    const after = await call(t.app, 'GET', '/api/user', zhaoToken);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ data: { orgId: '' } });
    expect((await call(t.app, 'GET', ORG_URL.organization, zhaoToken)).statusCode).toBe(403);
    // Their other organisation is untouched and can be switched to.
    const switched = await call(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.hangzhou.id}`, zhaoToken);
    expect(switched.statusCode, switched.body).toBe(200);
    expect(t.logs.events('member.removed')).toHaveLength(1);
  });

  it('refuses to remove the last owner', async () => {
    const self = (await memberNamed(ownerSh, OWNER_SH))!;
    const response = await command(ownerSh, { action: 'REMOVE', membershipId: self.membershipId });
    expect(response.statusCode).toBe(409);
    expect(codeOf(response)).toBe('LAST_OWNER');
    expect(await memberNamed(ownerSh, OWNER_SH)).toBeDefined();
  });

  it('keeps one owner when the two owners remove each other at once', async () => {
    const li = (await memberNamed(ownerSh, STAFF_SH))!;
    await command(ownerSh, { action: 'UPDATE_ROLES', membershipId: li.membershipId, roles: ['ADMIN'] });
    const liToken = await sessionOf(t.app, t.config, userIdOf(STAFF_SH), DEMO_ORGS.shanghai.id);
    const self = (await memberNamed(ownerSh, OWNER_SH))!;
    const answers = await Promise.all([
      command(ownerSh, { action: 'REMOVE', membershipId: li.membershipId }),
      command(liToken, { action: 'REMOVE', membershipId: self.membershipId }),
    ]);
    const owners = await t.app.db
      .selectFrom('memberships')
      .select('id')
      .where('org_id', '=', DEMO_ORGS.shanghai.id)
      .where('owner', '=', 1)
      .execute();
    expect(owners).toHaveLength(1);
    expect(answers.map((a) => a.statusCode).sort()).toEqual(expect.arrayContaining([200]));
  });

  it('answers 400 without a member and 404 for one of another organisation', async () => {
    expect((await command(ownerSh, { action: 'REMOVE' })).statusCode).toBe(400);
    const ownerHz = await sessionOf(t.app, t.config, userIdOf(OWNER_HZ), DEMO_ORGS.hangzhou.id);
    const li = (await memberNamed(ownerSh, STAFF_SH))!;
    const response = await command(ownerHz, { action: 'REMOVE', membershipId: li.membershipId });
    expect(response.statusCode).toBe(404);
    expect(t.logs.events('cross_org.denied')).toHaveLength(1);
    expect(await memberNamed(ownerSh, STAFF_SH)).toBeDefined();
  });
});
