/**
 * The security log: each security event writes exactly one structured entry (UTC time, user id, org id,
 * IP, event, request id); user input cannot forge a second line; no secret reaches the log.
 */
import crypto from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import type { TokenResponse } from '@contract/auth-schemas';
import { GRANT_TYPE, OAUTH_SCOPE } from '@contract/constants';
import type { Invitation } from '@contract/invitation-schemas';
import type { NoticeItem } from '@contract/notice-schemas';
import type { ExportTask } from '@contract/export-schemas';
import { DEMO_ORGS, DEMO_PASSWORD } from '../../src/db/seed';
import { logSecurityEvent, SECURITY_EVENT } from '../../src/lib/security-log';
import { INVITATION_ACCEPT_IP_LIMIT } from '../../src/modules/invitation/routes';
import {
  authed,
  basicAuth,
  bearer,
  insertCaptchaVerification,
  passwordGrant,
  signIn,
  startApp,
  tokenRequest,
  type TestApp,
} from '../support/helpers';
import {
  changePassword,
  cipherOf,
  latestCode,
  NEW_PASSWORD,
  otherCode,
  OWNER_HZ,
  OWNER_SH,
  sendSms,
  STAFF_BOTH,
  STAFF_SH,
} from '../support/verification-helpers';

const SECOND = 1000;
const UTC_TIME = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const FORGED = '\r\n[FAKE] admin login ok';

let t: TestApp;
/** Every secret a test handled; none may appear in the captured log. */
const secrets = new Set<string>([DEMO_PASSWORD, NEW_PASSWORD]);
const keep = (tokens: TokenResponse) => {
  secrets.add(tokens.access_token);
  secrets.add(tokens.refresh_token);
  return tokens;
};

beforeAll(async () => {
  t = await startApp({ logLevel: 'trace' });
});
afterAll(async () => {
  await t.app.close();
});

/** A fresh Request-Id, so the entries of one request can be told apart in the shared log. */
const newRequestId = () => `sec-${crypto.randomUUID()}`;

interface Expected {
  event: string;
  userId: string | null;
  orgId: string | null;
  ip?: string;
}

/** The one security entry of request `reqId`, with every field checklist H37 asks for. */
function expectOneEntry(reqId: string, expected: Expected): Record<string, unknown> {
  const entries = t.logs.entries().filter((entry) => entry.security === true && entry.reqId === reqId);
  expect(entries).toEqual([
    expect.objectContaining({
      event: expected.event,
      userId: expected.userId,
      orgId: expected.orgId,
      ip: expected.ip ?? '127.0.0.1',
      reqId,
      time: expect.stringMatching(UTC_TIME),
    }),
  ]);
  return entries[0]!;
}

const noEntry = (reqId: string) =>
  expect(t.logs.entries().filter((entry) => entry.security === true && entry.reqId === reqId)).toEqual([]);

describe('sign-in', () => {
  it('logs one login.success with the user and organisation', async () => {
    const reqId = newRequestId();
    const response = await passwordGrant(t.app, { mobile: OWNER_SH, headers: { 'request-id': reqId } });
    const { account } = keep(response.json<TokenResponse>());
    expectOneEntry(reqId, { event: SECURITY_EVENT.loginSuccess, userId: account.id, orgId: account.orgId });
  });

  it('logs one login.failed for a wrong password', async () => {
    const reqId = newRequestId();
    const response = await passwordGrant(t.app, {
      mobile: STAFF_SH,
      password: 'Wrong@1234',
      headers: { 'request-id': reqId },
    });
    expect(response.statusCode).toBe(400);
    const { id } = await t.app.db
      .selectFrom('users')
      .select('id')
      .where('mobile', '=', STAFF_SH)
      .executeTakeFirstOrThrow();
    const entry = expectOneEntry(reqId, { event: SECURITY_EVENT.loginFailed, userId: id, orgId: null });
    expect(entry.mobile).toBe('138****0002');
  });

  it('logs one captcha.rejected when a spent captcha verification comes back', async () => {
    const captcha = await insertCaptchaVerification(t.app);
    secrets.add(captcha);
    keep((await passwordGrant(t.app, { mobile: STAFF_BOTH, captchaVerification: captcha })).json());
    const reqId = newRequestId();
    const replay = await passwordGrant(t.app, {
      mobile: STAFF_BOTH,
      captchaVerification: captcha,
      headers: { 'request-id': reqId },
    });
    expect(replay.json()).toMatchObject({ error: 'captcha_invalid' });
    expectOneEntry(reqId, { event: SECURITY_EVENT.captchaRejected, userId: null, orgId: null });
  });
});

