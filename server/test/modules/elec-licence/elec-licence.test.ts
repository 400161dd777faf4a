import { pathOf } from '@contract/paths';
import { APPLY_RECORD_URL } from '@contract/apply-record';
import type { ApplyRecord } from '@contract/apply-record-schemas';
import { QR_VALIDITY } from '@contract/constants';
import { ELEC_LICENCE_URL, LICENCE_AUTH_ITEM } from '@contract/elec-licence';
import type { LicenceQrEvent, LicenceQrImage, OrgLicenceState } from '@contract/elec-licence-schemas';
import { REALTIME_EVENT } from '@contract/realtime';
import type { SandboxQr } from '@contract/verification-schemas';
import { DEMO_ORGS } from '../../../src/db/seed';
import { call } from '../../support/bank-helpers';
import { getData, listenAs, startApp, type TestApp } from '../../support/helpers';
import {
  applyTo,
  codeOf,
  dataOf,
  demoUserId,
  newUser,
  sandboxDecide,
  sandboxDetails,
  sessionOf,
} from '../../support/apply-record-helpers';

/** Through PostgreSQL an event arrives a moment after its commit; longer on a busy machine. */
const EVENT_WAIT = { timeout: 5000 };

let t: TestApp;
let hangzhouOwner: string;
let shanghaiOwner: string;
const HZ_OWNER = demoUserId('13800000003');

beforeEach(async () => {
  t = await startApp();
  hangzhouOwner = await sessionOf(t, HZ_OWNER, DEMO_ORGS.hangzhou.id);
  shanghaiOwner = await sessionOf(t, demoUserId('13800000001'), DEMO_ORGS.shanghai.id);
});
afterEach(async () => {
  await t.app.close();
});

async function qrOf(token: string, method: 'GET' | 'POST', url: string, payload?: object) {
  const response = await call(t.app, method, url, token, payload ? { payload } : {});
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<LicenceQrImage>(response);
}
const statusOf = (token: string, qrId: string) =>
  getData<LicenceQrEvent>(t.app, pathOf(ELEC_LICENCE_URL.status, { qrId }), token);
const stateOf = (token: string) => getData<OrgLicenceState>(t.app, ELEC_LICENCE_URL.state, token);

