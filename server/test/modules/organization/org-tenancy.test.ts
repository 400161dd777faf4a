/**
 * Every call of the organisation, staff and agreements sees only the caller's organisation: for each call, the
 * caller's own organisation, another organisation's records, a user who belongs to none, and a member
 * without the permission.
 */
import type { Page } from '@contract/envelope-schemas';
import { ORG_URL } from '@contract/organization';
import type { OrgAgreement, StaffMember } from '@contract/organization-schemas';
import { DEMO_AGREEMENTS, DEMO_ORGS } from '../../../src/db/seed';
import { startApp, type TestApp } from '../../support/helpers';
import { call, dataOf, lonelyUser, sessionOf, userIdOf } from '../../support/org-helpers';
import { OWNER_HZ, OWNER_SH, STAFF_BOTH } from '../../support/verification-helpers';

let t: TestApp;
const token = { own: '', other: '', noOrg: '', noPermission: '' };
let otherMember = '';
const otherAgreement = DEMO_AGREEMENTS[0].id;

beforeAll(async () => {
  t = await startApp();
  token.own = await sessionOf(t.app, t.config, userIdOf(OWNER_HZ), DEMO_ORGS.hangzhou.id);
  token.other = await sessionOf(t.app, t.config, userIdOf(OWNER_SH), DEMO_ORGS.shanghai.id);
  // 13800000004 is a member of Hangzhou with the dashboard and notices only.
  token.noPermission = await sessionOf(t.app, t.config, userIdOf(STAFF_BOTH), DEMO_ORGS.hangzhou.id);
  token.noOrg = await sessionOf(t.app, t.config, await lonelyUser(t.app, '13700000001'), null);
  const shanghaiStaff = dataOf<Page<StaffMember>>(await call(t.app, 'GET', ORG_URL.staff, token.other));
  otherMember = shanghaiStaff.content.find((m) => !m.owner)?.membershipId ?? '';
});
afterAll(async () => {
  await t.app.close();
});

type Who = keyof typeof token;
interface Case {
  name: string;
  send: (who: Who) => ReturnType<typeof call>;
  expected: Record<Who, number>;
}

const contact = { contactName: '陈静', contactMobile: '13912345678' };
const CASES: Case[] = [
  {
    name: 'GET /api/organization',
    send: (who) => call(t.app, 'GET', ORG_URL.organization, token[who]),
    expected: { own: 200, other: 200, noOrg: 403, noPermission: 200 },
  },
  {
    name: 'PUT /api/organization',
    send: (who) => call(t.app, 'PUT', ORG_URL.organization, token[who], { payload: contact }),
    expected: { own: 200, other: 200, noOrg: 403, noPermission: 403 },
  },
  {
    name: 'GET /api/scbill/configuration/staff',
    send: (who) => call(t.app, 'GET', ORG_URL.staff, token[who]),
    expected: { own: 200, other: 200, noOrg: 200, noPermission: 403 },
  },
  {
    name: 'POST /api/scbill/configuration/staff (a member of another organisation)',
    send: (who) =>
      call(t.app, 'POST', ORG_URL.staff, token[who], {
        payload: { action: 'UPDATE_ROLES', membershipId: otherMember, roles: ['VIEWER'] },
      }),
    expected: { own: 404, other: 200, noOrg: 403, noPermission: 403 },
  },
  {
    name: 'GET /api/scbill/org/sign',
    send: (who) => call(t.app, 'GET', ORG_URL.sign, token[who]),
    expected: { own: 200, other: 200, noOrg: 403, noPermission: 403 },
  },
  {
    name: 'GET /api/scbill/org/sign/release (another organisation’s agreement)',
    send: (who) => call(t.app, 'GET', ORG_URL.signRelease, token[who], { query: { id: otherAgreement } }),
    expected: { own: 404, other: 200, noOrg: 403, noPermission: 403 },
  },
  {
    name: 'PUT /api/scbill/org/sign/{id} (another organisation’s agreement, in use there)',
    send: (who) =>
      call(t.app, 'PUT', `${ORG_URL.sign}/${otherAgreement}`, token[who], { payload: { action: 'RELEASE' } }),
    expected: { own: 404, other: 409, noOrg: 403, noPermission: 403 },
  },
  {
    name: 'POST /api/scbill/org/sign',
    send: (who) =>
      call(t.app, 'POST', ORG_URL.sign, token[who], { payload: { agreementCode: 'SCB_SERVICE' } }),
    // Hangzhou's owner is asked for an SMS code (no licence bound); Shanghai signed it already.
    expected: { own: 406, other: 409, noOrg: 403, noPermission: 403 },
  },
  {
    name: 'POST /api/scbill/org-acct/open-func',
    send: (who) => call(t.app, 'POST', ORG_URL.openFunc, token[who], { payload: { funcCode: 'BILL_ISSUE' } }),
    expected: { own: 409, other: 200, noOrg: 403, noPermission: 403 },
  },
  {
    name: 'GET /api/organization/onboarding',
    send: (who) => call(t.app, 'GET', ORG_URL.onboarding, token[who]),
    expected: { own: 200, other: 200, noOrg: 403, noPermission: 200 },
  },
];

describe.each(CASES)('$name', ({ send, expected }) => {
  it.each(Object.keys(token) as Who[])('answers %s as the matrix says', async (who) => {
    const response = await send(who);
    expect(response.statusCode, response.body).toBe(expected[who]);
  });
});

describe('what each organisation sees', () => {
  it('lists only the caller’s own members, agreements and details', async () => {
    const staff = dataOf<Page<StaffMember>>(await call(t.app, 'GET', ORG_URL.staff, token.own));
    const hangzhouUsers = await t.app.db
      .selectFrom('memberships')
      .select('user_id')
      .where('org_id', '=', DEMO_ORGS.hangzhou.id)
      .execute();
    expect(staff.content.map((m) => m.userId).sort()).toEqual(hangzhouUsers.map((r) => r.user_id).sort());
    const agreements = dataOf<OrgAgreement[]>(await call(t.app, 'GET', ORG_URL.sign, token.own));
    expect(agreements.every((a) => a.status === 'UNSIGNED')).toBe(true);
    const org = await call(t.app, 'GET', ORG_URL.organization, token.own);
    expect(org.json()).toMatchObject({ data: { orgId: DEMO_ORGS.hangzhou.id } });
    expect(t.logs.events('cross_org.denied').length).toBeGreaterThanOrEqual(3);
  });
});