const refreshForm = (refreshToken: string) => ({
  grant_type: GRANT_TYPE.refresh,
  refresh_token: refreshToken,
  scope: OAUTH_SCOPE,
});

describe('refresh token reuse', () => {
  it('logs one refresh.reuse with the family’s user and organisation', async () => {
    const first = keep(await signIn(t.app, OWNER_HZ));
    keep((await tokenRequest(t.app, refreshForm(first.refresh_token))).json<TokenResponse>());
    t.clock.advance(31 * SECOND);
    const reqId = newRequestId();
    const reuse = await tokenRequest(t.app, refreshForm(first.refresh_token), {
      authorization: basicAuth(t.config),
      'request-id': reqId,
    });
    expect(reuse.json()).toMatchObject({ error: 'invalid_grant' });
    expectOneEntry(reqId, {
      event: SECURITY_EVENT.refreshReuse,
      userId: first.account.id,
      orgId: first.account.orgId,
    });
  });
});

describe('a wrong SMS code', () => {
  it('logs one otp.failed for the member, without the code', async () => {
    const tokens = keep(await signIn(t.app, STAFF_SH));
    const ciphertext = cipherOf(t.app);
    secrets.add(ciphertext);
    expect((await changePassword(t.app, tokens.access_token, ciphertext)).statusCode).toBe(406);
    expect((await sendSms(t.app, STAFF_SH, { accessToken: tokens.access_token })).statusCode).toBe(200);
    const code = await latestCode(t.app, STAFF_SH);
    const wrong = otherCode(code);
    secrets.add(code);
    secrets.add(wrong);
    const reqId = newRequestId();
    const refused = await changePassword(t.app, tokens.access_token, ciphertext, {
      'Verify-Code': wrong,
      'request-id': reqId,
    });
    expect(refused.json()).toMatchObject({ code: 'SMS_CODE_INVALID' });
    expectOneEntry(reqId, {
      event: SECURITY_EVENT.otpFailed,
      userId: tokens.account.id,
      orgId: tokens.account.orgId,
    });
  });
});

describe('a rate limit', () => {
  it('logs one rate.limited for the request over the limit, with the signed-in member', async () => {
    const tokens = keep(await signIn(t.app, OWNER_SH));
    const ip = '203.0.113.37';
    const accept = (reqId: string) =>
      t.app.inject({
        method: 'POST',
        url: `/api/account/invitation/${DEMO_ORGS.hangzhou.id}/${'x'.repeat(32)}`,
        remoteAddress: ip,
        headers: { ...bearer(tokens.access_token), 'request-id': reqId },
      });
    for (let i = 0; i < INVITATION_ACCEPT_IP_LIMIT.limit; i++) {
      expect((await accept(newRequestId())).statusCode).toBe(404);
    }
    const reqId = newRequestId();
    expect((await accept(reqId)).statusCode).toBe(429);
    expectOneEntry(reqId, {
      event: SECURITY_EVENT.rateLimited,
      userId: tokens.account.id,
      orgId: tokens.account.orgId,
      ip,
    });
  });
});