describe('organisation authentication by e-licence', () => {
  it('issues a JPEG QR code valid for 9 minutes that the sandbox licence app shows with the authorisation item', async () => {
    const qr = await qrOf(hangzhouOwner, 'GET', ELEC_LICENCE_URL.orgAuth);
    expect(qr.expiresIn).toBe(QR_VALIDITY / 1000);
    expect(Buffer.from(qr.qrImage, 'base64').subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const details = dataOf<SandboxQr>(await sandboxDetails(t.app, qr.qrId));
    expect(details).toMatchObject({
      orgName: DEMO_ORGS.hangzhou.name,
      status: 0,
      authItem: LICENCE_AUTH_ITEM,
    });
    expect(await statusOf(hangzhouOwner, qr.qrId)).toMatchObject({ status: 0, kind: 'ORG_AUTH' });
  });

  it('marks the organisation authenticated with its licence bound when the holder confirms, and pushes the result', async () => {
    const socket = listenAs(t.app, HZ_OWNER, DEMO_ORGS.hangzhou.id);
    const qr = await qrOf(hangzhouOwner, 'GET', ELEC_LICENCE_URL.orgAuth);
    expect((await sandboxDecide(t.app, qr.qrId, 'confirm')).statusCode).toBe(200);

    await vi.waitFor(
      () =>
        expect(socket.messages).toContainEqual({
          type: REALTIME_EVENT.orgSignThirdAuthResult,
          payload: { status: 1, msg: '认证成功', __qrcodeId: qr.qrId, kind: 'ORG_AUTH' },
        }),
      EVENT_WAIT,
    );
    await vi.waitFor(
      () => expect(socket.messages.map((m) => m.type)).toContain(REALTIME_EVENT.organization),
      EVENT_WAIT,
    );
    expect(await statusOf(hangzhouOwner, qr.qrId)).toMatchObject({ status: 1 });
    expect(await stateOf(hangzhouOwner)).toMatchObject({
      authorized: true,
      bound: true,
      licenceAuthAt: t.app.now(),
    });
    const again = await call(t.app, 'GET', ELEC_LICENCE_URL.orgAuth, hangzhouOwner);
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'ORG_ALREADY_AUTHORIZED']);
    // A decided code cannot be decided again.
    expect((await sandboxDecide(t.app, qr.qrId, 'refuse')).statusCode).toBe(409);
    socket.remove();
  });

  it('leaves the organisation as it was when the holder refuses', async () => {
    const socket = listenAs(t.app, HZ_OWNER, DEMO_ORGS.hangzhou.id);
    const qr = await qrOf(hangzhouOwner, 'GET', ELEC_LICENCE_URL.orgAuth);
    await sandboxDecide(t.app, qr.qrId, 'refuse');
    expect(await statusOf(hangzhouOwner, qr.qrId)).toMatchObject({
      status: -1,
      msg: '电子营业执照持有人已拒绝授权',
    });
    await vi.waitFor(
      () => expect(socket.messages[0]?.type).toBe(REALTIME_EVENT.orgSignThirdAuthResult),
      EVENT_WAIT,
    );
    expect(await stateOf(hangzhouOwner)).toMatchObject({ authorized: false, bound: false });
    socket.remove();
  });

  it('expires a code after 9 minutes: the holder can no longer confirm, and the tab hears it', async () => {
    const socket = listenAs(t.app, HZ_OWNER, DEMO_ORGS.hangzhou.id);
    const qr = await qrOf(hangzhouOwner, 'GET', ELEC_LICENCE_URL.orgAuth);
    t.clock.advance(QR_VALIDITY - 1);
    expect(await statusOf(hangzhouOwner, qr.qrId)).toMatchObject({ status: 0 });
    t.clock.advance(1);
    expect(await statusOf(hangzhouOwner, qr.qrId)).toMatchObject({ status: -1, msg: '二维码已过期' });
    await vi.waitFor(
      () =>
        expect(socket.messages).toContainEqual(
          expect.objectContaining({
            type: REALTIME_EVENT.orgSignThirdAuthResult,
            payload: expect.objectContaining({ status: -1 }),
          }),
        ),
      EVENT_WAIT,
    );
    expect((await sandboxDecide(t.app, qr.qrId, 'confirm')).statusCode).toBe(409);
    expect(await stateOf(hangzhouOwner)).toMatchObject({ authorized: false });
    socket.remove();
  });

  it('expires the older code when a new one is fetched', async () => {
    const first = await qrOf(hangzhouOwner, 'GET', ELEC_LICENCE_URL.orgAuth);
    const second = await qrOf(hangzhouOwner, 'GET', ELEC_LICENCE_URL.orgAuth);
    expect(await statusOf(hangzhouOwner, first.qrId)).toMatchObject({ status: -1 });
    expect((await sandboxDecide(t.app, first.qrId, 'confirm')).statusCode).toBe(409);
    expect((await sandboxDecide(t.app, second.qrId, 'confirm')).statusCode).toBe(200);
  });

  it('answers another user’s code as unknown', async () => {
    const qr = await qrOf(hangzhouOwner, 'GET', ELEC_LICENCE_URL.orgAuth);
    const response = await call(
      t.app,
      'GET',
      pathOf(ELEC_LICENCE_URL.status, { qrId: qr.qrId }),
      shanghaiOwner,
    );
    expect(response.statusCode).toBe(404);
  });

  it('limits codes to 10 a minute per user', async () => {
    for (let i = 0; i < 10; i++) await qrOf(hangzhouOwner, 'GET', ELEC_LICENCE_URL.orgAuth);
    const response = await call(t.app, 'GET', ELEC_LICENCE_URL.orgAuth, hangzhouOwner);
    expect(response.statusCode).toBe(429);
  });
});

