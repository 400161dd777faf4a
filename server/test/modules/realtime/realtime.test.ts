import { createRequire } from 'node:module';
import type { AddressInfo } from 'node:net';
import { REALTIME_EVENT, REALTIME_PATH, REALTIME_PROTOCOL, type RealtimeMessage } from '@contract/realtime';
import { ORG_URL } from '@contract/organization';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../../src/db/seed';
import {
  REALTIME_CLOSE_TOKEN_INVALID,
  REALTIME_PING_INTERVAL_MS,
  tokenFromProtocols,
} from '../../../src/modules/realtime/routes';
import { authed, signIn, startApp, type TestApp } from '../../support/helpers';
import { OWNER_SH, STAFF_BOTH, STAFF_SH } from '../../support/verification-helpers';

/** What the tests use of a `ws` client socket. */
interface ClientSocket {
  protocol: string;
  readyState: number;
  on(event: 'message', listener: (data: Buffer) => void): void;
  on(event: 'close', listener: (code: number) => void): void;
  once(event: 'open', listener: () => void): void;
  once(event: 'unexpected-response', listener: (req: unknown, res: { statusCode: number }) => void): void;
  once(event: 'error', listener: (error: Error) => void): void;
  close(): void;
}
type ClientSocketClass = new (url: string, protocols: string[]) => ClientSocket;

let t: TestApp;
let url: string;
// The ws package (a dependency of @fastify/websocket) ships no types here; the browser's API is the same.
const WebSocketClient = createRequire(import.meta.url)('ws') as ClientSocketClass;

beforeEach(async () => {
  t = await startApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  url = `ws://127.0.0.1:${(t.app.server.address() as AddressInfo).port}${REALTIME_PATH}`;
});
afterEach(async () => {
  vi.useRealTimers();
  await t.app.close();
});

const userIdOf = (mobile: string) => DEMO_ACCOUNTS.find((a) => a.mobile === mobile)?.id ?? '';

/** Opens a socket as the browser does; resolves once open, or with the HTTP status of the refusal. */
function connect(protocols: string[]): Promise<{ socket: ClientSocket } | { refused: number }> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocketClient(url, protocols);
    socket.once('open', () => resolve({ socket }));
    socket.once('unexpected-response', (_req, res) => resolve({ refused: res.statusCode }));
    socket.once('error', reject);
  });
}

async function open(protocols: string[]): Promise<ClientSocket> {
  const outcome = await connect(protocols);
  if (!('socket' in outcome)) throw new Error(`refused with ${outcome.refused}`);
  return outcome.socket;
}

const nextMessage = (socket: ClientSocket) =>
  new Promise<RealtimeMessage>((resolve) =>
    socket.on('message', (data) => resolve(JSON.parse(data.toString()))),
  );

