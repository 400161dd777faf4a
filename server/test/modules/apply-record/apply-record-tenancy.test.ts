/**
 * Every apply-record and e-licence call sees only the caller's organisation: for each call, the caller's own
 * organisation (an administrator), another organisation's administrator, a user who belongs to none, and a
 * member who is not an administrator.
 */
import { pathOf } from '@contract/paths';
import type { LightMyRequestResponse } from 'fastify';
import { APPLY_RECORD_URL } from '@contract/apply-record';
import type { ApplyRecord } from '@contract/apply-record-schemas';
import { ELEC_LICENCE_URL } from '@contract/elec-licence';
import type { LicenceQrImage } from '@contract/elec-licence-schemas';
import { DEMO_ORGS } from '../../../src/db/seed';
import { call } from '../../support/bank-helpers';
import { startApp, type TestApp } from '../../support/helpers';
import {
  applyTo,
  dataOf,
  matrixTokens,
  newUser,
  PDF,
  sessionOf,
  uploadLetter,
} from '../../support/apply-record-helpers';

type Caller = 'own' | 'other' | 'noOrg' | 'noPermission';
const CALLERS: Caller[] = ['other', 'noOrg', 'noPermission', 'own'];

let t: TestApp;
let tokens: Record<Caller, string>;
let applicantToken: string;
let mobile = 0;

beforeAll(async () => {
  t = await startApp();
  tokens = await matrixTokens(t);
});
afterAll(async () => {
  await t.app.close();
});

async function pendingRecord(): Promise<ApplyRecord> {
  const userId = await newUser(t.app, `1350000${String(++mobile).padStart(4, '0')}`);
  applicantToken = await sessionOf(t, userId, null);
  return applyTo(t.app, applicantToken);
}

const statusOfRecord = async (id: string) =>
  (await t.app.db.selectFrom('apply_records').select('status').where('id', '=', id).executeTakeFirstOrThrow())
    .status;

interface Row {
  name: string;
  run: (token: string, record: ApplyRecord) => Promise<LightMyRequestResponse>;
  expected: Record<Caller, number>;
}

const RECORD_CALLS: Row[] = [
  {
    name: 'GET /api/apply-record/detail/{id}',
    run: (token, r) => call(t.app, 'GET', pathOf(APPLY_RECORD_URL.detail, { id: r.id }), token),
    expected: { own: 200, other: 404, noOrg: 403, noPermission: 403 },
  },
  {
    name: 'PUT /api/apply-record/close/{id}',
    run: (token, r) => call(t.app, 'PUT', pathOf(APPLY_RECORD_URL.close, { id: r.id }), token),
    expected: { own: 200, other: 404, noOrg: 403, noPermission: 403 },
  },
  {
    name: 'PUT /api/apply-record/refuse/{id}',
    run: (token, r) =>
      call(t.app, 'PUT', pathOf(APPLY_RECORD_URL.refuse, { id: r.id }), token, {
        payload: { reason: '不符合' },
      }),
    expected: { own: 200, other: 404, noOrg: 403, noPermission: 403 },
  },
  {
    name: 'PUT /api/apply-record/auth',
    run: (token, r) =>
      call(t.app, 'PUT', APPLY_RECORD_URL.auth, token, { payload: { id: r.id, roles: ['ADMIN'] } }),
    expected: { own: 200, other: 404, noOrg: 403, noPermission: 403 },
  },
  {
    // The applicant may upload too (tested elsewhere); anyone else who is not an administrator sees no record.
    name: 'POST /api/apply-record/{id}/auth-letter',
    run: (token, r) => uploadLetter(t.app, token, r.id, PDF),
    expected: { own: 200, other: 404, noOrg: 404, noPermission: 404 },
  },
  {
    name: 'POST /api/apply-record/confirm-auth/qr-image/apply',
    run: (token, r) =>
      call(t.app, 'POST', ELEC_LICENCE_URL.confirmAuth, token, { payload: { id: r.id, roles: ['STAFF'] } }),
    expected: { own: 200, other: 404, noOrg: 403, noPermission: 403 },
  },
  {
    // Only the applicant asks the licence holder to bind them; nobody else, the administrator included.
    name: 'POST /api/apply-record/bind-auth/qr-image/apply',
    run: (token, r) => call(t.app, 'POST', ELEC_LICENCE_URL.bindAuth, token, { payload: { id: r.id } }),
    expected: { own: 404, other: 404, noOrg: 404, noPermission: 404 },
  },
];

