import jpeg from 'jpeg-js';
import QRCode from 'qrcode';
import type { FastifyInstance } from 'fastify';
import { REALTIME_EVENT } from '@contract/realtime';
import {
  QR_EVENT_MESSAGE,
  QR_SESSION_TTL_SECONDS,
  QR_STATUS,
  VERIFICATION_ERROR,
  VERIFICATION_MESSAGE,
} from '@contract/verification';
import type { QrEvent, QrImage, SandboxQr } from '@contract/verification-schemas';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../../src/db/seed';
import { QR_FETCH_LIMIT } from '../../../src/modules/qr-verification/routes';
import { expireDueQrSessions } from '../../../src/modules/qr-verification/service';
import { CHALLENGE_TTL_MS } from '../../../src/modules/verification/constants';
import {
  QR_QUIET_ZONE_MODULES,
  qrRasterOf,
  QR_ERROR_CORRECTION,
} from '../../../src/modules/qr-verification/qr-image';
import { freshLoopbackIp } from '../../support/captcha-helpers';
import { authed, bearer, listenAs, signIn, startApp, type TestApp } from '../../support/helpers';
import { refusalOf, STAFF_BOTH, STAFF_SH, withQr } from '../../support/verification-helpers';

let t: TestApp;
beforeEach(async () => {
  t = await startApp();
});
afterEach(async () => {
  vi.useRealTimers();
  await t.app.close();
});

const SECOND = 1000;
const userIdOf = (mobile: string) => DEMO_ACCOUNTS.find((a) => a.mobile === mobile)?.id ?? '';

function ownerAuth(
  app: FastifyInstance,
  token: string,
  headers: Record<string, string> = {},
  payload?: object,
) {
  return app.inject({
    method: 'POST',
    url: '/api/account/owner/auth',
    headers: { ...bearer(token), ...headers },
    ...(payload ? { payload } : {}),
  });
}

async function fetchQr(
  app: FastifyInstance,
  token: string,
  challengeId: string,
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'GET',
    url: '/api/verification/qr',
    query: { challengeId },
    headers: { ...bearer(token), ...headers },
  });
}

const sandbox = (app: FastifyInstance, method: 'GET' | 'POST', path: string) =>
  app.inject({ method, url: `/api/sandbox/qr${path}`, remoteAddress: freshLoopbackIp() });

/** A staff member asks to become owner and fetches the QR code: the state before the licence holder scans. */
async function pendingOwnerAuth(mobile = STAFF_SH) {
  const { access_token: token } = await signIn(t.app, mobile);
  const first = await ownerAuth(t.app, token);
  expect(first.statusCode).toBe(412);
  const challengeId = refusalOf(first).challengeId ?? '';
  const qr = await fetchQr(t.app, token, challengeId);
  expect(qr.statusCode).toBe(200);
  const { qrId } = qr.json<{ data: QrImage }>().data;
  return { token, challengeId, qrId };
}

/** Confirms on the sandbox licence page and returns the signature pushed to the user's socket. */
async function confirm(qrId: string, userId: string): Promise<string> {
  const socket = listenAs(t.app, userId);
  const response = await sandbox(t.app, 'POST', `/${qrId}/confirm`);
  expect(response.statusCode).toBe(200);
  const [event] = await socket.first(1);
  socket.remove();
  return (event?.payload as QrEvent).signature ?? '';
}

