import { pathOf } from '@contract/paths';
import { APPLY_RECORD_URL, AUTH_LETTER_MAX_BYTES } from '@contract/apply-record';
import type { ApplyRecord } from '@contract/apply-record-schemas';
import type { CompanyItem, PermissionItem } from '@contract/auth-schemas';
import { PERMISSION_PATH_PREFIX } from '@contract/constants';
import type { Page } from '@contract/envelope-schemas';
import { ORG_URL } from '@contract/organization';
import type { StaffCommandResult, StaffMember } from '@contract/organization-schemas';
import { PERMISSION } from '@contract/permissions';
import { REALTIME_EVENT } from '@contract/realtime';
import { DEMO_ORGS } from '../../../src/db/seed';
import { call } from '../../support/bank-helpers';
import { getData, listenAs, startApp, type TestApp } from '../../support/helpers';
import {
  applyTo,
  codeOf,
  dataOf,
  demoUserId,
  EXE,
  JPEG,
  newUser,
  PDF,
  PNG,
  sessionOf,
  uploadLetter,
} from '../../support/apply-record-helpers';

/** Through PostgreSQL an event arrives a moment after its commit; longer on a busy machine. */
const EVENT_WAIT = { timeout: 5000 };

let t: TestApp;
let owner: string;
let mobileSeq = 0;

/** A fresh applicant with a token, signed in without an organisation. */
async function applicant() {
  const userId = await newUser(t.app, `1360000${String(++mobileSeq).padStart(4, '0')}`, `申请人${mobileSeq}`);
  return { userId, token: await sessionOf(t, userId, null) };
}

beforeAll(async () => {
  t = await startApp();
  owner = await sessionOf(t, demoUserId('13800000003'), DEMO_ORGS.hangzhou.id);
});
afterAll(async () => {
  await t.app.close();
});

const close = (id: string, token = owner) =>
  call(t.app, 'PUT', pathOf(APPLY_RECORD_URL.close, { id }), token);
const refuse = (id: string, reason: string, token = owner) =>
  call(t.app, 'PUT', pathOf(APPLY_RECORD_URL.refuse, { id }), token, { payload: { reason } });
const authorise = (id: string, roles: string[], token = owner, headers?: Record<string, string>) =>
  call(t.app, 'PUT', APPLY_RECORD_URL.auth, token, {
    payload: { id, roles },
    ...(headers ? { headers } : {}),
  });

/** The applicant's line in the owner's 成员管理. */
async function memberAsOwnerSees(userId: string): Promise<StaffMember | undefined> {
  const page = await getData<Page<StaffMember>>(t.app, `${ORG_URL.staff}?size=100`, owner);
  return page.content.find((member) => member.userId === userId);
}

/** The permission paths a session is granted, as the SPA reads them (without the stored prefix). */
async function grantedPaths(token: string): Promise<string[]> {
  const page = await getData<Page<PermissionItem>>(t.app, '/api/permission/page?page=0&size=100', token);
  return page.content
    .filter((item) => item.granted)
    .map((item) => item.path.slice(PERMISSION_PATH_PREFIX.length));
}

describe('applying to join', () => {
  it('creates a waiting record by credit code, and answers the same record when applied again', async () => {
    const { token } = await applicant();
    const record = await applyTo(t.app, token, ` ${DEMO_ORGS.hangzhou.creditCode.toLowerCase()} `);
    expect(record).toMatchObject({ status: 'PENDING', orgName: DEMO_ORGS.hangzhou.name, roles: [] });
    expect(record.applicantMobile).toMatch(/^\d{3}\*{4}\d{4}$/);

    const again = await call(t.app, 'POST', APPLY_RECORD_URL.apply, token, {
      payload: { creditCode: DEMO_ORGS.hangzhou.creditCode },
    });
    expect(again.statusCode).toBe(200);
    expect(dataOf<ApplyRecord>(again).id).toBe(record.id);
  });

  it('refuses an unknown credit code with 404, a malformed one with 400, and a member with 409', async () => {
    const { token } = await applicant();
    const unknown = await call(t.app, 'POST', APPLY_RECORD_URL.apply, token, {
      payload: { creditCode: '91350100M000100Y43' },
    });
    expect([unknown.statusCode, codeOf(unknown)]).toEqual([404, 'NOT_FOUND']);
    const short = await call(t.app, 'POST', APPLY_RECORD_URL.apply, token, {
      payload: { creditCode: '913' },
    });
    expect([short.statusCode, codeOf(short)]).toEqual([400, 'BAD_REQUEST']);
    const member = await call(t.app, 'POST', APPLY_RECORD_URL.apply, owner, {
      payload: { creditCode: DEMO_ORGS.hangzhou.creditCode },
    });
    expect([member.statusCode, codeOf(member)]).toEqual([409, 'ALREADY_MEMBER']);
  });

  it('tells the organisation’s tabs that a record arrived', async () => {
    const socket = listenAs(t.app, demoUserId('13800000003'), DEMO_ORGS.hangzhou.id);
    const { token } = await applicant();
    const record = await applyTo(t.app, token);
    const [message] = await socket.first(1);
    expect(message).toEqual({ type: REALTIME_EVENT.applyRecord, payload: { id: record.id } });
    socket.remove();
  });
});