describe('another organisation’s resource', () => {
  let zhang: TokenResponse;
  let wang: TokenResponse;
  beforeAll(async () => {
    zhang = keep(await signIn(t.app, OWNER_SH));
    wang = keep(await signIn(t.app, OWNER_HZ));
  });

  const expectCrossOrg = (reqId: string, resource: string, by: TokenResponse | null, ip?: string) => {
    const entry = expectOneEntry(reqId, {
      event: SECURITY_EVENT.crossOrgDenied,
      userId: by?.account.id ?? null,
      orgId: by?.account.orgId ?? null,
      ...(ip ? { ip } : {}),
    });
    expect(entry).toMatchObject({ targetOrgId: DEMO_ORGS.hangzhou.id, reason: resource });
  };

  it('logs one cross_org.denied for an export task of another organisation, answered 404', async () => {
    const created = await authed(t.app, 'POST', '/api/export-tasks', wang.access_token, {
      kind: 'org-relation',
    });
    const task = created.json<{ data: ExportTask }>().data;
    const reqId = newRequestId();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/export-tasks/${task.id}/file`,
      headers: { ...bearer(zhang.access_token), 'request-id': reqId },
    });
    expect(response.statusCode).toBe(404);
    expectCrossOrg(reqId, 'export_task', zhang);
  });

  it('logs nothing for a task that does not exist: a 404 alone is no attack', async () => {
    const reqId = newRequestId();
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/export-tasks/${crypto.randomUUID()}/file`,
      headers: { ...bearer(zhang.access_token), 'request-id': reqId },
    });
    expect(response.statusCode).toBe(404);
    noEntry(reqId);
  });

  it('logs one cross_org.denied for a notice of another organisation', async () => {
    const posted = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/notices',
      payload: { mobile: OWNER_HZ, type: 2, title: '杭州待办', content: '仅杭州可见' },
    });
    const notice = posted.json<{ data: NoticeItem }>().data;
    const reqId = newRequestId();
    const response = await t.app.inject({
      method: 'PUT',
      url: `/api/plat-message/${notice.id}?status=1`,
      headers: { ...bearer(zhang.access_token), 'request-id': reqId },
    });
    expect(response.statusCode).toBe(404);
    expectCrossOrg(reqId, 'notice', zhang);
  });

  it('logs one cross_org.denied for an invitation code presented with another organisation’s id', async () => {
    const created = await authed(t.app, 'POST', '/api/invitation', wang.access_token, {});
    const { code } = created.json<{ data: Invitation }>().data;
    secrets.add(code);

    const acceptId = newRequestId();
    const accept = await t.app.inject({
      method: 'POST',
      url: `/api/account/invitation/${DEMO_ORGS.shanghai.id}/${code}`,
      remoteAddress: '203.0.113.61',
      headers: { ...bearer(zhang.access_token), 'request-id': acceptId },
    });
    expect(accept.statusCode).toBe(404);
    expectCrossOrg(acceptId, 'invitation', zhang, '203.0.113.61');

    const detailId = newRequestId();
    const detail = await t.app.inject({
      method: 'GET',
      url: `/api/invitation/detail/${DEMO_ORGS.shanghai.id}/${code}`,
      remoteAddress: '203.0.113.62',
      headers: { 'request-id': detailId },
    });
    expect(detail.statusCode).toBe(404);
    expectCrossOrg(detailId, 'invitation', null, '203.0.113.62');
  });
});

describe('forged input', () => {
  const linesOf = () => t.logs.raw().split('\n').filter(Boolean);

  it('cannot write a second line through a mobile', async () => {
    const mobile = `${OWNER_SH}${FORGED}`;
    const before = linesOf().length;
    await passwordGrant(t.app, { mobile });
    await t.app.inject({
      method: 'POST',
      url: '/api/account/mobile/validation',
      payload: { mobile, captchaVerification: 'spent' },
    });
    await sendSms(t.app, mobile);
    logSecurityEvent(
      { ip: '127.0.0.1', id: 'forge-direct', log: t.app.log } as unknown as FastifyRequest,
      SECURITY_EVENT.loginFailed,
      { mobile, reason: FORGED },
    );
    const lines = linesOf().slice(before);
    for (const line of lines) {
      expect(() => JSON.parse(line) as unknown, line).not.toThrow();
      expect(line.startsWith('[FAKE]')).toBe(false);
    }
    const entry = expectOneEntry('forge-direct', {
      event: SECURITY_EVENT.loginFailed,
      userId: null,
      orgId: null,
    });
    expect(entry.mobile).not.toMatch(/[\r\n]/);
    expect(entry.reason).not.toMatch(/[\r\n]/);
    expect(t.logs.raw()).not.toMatch(/\n\[FAKE\]/);
  });
});

describe('the captured log', () => {
  it('holds no password, token, captcha verification, invitation code or SMS code', () => {
    const raw = t.logs.raw();
    for (const secret of secrets) {
      // Standalone: a 6-digit code must not match inside a longer identifier.
      const escaped = secret.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
      expect(raw, 'a secret is in the log').not.toMatch(
        new RegExp(`(?<![0-9A-Za-z])${escaped}(?![0-9A-Za-z])`),
      );
    }
    expect(secrets.size).toBeGreaterThan(10);
  });
});