describe('the WebSocket /api/ws', () => {
  it('refuses before the upgrade, with 401, a missing, unknown, expired or revoked token', async () => {
    expect(await connect([REALTIME_PROTOCOL])).toEqual({ refused: 401 });
    expect(await connect([REALTIME_PROTOCOL, 'not-a-token'])).toEqual({ refused: 401 });

    const tokens = await signIn(t.app, OWNER_SH);
    expect(await connect(['other-protocol', tokens.access_token])).toEqual({ refused: 401 });

    await authed(t.app, 'POST', '/api/user/logout', tokens.access_token);
    expect(await connect([REALTIME_PROTOCOL, tokens.access_token])).toEqual({ refused: 401 });

    const fresh = await signIn(t.app, OWNER_SH);
    t.clock.advance(t.config.accessTokenTtlSeconds * 1000);
    expect(await connect([REALTIME_PROTOCOL, fresh.access_token])).toEqual({ refused: 401 });
    expect(t.app.realtime.size).toBe(0);
  });

  it('accepts a valid token, answers with the chain-bill protocol only, and delivers the user’s events', async () => {
    const { access_token, account } = await signIn(t.app, OWNER_SH);
    const socket = await open([REALTIME_PROTOCOL, access_token]);
    expect(socket.protocol).toBe(REALTIME_PROTOCOL);
    expect(t.app.realtime.size).toBe(1);

    const received = nextMessage(socket);
    const event = {
      type: REALTIME_EVENT.qrcode,
      payload: { status: 1, msg: '验证成功', __qrcodeId: 'q', signature: 's' },
    };
    // Another user's event does not reach this socket; its own does.
    await t.app.realtime.publishToUser(userIdOf(STAFF_SH), {
      ...event,
      payload: { ...event.payload, __qrcodeId: 'another-users' },
    });
    await t.app.realtime.publishToUser(account.id, event);
    expect(await received).toEqual(event);

    const closed = new Promise<void>((resolve) => socket.on('close', () => resolve()));
    socket.close();
    await closed;
    await vi.waitFor(() => expect(t.app.realtime.size).toBe(0));
  });

  it('carries the QR confirmation to the signed-in tab, whose replay then completes', async () => {
    const { access_token } = await signIn(t.app, STAFF_SH);
    const socket = await open([REALTIME_PROTOCOL, access_token]);
    const call = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/api/account/owner/auth',
        headers: { authorization: `Bearer ${access_token}`, ...headers },
      });
    const challengeId = (await call()).json<{ challengeId: string }>().challengeId;
    const qr = await authed(t.app, 'GET', `/api/verification/qr?challengeId=${challengeId}`, access_token);
    const { qrId } = qr.json<{ data: { qrId: string } }>().data;

    const received = nextMessage(socket);
    await t.app.inject({ method: 'POST', url: `/api/sandbox/qr/${qrId}/confirm` });
    const message = await received;
    expect(message).toMatchObject({ type: REALTIME_EVENT.qrcode, payload: { status: 1, __qrcodeId: qrId } });
    const { signature } = message.payload as { signature: string };
    expect((await call({ 'QR-ID': qrId, signature })).statusCode).toBe(200);
    socket.close();
  });

  it('closes an open socket with 4401 once its token is revoked (checked at each ping)', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const { access_token } = await signIn(t.app, OWNER_SH);
    const socket = await open([REALTIME_PROTOCOL, access_token]);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await authed(t.app, 'POST', '/api/user/logout', access_token);
    await vi.advanceTimersByTimeAsync(REALTIME_PING_INTERVAL_MS);
    vi.useRealTimers();
    expect(await closed).toBe(REALTIME_CLOSE_TOKEN_INVALID);
  });

  it('closes the socket at once on logout, without waiting for the keep-alive', async () => {
    const { access_token } = await signIn(t.app, OWNER_SH);
    const socket = await open([REALTIME_PROTOCOL, access_token]);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await authed(t.app, 'POST', '/api/user/logout', access_token);
    expect(await closed).toBe(REALTIME_CLOSE_TOKEN_INVALID);
  });

  it('closes every socket of the user at once when a password change revokes their other sessions', async () => {
    const other = await signIn(t.app, STAFF_SH);
    const socket = await open([REALTIME_PROTOCOL, other.access_token]);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await t.app.db
      .updateTable('oauth_sessions')
      .set({ revoked_at: Date.now(), revoked_reason: 'test' })
      .where('user_id', '=', userIdOf(STAFF_SH))
      .execute();
    await t.app.realtime.recheckUser(userIdOf(STAFF_SH));
    expect(await closed).toBe(REALTIME_CLOSE_TOKEN_INVALID);
  });

  /** The first message the socket receives after `publish`, followed by a marker to the user alone. */
  async function firstAfter(socket: ClientSocket, userId: string, publish: () => Promise<void>) {
    const received = nextMessage(socket);
    await publish();
    await t.app.realtime.publishToUser(userId, MARKER);
    return received;
  }
  const MARKER = { type: REALTIME_EVENT.notice, payload: {} } as RealtimeMessage;
  const BILL_EVENT = { type: REALTIME_EVENT.bill, payload: { packageId: 'p' } } as RealtimeMessage;

  it('stops a removed member hearing the organisation at once', async () => {
    const zhao = userIdOf(STAFF_BOTH);
    const { access_token } = await signIn(t.app, STAFF_BOTH);
    await authed(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.shanghai.id}`, access_token);
    const socket = await open([REALTIME_PROTOCOL, access_token]);
    const toShanghai = () => t.app.realtime.publishToOrg(DEMO_ORGS.shanghai.id, BILL_EVENT);
    expect(await firstAfter(socket, zhao, toShanghai)).toEqual(BILL_EVENT);

    const owner = await signIn(t.app, OWNER_SH);
    const membership = await t.app.db
      .selectFrom('memberships')
      .select('id')
      .where('user_id', '=', zhao)
      .where('org_id', '=', DEMO_ORGS.shanghai.id)
      .executeTakeFirstOrThrow();
    const removed = await authed(t.app, 'POST', ORG_URL.staff, owner.access_token, {
      action: 'REMOVE',
      membershipId: membership.id,
    });
    expect(removed.statusCode, removed.body).toBe(200);
    await vi.waitFor(async () => expect(await firstAfter(socket, zhao, toShanghai)).toEqual(MARKER));
    socket.close();
  });

  it('moves the socket with the session when it switches organisation', async () => {
    const zhao = userIdOf(STAFF_BOTH);
    const { access_token } = await signIn(t.app, STAFF_BOTH);
    await authed(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.shanghai.id}`, access_token);
    const socket = await open([REALTIME_PROTOCOL, access_token]);
    await authed(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.hangzhou.id}`, access_token);
    const toShanghai = () => t.app.realtime.publishToOrg(DEMO_ORGS.shanghai.id, BILL_EVENT);
    const toHangzhou = () => t.app.realtime.publishToOrg(DEMO_ORGS.hangzhou.id, BILL_EVENT);
    await vi.waitFor(async () => expect(await firstAfter(socket, zhao, toShanghai)).toEqual(MARKER));
    expect(await firstAfter(socket, zhao, toHangzhou)).toEqual(BILL_EVENT);
    socket.close();
  });

  it("compares the session's organisation with the socket's at each keep-alive", async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    const zhao = userIdOf(STAFF_BOTH);
    const { access_token } = await signIn(t.app, STAFF_BOTH);
    await authed(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.shanghai.id}`, access_token);
    const socket = await open([REALTIME_PROTOCOL, access_token]);
    // The session moved without a word to the sockets (as a write on a node that failed before telling).
    await t.app.db
      .updateTable('oauth_sessions')
      .set({ org_id: DEMO_ORGS.hangzhou.id })
      .where('user_id', '=', zhao)
      .execute();
    const toShanghai = () => t.app.realtime.publishToOrg(DEMO_ORGS.shanghai.id, BILL_EVENT);
    expect(await firstAfter(socket, zhao, toShanghai)).toEqual(BILL_EVENT);
    await vi.advanceTimersByTimeAsync(REALTIME_PING_INTERVAL_MS);
    vi.useRealTimers();
    await vi.waitFor(async () => expect(await firstAfter(socket, zhao, toShanghai)).toEqual(MARKER));
    socket.close();
  });

  it('never writes the token to the logs', async () => {
    const { access_token } = await signIn(t.app, OWNER_SH);
    const socket = await open([REALTIME_PROTOCOL, access_token]);
    socket.close();
    await connect([REALTIME_PROTOCOL, `${access_token}x`]);
    expect(t.logs.raw()).not.toContain(access_token);
  });
});

describe('tokenFromProtocols', () => {
  it('takes the entry beside chain-bill, and nothing without chain-bill', () => {
    expect(tokenFromProtocols('chain-bill, abc')).toBe('abc');
    expect(tokenFromProtocols('abc,chain-bill')).toBe('abc');
    expect(tokenFromProtocols('abc')).toBeUndefined();
    expect(tokenFromProtocols('chain-bill')).toBeUndefined();
    expect(tokenFromProtocols(undefined)).toBeUndefined();
  });
});