describe('a QR-protected operation (POST /api/account/owner/auth)', () => {
  it('answers 412 QR_VERIFICATION_REQUIRED with a challengeId while it carries no proof', async () => {
    const { access_token } = await signIn(t.app, STAFF_SH);
    const response = await ownerAuth(t.app, access_token);
    expect(response.statusCode).toBe(412);
    expect(response.json()).toEqual({
      code: VERIFICATION_ERROR.qrRequired,
      msg: VERIFICATION_MESSAGE.qrRequired,
      challengeId: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });
  });

  it('answers 412 ELEC_LICENSE_UNBOUND, without a challenge, in an organisation whose licence is not bound', async () => {
    const { access_token } = await signIn(t.app, STAFF_BOTH);
    const switched = await authed(
      t.app,
      'POST',
      `/api/account/switch/${DEMO_ORGS.hangzhou.id}`,
      access_token,
    );
    expect(switched.statusCode).toBe(200);
    const response = await ownerAuth(t.app, access_token);
    expect(response.statusCode).toBe(412);
    expect(response.json()).toEqual({
      code: VERIFICATION_ERROR.licenceUnbound,
      msg: '企业电子营业执照未绑定，无法完成安全验证',
    });
  });

  it('answers 409 to an owner before any verification', async () => {
    const { access_token } = await signIn(t.app, '13800000003');
    const response = await ownerAuth(t.app, access_token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT' });
  });

  it('issues a JPEG QR code of the sandbox page URL for the challenge', async () => {
    const { access_token } = await signIn(t.app, STAFF_SH);
    const challengeId = refusalOf(await ownerAuth(t.app, access_token)).challengeId ?? '';
    const response = await fetchQr(t.app, access_token, challengeId, { host: 'bills.example.cn:8443' });
    expect(response.statusCode).toBe(200);
    const { qrImage, qrId, expiresIn } = response.json<{ data: QrImage }>().data;
    expect(expiresIn).toBe(QR_SESSION_TTL_SECONDS);
    expect(qrId).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(qrImage).not.toMatch(/^data:/);

    const bytes = Buffer.from(qrImage, 'base64');
    expect(bytes.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    const image = jpeg.decode(bytes, { useTArray: true });
    const symbol = QRCode.create(`http://bills.example.cn:8443/#/sandbox/qr/${qrId}`, {
      errorCorrectionLevel: QR_ERROR_CORRECTION,
    });
    const { scale, modules, size } = qrRasterOf(symbol.modules.size);
    expect(image.width).toBe(size);
    expect(size).toBeGreaterThanOrEqual(180);
    expect(size).toBeLessThanOrEqual(220);
    // Every module's centre pixel has the colour of that module in the expected symbol.
    for (let row = 0; row < modules; row++) {
      for (let col = 0; col < modules; col++) {
        const x = (QR_QUIET_ZONE_MODULES + col) * scale + Math.floor(scale / 2);
        const y = (QR_QUIET_ZONE_MODULES + row) * scale + Math.floor(scale / 2);
        const dark = (image.data[(y * size + x) * 4] ?? 255) < 128;
        expect(dark).toBe(symbol.modules.get(row, col) === 1);
      }
    }
  });

  it('refuses a QR code for a challenge that is not the caller’s, or unknown', async () => {
    const { challengeId } = await pendingOwnerAuth(STAFF_SH);
    const other = await signIn(t.app, STAFF_BOTH);
    expect((await fetchQr(t.app, other.access_token, challengeId)).statusCode).toBe(404);
    const unknown = await fetchQr(t.app, other.access_token, '00000000-0000-4000-8000-000000000000');
    expect(unknown.statusCode).toBe(404);
    expect((await fetchQr(t.app, other.access_token, 'not-a-uuid')).statusCode).toBe(400);
  });

  it('never accepts a pending QR, even with a well-formed signature', async () => {
    const { token, challengeId, qrId } = await pendingOwnerAuth();
    const forged = t.app.adapters.licence.sign(qrId, challengeId);
    for (const signature of ['made-up', forged]) {
      const response = await ownerAuth(t.app, token, withQr(qrId, signature));
      expect(response.statusCode).toBe(412);
      expect(response.json()).toMatchObject({ code: VERIFICATION_ERROR.qrInvalid, challengeId });
    }
  });

  it('after the licence holder confirms: pushes QRCODE_EVENT, completes the replay once, refuses it after', async () => {
    const { token, qrId } = await pendingOwnerAuth();
    const socket = listenAs(t.app, userIdOf(STAFF_SH));
    const confirmed = await sandbox(t.app, 'POST', `/${qrId}/confirm`);
    expect(confirmed.statusCode).toBe(200);
    expect(await socket.first(1)).toEqual([
      {
        type: REALTIME_EVENT.qrcode,
        payload: {
          status: QR_STATUS.success,
          msg: QR_EVENT_MESSAGE.confirmed,
          __qrcodeId: qrId,
          signature: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
        },
      },
    ]);
    const signature = (socket.messages[0]?.payload as QrEvent).signature ?? '';
    expect(t.logs.events('sandbox.qr_decision')).toEqual([
      expect.objectContaining({ userId: userIdOf(STAFF_SH), reason: 'confirm' }),
    ]);

    const done = await ownerAuth(t.app, token, withQr(qrId, signature));
    expect(done.statusCode).toBe(200);
    expect(done.json()).toEqual({ code: 200, msg: '已成为企业管理员', data: { owner: true } });
    const role = await authed(t.app, 'GET', '/api/role/auth', token);
    expect(role.json()).toMatchObject({ data: { owner: true, roles: ['ADMIN'] } });

    // Undo the effect so that the guard, not the 409, answers the replay.
    await t.app.db
      .updateTable('memberships')
      .set({ owner: 0 })
      .where('user_id', '=', userIdOf(STAFF_SH))
      .execute();
    const replay = await ownerAuth(t.app, token, withQr(qrId, signature));
    expect(replay.statusCode).toBe(412);
    expect(refusalOf(replay).code).toBe(VERIFICATION_ERROR.qrInvalid);
    expect(t.logs.events('verification.replay')).toHaveLength(1);
  });

  it('answers a retry with its Idempotency-Key from the first answer, though the QR proof is spent', async () => {
    const { token, qrId } = await pendingOwnerAuth();
    const signature = await confirm(qrId, userIdOf(STAFF_SH));
    const headers = { ...withQr(qrId, signature), 'idempotency-key': 'owner-auth-retry' };
    const done = await ownerAuth(t.app, token, headers);
    expect(done.statusCode).toBe(200);
    expect(done.headers['idempotent-replayed']).toBeUndefined();
    const retry = await ownerAuth(t.app, token, headers);
    expect(retry.statusCode).toBe(200);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(done.json());
    // The guard never saw the retry: no spent proof was presented again.
    expect(t.logs.events('verification.replay')).toHaveLength(0);
  });

  it('refuses the confirmed QR on a modified body and for another user', async () => {
    const { token, qrId } = await pendingOwnerAuth(STAFF_SH);
    const signature = await confirm(qrId, userIdOf(STAFF_SH));
    // The route takes no body: one added is refused before the proof is even looked at.
    const modified = await ownerAuth(t.app, token, withQr(qrId, signature), { orgId: DEMO_ORGS.shanghai.id });
    expect(modified.statusCode).toBe(400);
    expect(modified.json()).toMatchObject({ code: 'BAD_REQUEST' });

    const other = await signIn(t.app, STAFF_BOTH);
    const stolen = await ownerAuth(t.app, other.access_token, withQr(qrId, signature));
    expect(stolen.statusCode).toBe(412);
    expect(refusalOf(stolen).code).toBe(VERIFICATION_ERROR.qrInvalid);

    const tampered = await ownerAuth(
      t.app,
      token,
      withQr(qrId, `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`),
    );
    expect(tampered.statusCode).toBe(412);
    // None of these spent it.
    expect((await ownerAuth(t.app, token, withQr(qrId, signature))).statusCode).toBe(200);
  });

  it('pushes status -1 when the holder refuses, and the QR proves nothing', async () => {
    const { token, challengeId, qrId } = await pendingOwnerAuth();
    const socket = listenAs(t.app, userIdOf(STAFF_SH));
    const refused = await sandbox(t.app, 'POST', `/${qrId}/refuse`);
    expect(refused.statusCode).toBe(200);
    expect(await socket.first(1)).toEqual([
      {
        type: REALTIME_EVENT.qrcode,
        payload: { status: QR_STATUS.failure, msg: QR_EVENT_MESSAGE.refused, __qrcodeId: qrId },
      },
    ]);
    const replay = await ownerAuth(
      t.app,
      token,
      withQr(qrId, t.app.adapters.licence.sign(qrId, challengeId)),
    );
    expect(replay.statusCode).toBe(412);
    expect(t.logs.events('qr.refused')).toHaveLength(1);
    // A decided QR cannot be decided again.
    expect((await sandbox(t.app, 'POST', `/${qrId}/confirm`)).statusCode).toBe(409);
  });

  it('expires after 2 minutes: pushes status -1, refuses confirmation and use', async () => {
    const { qrId } = await pendingOwnerAuth();
    const socket = listenAs(t.app, userIdOf(STAFF_SH));
    t.clock.advance(QR_SESSION_TTL_SECONDS * SECOND);
    expect(await expireDueQrSessions(t.app)).toBe(1);
    expect(await socket.first(1)).toEqual([
      {
        type: REALTIME_EVENT.qrcode,
        payload: { status: QR_STATUS.failure, msg: QR_EVENT_MESSAGE.expired, __qrcodeId: qrId },
      },
    ]);
    expect(t.logs.events('qr.expired')).toEqual([
      expect.objectContaining({ userId: userIdOf(STAFF_SH), orgId: DEMO_ORGS.shanghai.id }),
    ]);
    expect((await sandbox(t.app, 'POST', `/${qrId}/confirm`)).statusCode).toBe(409);
    expect(await expireDueQrSessions(t.app)).toBe(0);
  });

  it('refuses a confirmed QR replayed after its 2 minutes', async () => {
    const { token, qrId } = await pendingOwnerAuth();
    const signature = await confirm(qrId, userIdOf(STAFF_SH));
    t.clock.advance(QR_SESSION_TTL_SECONDS * SECOND);
    const late = await ownerAuth(t.app, token, withQr(qrId, signature));
    expect(late.statusCode).toBe(412);
    expect(refusalOf(late).code).toBe(VERIFICATION_ERROR.qrInvalid);
  });

  it('keeps the challenge alive as long as a QR fetched near its end', async () => {
    const { access_token: token } = await signIn(t.app, STAFF_SH);
    const challengeId = refusalOf(await ownerAuth(t.app, token)).challengeId ?? '';
    t.clock.advance(CHALLENGE_TTL_MS - 30 * SECOND);
    const { qrId } = (await fetchQr(t.app, token, challengeId)).json<{ data: QrImage }>().data;
    const signature = await confirm(qrId, userIdOf(STAFF_SH));
    t.clock.advance(60 * SECOND);
    expect((await ownerAuth(t.app, token, withQr(qrId, signature))).statusCode).toBe(200);
  });

  it('pushes the expiry from a timer set when the QR was issued', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    const { qrId } = await pendingOwnerAuth();
    const socket = listenAs(t.app, userIdOf(STAFF_SH));
    t.clock.advance(QR_SESSION_TTL_SECONDS * SECOND + SECOND);
    await vi.advanceTimersByTimeAsync(QR_SESSION_TTL_SECONDS * SECOND + SECOND);
    vi.useRealTimers();
    const [expired] = await socket.first(1);
    expect(expired?.payload).toMatchObject({ status: QR_STATUS.failure, __qrcodeId: qrId });
  });

  it('replaces the waiting QR when a new one is fetched for the same challenge', async () => {
    const { token, challengeId, qrId: first } = await pendingOwnerAuth();
    const second = (await fetchQr(t.app, token, challengeId)).json<{ data: QrImage }>().data.qrId;
    expect(second).not.toBe(first);
    expect((await sandbox(t.app, 'POST', `/${first}/confirm`)).statusCode).toBe(409);
    expect((await sandbox(t.app, 'POST', `/${second}/confirm`)).statusCode).toBe(200);
  });

  it('limits QR fetches per user', async () => {
    const { token, challengeId } = await pendingOwnerAuth();
    for (let i = 1; i < QR_FETCH_LIMIT.limit; i++) {
      expect((await fetchQr(t.app, token, challengeId)).statusCode).toBe(200);
    }
    const over = await fetchQr(t.app, token, challengeId);
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});

describe('GET /api/verification/qr/{qrId}/status (the socket’s polling fallback)', () => {
  it('answers the QR’s status to its user only, with the signature once confirmed', async () => {
    const { token, challengeId, qrId } = await pendingOwnerAuth();
    const status = async (accessToken: string) =>
      authed(t.app, 'GET', `/api/verification/qr/${qrId}/status`, accessToken);
    expect((await status(token)).json()).toMatchObject({
      data: { status: QR_STATUS.initial, __qrcodeId: qrId },
    });
    const other = await signIn(t.app, STAFF_BOTH);
    expect((await status(other.access_token)).statusCode).toBe(404);

    await sandbox(t.app, 'POST', `/${qrId}/confirm`);
    const confirmed = (await status(token)).json<{ data: QrEvent }>().data;
    expect(confirmed).toEqual({
      status: QR_STATUS.success,
      msg: QR_EVENT_MESSAGE.confirmed,
      __qrcodeId: qrId,
      signature: t.app.adapters.licence.sign(qrId, challengeId),
    });
    expect((await ownerAuth(t.app, token, withQr(qrId, confirmed.signature ?? ''))).statusCode).toBe(200);
    expect((await status(token)).json()).toMatchObject({ data: { status: QR_STATUS.failure } });
  });
});

describe('the sandbox licence app (GET /api/sandbox/qr…)', () => {
  it('shows who asks for what, and lists the waiting QR codes', async () => {
    const { qrId } = await pendingOwnerAuth();
    const details = await sandbox(t.app, 'GET', `/${qrId}`);
    expect(details.statusCode).toBe(200);
    expect(details.json<{ data: SandboxQr }>().data).toEqual({
      qrId,
      status: QR_STATUS.initial,
      operationName: '授权成为企业管理员',
      userName: '李华',
      userMobile: '138****0002',
      orgName: DEMO_ORGS.shanghai.name,
      createdAt: t.clock.now(),
      expiresAt: t.clock.now() + QR_SESSION_TTL_SECONDS * SECOND,
    });
    const list = await sandbox(t.app, 'GET', '');
    expect(list.json<{ data: SandboxQr[] }>().data.map((qr) => qr.qrId)).toEqual([qrId]);
    expect((await sandbox(t.app, 'GET', '/AAAAAAAAAAAAAAAAAAAAAA')).statusCode).toBe(404);
    expect((await sandbox(t.app, 'GET', '/bad!id')).statusCode).toBe(400);
  });
});