describe('the organisation’s list and detail', () => {
  it('pages newest first, filters by status and by the applicant’s name or mobile', async () => {
    const a = await applicant();
    const first = await applyTo(t.app, a.token);
    t.clock.advance(1000);
    const b = await applicant();
    const second = await applyTo(t.app, b.token);
    expect((await refuse(second.id, '资料不全')).statusCode).toBe(200);

    const page = await getData<Page<ApplyRecord>>(t.app, `${APPLY_RECORD_URL.list}?page=0&size=1`, owner);
    expect(page.content.map((r) => r.id)).toEqual([second.id]);
    expect(page.totalElements).toBeGreaterThanOrEqual(2);
    expect(page.size).toBe(1);

    const refused = await getData<Page<ApplyRecord>>(t.app, `${APPLY_RECORD_URL.list}?status=REFUSED`, owner);
    expect(refused.content.map((r) => r.id)).toContain(second.id);
    expect(refused.content.every((r) => r.status === 'REFUSED')).toBe(true);

    const byName = await getData<Page<ApplyRecord>>(
      t.app,
      `${APPLY_RECORD_URL.list}?keyword=${encodeURIComponent(`申请人${mobileSeq - 1}`)}`,
      owner,
    );
    expect(byName.content.map((r) => r.id)).toEqual([first.id]);
    const refusedByName = (name: string) =>
      getData<Page<ApplyRecord>>(
        t.app,
        `${APPLY_RECORD_URL.list}?status=REFUSED&keyword=${encodeURIComponent(name)}`,
        owner,
      );
    expect((await refusedByName(`申请人${mobileSeq - 1}`)).content).toEqual([]);
    expect((await refusedByName(`申请人${mobileSeq}`)).content.map((r) => r.id)).toEqual([second.id]);
    // A LIKE wildcard typed by the user is a character, not a pattern.
    const wildcard = await getData<Page<ApplyRecord>>(t.app, `${APPLY_RECORD_URL.list}?keyword=%25`, owner);
    expect(wildcard).toMatchObject({ content: [], totalElements: 0 });
    const detail = await getData<ApplyRecord>(
      t.app,
      pathOf(APPLY_RECORD_URL.detail, { id: first.id }),
      owner,
    );
    expect(detail.applicantMobile).toMatch(/^1360000\d{4}$/);
  });

  it('refuses a status outside the catalogue with 400', async () => {
    const response = await call(t.app, 'GET', `${APPLY_RECORD_URL.list}?status=DONE`, owner);
    expect(response.statusCode).toBe(400);
  });
});

