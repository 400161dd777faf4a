import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { QrEvent, QrImage } from '@contract/verification-schemas';
import { DEMO_ACCOUNTS } from '../../src/db/seed';
import { newId } from '../../src/lib/hash';
import { openSession } from '../../src/modules/auth/tokens';
import type { AppConfig } from '../../src/config';
import { call } from './bank-helpers';
import { freshLoopbackIp } from './captcha-helpers';
import { bearer, listenAs } from './helpers';
import { latestCode, refusalOf, sendSms, withCode, withQr } from './verification-helpers';

export { call };

export const userIdOf = (mobile: string): string => {
  const account = DEMO_ACCOUNTS.find((a) => a.mobile === mobile);
  if (!account) throw new Error(`no demo account ${mobile}`);
  return account.id;
};

/** A session of the user acting for the organisation (null: none), without the sign-in's scrypt. */
export async function sessionOf(
  app: FastifyInstance,
  config: AppConfig,
  userId: string,
  orgId: string | null,
): Promise<string> {
  return (await openSession(app.db, { userId, orgId, clientId: config.clientId }, app.now(), config))
    .accessToken;
}

/** A registered user who belongs to no organisation. */
export async function lonelyUser(app: FastifyInstance, mobile: string, name = '无企业用户'): Promise<string> {
  const id = newId();
  await app.db
    .insertInto('users')
    .values({
      id,
      mobile,
      name,
      password_hash: 'x',
      status: 'active',
      last_org_id: null,
      created_at: app.now(),
      password_changed_at: app.now(),
    })
    .execute();
  return id;
}

export const dataOf = <T>(response: LightMyRequestResponse): T => response.json<{ data: T }>().data;
export const codeOf = (response: LightMyRequestResponse): string => response.json<{ code: string }>().code;

type Method = 'GET' | 'POST' | 'PUT';
interface Request {
  method: Method;
  url: string;
  payload?: object;
}

/**
 * Sends a QR-protected request, has the licence holder confirm it on the sandbox page, and replays it with
 * the proof; the replay's answer.
 */
export async function withQrConfirmation(
  app: FastifyInstance,
  token: string,
  userId: string,
  request: Request,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const first = await call(app, request.method, request.url, token, {
    payload: request.payload ?? {},
    headers,
  });
  expect(first.statusCode, first.body).toBe(412);
  const challengeId = refusalOf(first).challengeId ?? '';
  const qr = await app.inject({
    method: 'GET',
    url: '/api/verification/qr',
    query: { challengeId },
    headers: bearer(token),
  });
  expect(qr.statusCode, qr.body).toBe(200);
  const { qrId } = qr.json<{ data: QrImage }>().data;
  const socket = listenAs(app, userId);
  const confirmed = await app.inject({
    method: 'POST',
    url: `/api/sandbox/qr/${qrId}/confirm`,
    remoteAddress: freshLoopbackIp(),
  });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const [event] = await socket.first(1);
  socket.remove();
  const signature = (event?.payload as QrEvent).signature ?? '';
  return call(app, request.method, request.url, token, {
    payload: request.payload ?? {},
    headers: { ...headers, ...withQr(qrId, signature) },
  });
}

/** Sends an SMS-protected request, reads the code from the sandbox outbox, and replays it with the code. */
export async function withSmsCode(
  app: FastifyInstance,
  token: string,
  mobile: string,
  request: Request,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  const first = await call(app, request.method, request.url, token, {
    payload: request.payload ?? {},
    headers,
  });
  expect(first.statusCode, first.body).toBe(406);
  const sent = await sendSms(app, mobile, { accessToken: token });
  expect(sent.statusCode, sent.body).toBe(200);
  const code = await latestCode(app, mobile);
  return call(app, request.method, request.url, token, {
    payload: request.payload ?? {},
    headers: withCode(code),
  });
}