describe('change-auth and biz-auth', () => {
  it('need a bound licence', async () => {
    const change = await call(t.app, 'GET', ELEC_LICENCE_URL.changeAuth, hangzhouOwner);
    expect([change.statusCode, codeOf(change)]).toEqual([409, 'LICENCE_NOT_BOUND']);
    const biz = await call(t.app, 'POST', ELEC_LICENCE_URL.bizAuth, hangzhouOwner, {
      payload: { bizType: 'SCBILL' },
    });
    expect([biz.statusCode, codeOf(biz)]).toEqual([409, 'LICENCE_NOT_BOUND']);
  });

  it('records the new operator on change-auth and the business on biz-auth', async () => {
    const change = await qrOf(shanghaiOwner, 'GET', ELEC_LICENCE_URL.changeAuth);
    await sandboxDecide(t.app, change.qrId, 'confirm');
    const org = await t.app.db
      .selectFrom('organizations')
      .select(['licence_operator_id', 'licence_auth_at'])
      .where('id', '=', DEMO_ORGS.shanghai.id)
      .executeTakeFirstOrThrow();
    expect(org).toEqual({ licence_operator_id: demoUserId('13800000001'), licence_auth_at: t.app.now() });

    // The demo company's licence holder authorised its bill business and e-signing; now pledge financing too.
    expect((await stateOf(shanghaiOwner)).bizTypes).toEqual(['ECONTRACT', 'SCBILL']);
    const biz = await qrOf(shanghaiOwner, 'POST', ELEC_LICENCE_URL.bizAuth, { bizType: 'PLEDGE_FIN' });
    await sandboxDecide(t.app, biz.qrId, 'confirm');
    expect((await stateOf(shanghaiOwner)).bizTypes).toEqual(['ECONTRACT', 'PLEDGE_FIN', 'SCBILL']);
    const unknown = await call(t.app, 'POST', ELEC_LICENCE_URL.bizAuth, shanghaiOwner, {
      payload: { bizType: 'X' },
    });
    expect(unknown.statusCode).toBe(400);
  });
});

describe('the licence holder authorising an applicant', () => {
  it('bind-auth: the applicant becomes an administrator and the organisation is authenticated', async () => {
    const userId = await newUser(t.app, '13600001111');
    const token = await sessionOf(t, userId, null);
    const record = await applyTo(t.app, token);
    const socket = listenAs(t.app, userId);
    const qr = await qrOf(token, 'POST', ELEC_LICENCE_URL.bindAuth, { id: record.id });
    await sandboxDecide(t.app, qr.qrId, 'confirm');
    await vi.waitFor(
      () =>
        expect(socket.messages).toContainEqual(
          expect.objectContaining({
            type: REALTIME_EVENT.legalPersonAuthResult,
            payload: expect.objectContaining({ status: 1, kind: 'BIND_AUTH' }),
          }),
        ),
      EVENT_WAIT,
    );
    const membership = await t.app.db
      .selectFrom('memberships')
      .select('owner')
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(membership.owner).toBe(1);
    expect(await stateOf(hangzhouOwner)).toMatchObject({ authorized: true, bound: true });
    socket.remove();
  });

  it('confirm-auth: the administrator’s chosen roles take effect once the holder confirms', async () => {
    const userId = await newUser(t.app, '13600002222');
    const record = await applyTo(t.app, await sessionOf(t, userId, null));
    const noRoles = await call(t.app, 'POST', ELEC_LICENCE_URL.confirmAuth, hangzhouOwner, {
      payload: { id: record.id },
    });
    expect(noRoles.statusCode).toBe(400);
    const qr = await qrOf(hangzhouOwner, 'POST', ELEC_LICENCE_URL.confirmAuth, {
      id: record.id,
      roles: ['STAFF'],
    });
    await sandboxDecide(t.app, qr.qrId, 'confirm');
    const detail = await getData<ApplyRecord>(
      t.app,
      pathOf(APPLY_RECORD_URL.detail, { id: record.id }),
      hangzhouOwner,
    );
    expect(detail).toMatchObject({ status: 'AUTHORISED', roles: ['STAFF'] });
  });

  it('voids a confirmation whose record was decided meanwhile, and refuses codes for decided records', async () => {
    const userId = await newUser(t.app, '13600003333');
    const record = await applyTo(t.app, await sessionOf(t, userId, null));
    const qr = await qrOf(hangzhouOwner, 'POST', ELEC_LICENCE_URL.confirmAuth, {
      id: record.id,
      roles: ['ADMIN'],
    });
    await call(t.app, 'PUT', pathOf(APPLY_RECORD_URL.close, { id: record.id }), hangzhouOwner);
    await sandboxDecide(t.app, qr.qrId, 'confirm');
    expect(await statusOf(hangzhouOwner, qr.qrId)).toMatchObject({
      status: -1,
      msg: '该申请已处理，授权未生效',
    });
    expect(
      await t.app.db.selectFrom('memberships').select('id').where('user_id', '=', userId).execute(),
    ).toEqual([]);
    const again = await call(t.app, 'POST', ELEC_LICENCE_URL.confirmAuth, hangzhouOwner, {
      payload: { id: record.id, roles: ['ADMIN'] },
    });
    expect([again.statusCode, codeOf(again)]).toEqual([409, 'APPLY_RECORD_DECIDED']);
  });
});