describe('transitions', () => {
  it('authorises a waiting record: the applicant becomes a member with the roles given', async () => {
    const { userId, token } = await applicant();
    const record = await applyTo(t.app, token);
    const socket = listenAs(t.app, userId);
    const response = await authorise(record.id, ['STAFF']);
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<ApplyRecord>(response)).toMatchObject({ status: 'AUTHORISED', roles: ['STAFF'] });
    await vi.waitFor(
      () => expect(socket.messages.map((m) => m.type)).toContain(REALTIME_EVENT.organization),
      EVENT_WAIT,
    );

    const companies = await getData<CompanyItem[]>(t.app, '/api/account/orgs/list', token);
    expect(companies.map((c) => c.orgId)).toContain(DEMO_ORGS.hangzhou.id);
    const membership = await t.app.db
      .selectFrom('memberships')
      .select(['id', 'owner'])
      .where('user_id', '=', userId)
      .where('org_id', '=', DEMO_ORGS.hangzhou.id)
      .executeTakeFirstOrThrow();
    expect(membership.owner).toBe(0);
    socket.remove();
  });

  it('makes an applicant given ADMIN an administrator', async () => {
    const { userId, token } = await applicant();
    const record = await applyTo(t.app, token);
    expect((await authorise(record.id, ['ADMIN', 'STAFF'])).statusCode).toBe(200);
    const membership = await t.app.db
      .selectFrom('memberships')
      .select('owner')
      .where('user_id', '=', userId)
      .where('org_id', '=', DEMO_ORGS.hangzhou.id)
      .executeTakeFirstOrThrow();
    expect(membership.owner).toBe(1);
  });

  it('gives an applicant authorised as STAFF the 业务经办 role of 成员管理, and exactly its permissions', async () => {
    const { userId, token } = await applicant();
    const record = await applyTo(t.app, token);
    expect((await authorise(record.id, ['STAFF'])).statusCode).toBe(200);

    const member = await memberAsOwnerSees(userId);
    expect(member).toMatchObject({ owner: false, roles: ['OPERATOR'] });
    const inOrg = await sessionOf(t, userId, DEMO_ORGS.hangzhou.id);
    const granted = await grantedPaths(inOrg);
    expect(granted).toContain(PERMISSION.issue.path);
    expect(granted).toContain(PERMISSION.endorse.path);
    expect(granted).not.toContain(PERMISSION.staff.path);
    expect(granted).not.toContain(PERMISSION.companyCenter.path);
    // requirePermission reads the same grant: 成员管理 stays closed to them.
    expect((await call(t.app, 'GET', ORG_URL.staff, inOrg)).statusCode).toBe(403);
  });

  it('gives an applicant authorised as ADMIN the administrator role, with every permission', async () => {
    const { userId, token } = await applicant();
    const record = await applyTo(t.app, token);
    expect((await authorise(record.id, ['ADMIN', 'STAFF'])).statusCode).toBe(200);

    expect(await memberAsOwnerSees(userId)).toMatchObject({ owner: true, roles: ['ADMIN', 'OPERATOR'] });
    const inOrg = await sessionOf(t, userId, DEMO_ORGS.hangzhou.id);
    expect(await grantedPaths(inOrg)).toContain(PERMISSION.staff.path);
    expect((await call(t.app, 'GET', ORG_URL.staff, inOrg)).statusCode).toBe(200);
  });

  it('adds the granted role to someone who became a member meanwhile, keeping the roles they had', async () => {
    const { userId, token } = await applicant();
    const record = await applyTo(t.app, token);
    const mobile = (
      await t.app.db.selectFrom('users').select('mobile').where('id', '=', userId).executeTakeFirstOrThrow()
    ).mobile;
    const added = await call(t.app, 'POST', ORG_URL.staff, owner, {
      payload: { action: 'ADD', mobile, roles: ['FINANCE'] },
    });
    expect(added.statusCode, added.body).toBe(200);
    // 添加成员 invites; the applicant joins by accepting, before the application is decided.
    const { invitation } = dataOf<StaffCommandResult>(added);
    const accepted = await call(
      t.app,
      'POST',
      `/api/account/invitation/${invitation!.orgId}/${invitation!.code}`,
      token,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);

    expect((await authorise(record.id, ['STAFF'])).statusCode).toBe(200);
    expect(await memberAsOwnerSees(userId)).toMatchObject({ roles: ['FINANCE', 'OPERATOR'] });
  });

  it('refuses with the reason kept, and closes', async () => {
    const a = await applicant();
    const toRefuse = await applyTo(t.app, a.token);
    const refused = await refuse(toRefuse.id, '  非本企业员工 ');
    expect(dataOf<ApplyRecord>(refused)).toMatchObject({ status: 'REFUSED', refuseReason: '非本企业员工' });
    const b = await applicant();
    const toClose = await applyTo(t.app, b.token);
    expect(dataOf<ApplyRecord>(await close(toClose.id)).status).toBe('CLOSED');
  });

  it('refuses a refusal without a reason with 400 and an unknown role with 400', async () => {
    const { token } = await applicant();
    const record = await applyTo(t.app, token);
    const blank = await refuse(record.id, '   ');
    expect(blank.statusCode).toBe(400);
    expect(blank.json()).toMatchObject({ msg: '请填写拒绝原因' });
    expect((await authorise(record.id, ['ROOT'])).statusCode).toBe(400);
    expect((await authorise(record.id, [])).statusCode).toBe(400);
  });

  it('answers a repeat of the same move with the record as it is, and refuses every other move from a final state with 409', async () => {
    const moves = {
      close: (id: string) => close(id),
      refuse: (id: string) => refuse(id, '重复申请'),
      auth: (id: string) => authorise(id, ['STAFF']),
    } as const;
    for (const [done, status] of [
      ['close', 'CLOSED'],
      ['refuse', 'REFUSED'],
      ['auth', 'AUTHORISED'],
    ] as const) {
      const { token } = await applicant();
      const record = await applyTo(t.app, token);
      expect((await moves[done](record.id)).statusCode).toBe(200);
      const repeat = await moves[done](record.id);
      expect([repeat.statusCode, dataOf<ApplyRecord>(repeat).status]).toEqual([200, status]);
      for (const other of Object.keys(moves) as Array<keyof typeof moves>) {
        if (other === done) continue;
        const refused = await moves[other](record.id);
        expect([refused.statusCode, codeOf(refused)], `${done} then ${other}`).toEqual([
          409,
          'APPLY_RECORD_DECIDED',
        ]);
      }
    }
  });

  it('lets one of two administrators deciding at once win', async () => {
    const { token } = await applicant();
    const record = await applyTo(t.app, token);
    const results = await Promise.all([close(record.id), authorise(record.id, ['STAFF'])]);
    const codes = results.map((r) => r.statusCode).sort();
    expect(codes).toEqual([200, 409]);
  });

  it('replays an authorisation retried with the same Idempotency-Key', async () => {
    const { token } = await applicant();
    const record = await applyTo(t.app, token);
    const key = { 'idempotency-key': 'c0ffee00-0000-4000-8000-000000000001' };
    const first = await authorise(record.id, ['STAFF'], owner, key);
    const retry = await authorise(record.id, ['STAFF'], owner, key);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('lists the applicant’s own records with the outcome', async () => {
    const { token } = await applicant();
    const record = await applyTo(t.app, token);
    await refuse(record.id, '请联系法定代表人');
    const mine = await getData<ApplyRecord[]>(t.app, APPLY_RECORD_URL.mine, token);
    expect(mine).toEqual([expect.objectContaining({ id: record.id, refuseReason: '请联系法定代表人' })]);
  });
});

/** A PNG whose header claims `width` by `height` pixels, with nothing behind it. */
function pngClaiming(width: number, height: number): Buffer {
  const header = Buffer.from(PNG);
  header.writeUInt32BE(width, 16);
  header.writeUInt32BE(height, 20);
  return header;
}

describe('the authorisation letter', () => {
  it('stores a PDF, JPEG or PNG by its content, and serves it back to the organisation only', async () => {
    const { token } = await applicant();
    const record = await applyTo(t.app, token);
    for (const [content, type] of [
      [JPEG, 'image/jpeg'],
      [PNG, 'image/png'],
      [PDF, 'application/pdf'],
    ] as const) {
      // Declared as something else: the content decides.
      const response = await uploadLetter(t.app, owner, record.id, content, 'application/octet-stream');
      expect(response.statusCode, response.body).toBe(200);
      expect(dataOf<ApplyRecord>(response)).toMatchObject({
        authLetterType: type,
        authLetterSize: content.length,
      });
    }
    const download = await call(t.app, 'GET', pathOf(APPLY_RECORD_URL.authLetter, { id: record.id }), owner);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/pdf');
    expect(download.headers['x-content-type-options']).toBe('nosniff');
    expect(download.headers['content-disposition']).toBe(
      `attachment; filename="authorisation-letter.pdf"; filename*=UTF-8''authorisation-letter.pdf`,
    );
    expect(download.rawPayload.equals(PDF)).toBe(true);

    const other = await sessionOf(t, demoUserId('13800000001'), DEMO_ORGS.shanghai.id);
    expect(
      (await call(t.app, 'GET', pathOf(APPLY_RECORD_URL.authLetter, { id: record.id }), other)).statusCode,
    ).toBe(404);
  });

  it('lets the applicant upload a letter to their own waiting record', async () => {
    const { token } = await applicant();
    const record = await applyTo(t.app, token);
    const response = await uploadLetter(t.app, token, record.id, PNG, 'image/png');
    expect(response.statusCode, response.body).toBe(200);
    expect(dataOf<ApplyRecord>(response).applicantMobile).toContain('****');
  });

  it('refuses a wrong type, a disguised type, an empty body and JSON with clear 4xx codes', async () => {
    const { token } = await applicant();
    const record = await applyTo(t.app, token);
    const text = await uploadLetter(t.app, owner, record.id, Buffer.from('授权书'), 'text/plain');
    expect([text.statusCode, codeOf(text)]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    expect(text.json<{ msg: string }>().msg).toBe('授权书仅支持PDF、JPG、PNG格式的文件');
    const disguised = await uploadLetter(t.app, owner, record.id, EXE, 'application/pdf');
    expect([disguised.statusCode, codeOf(disguised)]).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
    const empty = await uploadLetter(t.app, owner, record.id, Buffer.alloc(0), 'application/pdf');
    expect([empty.statusCode, codeOf(empty)]).toEqual([400, 'BAD_REQUEST']);
    const json = await call(t.app, 'POST', pathOf(APPLY_RECORD_URL.authLetter, { id: record.id }), owner, {
      payload: { a: 1 },
    });
    expect(json.statusCode).toBe(415);
    const stored = await t.app.db
      .selectFrom('apply_records')
      .select('auth_letter_type')
      .where('id', '=', record.id)
      .executeTakeFirstOrThrow();
    expect(stored.auth_letter_type).toBeNull();
    expect(await t.app.adapters.files.stat(`apply-record/${record.id}/auth-letter`)).toBeNull();
  });

  it('refuses polyglots and files that only start like a letter, and stores images re-encoded', async () => {
    const { token } = await applicant();
    const record = await applyTo(t.app, token);
    const zip = Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(64, 0x41)]);
    const html = Buffer.from('<html><script>alert(document.cookie)</script></html>');
    const refused: [string, Buffer, string][] = [
      ['PNG + zip', Buffer.concat([PNG, zip]), 'image/png'],
      ['JPEG + script', Buffer.concat([JPEG, html]), 'image/jpeg'],
      ['PDF + HTML after %%EOF', Buffer.concat([PDF, html]), 'application/pdf'],
      [
        'PDF with HTML inside',
        Buffer.concat([PDF.subarray(0, 9), Buffer.from(`%${html}\n`), PDF.subarray(9)]),
        'application/pdf',
      ],
      ['PNG signature only', Buffer.concat([PNG.subarray(0, 8), Buffer.alloc(64)]), 'image/png'],
      [
        'JPEG markers only',
        Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Buffer.alloc(64), 0xff, 0xd9]),
        'image/jpeg',
      ],
      [
        'PDF header only',
        Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(512, 0x20), Buffer.from('%%EOF\n')]),
        'application/pdf',
      ],
      ['PNG larger than a scanned page', pngClaiming(20_000, 20_000), 'image/png'],
    ];
    for (const [name, content, type] of refused) {
      const response = await uploadLetter(t.app, token, record.id, content, type);
      expect([response.statusCode, codeOf(response)], name).toEqual([415, 'UNSUPPORTED_MEDIA_TYPE']);
      expect(response.json<{ msg: string }>().msg).toBe('授权书文件无法识别，请上传完整的PDF、JPG或PNG文件');
    }
    expect(await t.app.adapters.files.stat(`apply-record/${record.id}/auth-letter`)).toBeNull();
    // A PNG with a trailer is not stored; the same picture without it is, decoded and written again.
    expect((await uploadLetter(t.app, token, record.id, PNG, 'image/png')).statusCode).toBe(200);
    const stored = await t.app.adapters.files.get(`apply-record/${record.id}/auth-letter`);
    expect(stored).not.toBeNull();
  });

  it('refuses a letter over 5 MB with 413, however it is sent', async () => {
    const { token } = await applicant();
    const record = await applyTo(t.app, token);
    // A whole PDF, padded with line ends after its end to one byte over the limit.
    const big = Buffer.concat([PDF, Buffer.alloc(AUTH_LETTER_MAX_BYTES - PDF.length + 1, 0x0a)]);
    const response = await uploadLetter(t.app, owner, record.id, big);
    expect([response.statusCode, codeOf(response)]).toEqual([413, 'PAYLOAD_TOO_LARGE']);
    expect(response.json<{ msg: string }>().msg).toBe('授权书文件不能超过5MB');
    const exactly = await uploadLetter(t.app, owner, record.id, big.subarray(0, AUTH_LETTER_MAX_BYTES));
    expect(exactly.statusCode, exactly.body).toBe(200);
  });

  it('refuses a letter for a decided record with 409', async () => {
    const { token } = await applicant();
    const record = await applyTo(t.app, token);
    await close(record.id);
    const response = await uploadLetter(t.app, owner, record.id, PDF);
    expect([response.statusCode, codeOf(response)]).toEqual([409, 'APPLY_RECORD_DECIDED']);
  });
});