describe('apply-record calls across organisations', () => {
  it.each(RECORD_CALLS)('$name answers each caller as its organisation allows', async ({ run, expected }) => {
    const record = await pendingRecord();
    for (const caller of CALLERS) {
      const response = await run(tokens[caller], record);
      expect(response.statusCode, `${caller}: ${response.body}`).toBe(expected[caller]);
      // Nothing a refused caller did moved the record.
      if (caller !== 'own') expect(await statusOfRecord(record.id)).toBe('PENDING');
    }
  });

  it('logs another organisation’s attempts on a record', async () => {
    const record = await pendingRecord();
    const before = t.logs.events('cross_org.denied').length;
    await call(t.app, 'PUT', pathOf(APPLY_RECORD_URL.close, { id: record.id }), tokens.other);
    expect(t.logs.events('cross_org.denied').length).toBe(before + 1);
  });

  it('lists only the caller’s organisation, and refuses users who do not administer one', async () => {
    const record = await pendingRecord();
    const list = (token: string) => call(t.app, 'GET', `${APPLY_RECORD_URL.list}?size=100`, token);
    const ids = (response: LightMyRequestResponse) =>
      dataOf<{ content: ApplyRecord[] }>(response).content.map((r) => r.id);
    expect(ids(await list(tokens.own))).toContain(record.id);
    expect(ids(await list(tokens.other))).not.toContain(record.id);
    expect((await list(tokens.noOrg)).statusCode).toBe(403);
    expect((await list(tokens.noPermission)).statusCode).toBe(403);
  });

  it('serves a letter to the record’s organisation and applicant only', async () => {
    const record = await pendingRecord();
    expect((await uploadLetter(t.app, tokens.own, record.id, PDF)).statusCode).toBe(200);
    const fetch = (token: string) =>
      call(t.app, 'GET', pathOf(APPLY_RECORD_URL.authLetter, { id: record.id }), token);
    expect((await fetch(tokens.own)).statusCode).toBe(200);
    expect((await fetch(applicantToken)).statusCode).toBe(200);
    for (const caller of ['other', 'noOrg', 'noPermission'] as const)
      expect((await fetch(tokens[caller])).statusCode, caller).toBe(404);
  });
});

describe('e-licence calls across organisations', () => {
  it.each([
    ['GET', ELEC_LICENCE_URL.orgAuth, undefined],
    ['GET', ELEC_LICENCE_URL.changeAuth, undefined],
    ['POST', ELEC_LICENCE_URL.bizAuth, { bizType: 'SCBILL' }],
  ] as const)(
    '%s %s acts for the caller’s own organisation and its administrators only',
    async (method, url, payload) => {
      const run = (token: string) => call(t.app, method, url, token, payload ? { payload } : {});
      expect((await run(tokens.noOrg)).statusCode).toBe(403);
      expect((await run(tokens.noPermission)).statusCode).toBe(403);
      // The Shanghai administrator's code names Shanghai, whatever they do.
      const other = await run(tokens.other);
      if (other.statusCode === 200) {
        const { qrId } = dataOf<LicenceQrImage>(other);
        const session = await t.app.db
          .selectFrom('licence_qr_sessions')
          .select('org_id')
          .where('id', '=', qrId)
          .executeTakeFirstOrThrow();
        expect(session.org_id).toBe(DEMO_ORGS.shanghai.id);
      } else expect(other.statusCode).toBe(409);
    },
  );

  it('answers a code’s status to the user who asked for it only', async () => {
    const own = await call(t.app, 'GET', ELEC_LICENCE_URL.orgAuth, tokens.own);
    expect(own.statusCode, own.body).toBe(200);
    const { qrId } = dataOf<LicenceQrImage>(own);
    for (const caller of CALLERS) {
      const response = await call(t.app, 'GET', pathOf(ELEC_LICENCE_URL.status, { qrId }), tokens[caller]);
      expect(response.statusCode, caller).toBe(caller === 'own' ? 200 : 404);
    }
  });

  it('shows the organisation state to its members and refuses a user without one', async () => {
    expect((await call(t.app, 'GET', ELEC_LICENCE_URL.state, tokens.noPermission)).statusCode).toBe(200);
    expect((await call(t.app, 'GET', ELEC_LICENCE_URL.state, tokens.noOrg)).statusCode).toBe(403);
  });
});
