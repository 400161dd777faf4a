import { ECONTRACT_URL } from '@contract/e-contract';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import type { Contract, SignRecord } from '@contract/e-contract-schemas';
import type { QrEvent, QrImage } from '@contract/verification-schemas';
import { freshLoopbackIp } from './captcha-helpers';
import { bearer, listenAs } from './helpers';
import { latestCode, refusalOf, sendSms, withCode, withQr } from './verification-helpers';

export const dataOf = <T>(response: LightMyRequestResponse) => response.json<{ data: T }>().data;

/** A drafted organisation agreement, through the sandbox route. */
export async function draftAgreement(
  app: FastifyInstance,
  orgId: string,
  amount = '12000.00',
): Promise<Contract> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/sandbox/e-contract/agreement',
    remoteAddress: freshLoopbackIp(),
    payload: { orgId, amount },
  });
  if (response.statusCode !== 201) throw new Error(`draft: ${response.statusCode} ${response.body}`);
  return dataOf<Contract>(response);
}

export const openAccount = (app: FastifyInstance, token: string, headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: ECONTRACT_URL.open, headers: { ...bearer(token), ...headers } });

/** Opens the account through its SMS verification, as the dialog does. */
export async function openAccountWithSms(app: FastifyInstance, token: string, mobile: string) {
  const first = await openAccount(app, token);
  if (first.statusCode !== 406) throw new Error(`open: ${first.statusCode} ${first.body}`);
  await sendSms(app, mobile, { accessToken: token });
  return openAccount(app, token, withCode(await latestCode(app, mobile)));
}

export const batchSign = (
  app: FastifyInstance,
  token: string,
  payload: { contractIds: string[]; sealId?: string },
  headers: Record<string, string> = {},
) =>
  app.inject({
    method: 'POST',
    url: ECONTRACT_URL.batchSign,
    headers: { ...bearer(token), ...headers },
    payload,
  });

/** Batch-signs through the QR verification: fetch the QR code, confirm it on the sandbox licence page, retry. */
export async function batchSignWithQr(
  app: FastifyInstance,
  token: string,
  userId: string,
  payload: { contractIds: string[]; sealId?: string },
  headers: Record<string, string> = {},
) {
  const first = await batchSign(app, token, payload, headers);
  if (first.statusCode !== 412) throw new Error(`batch-sign: ${first.statusCode} ${first.body}`);
  const challengeId = refusalOf(first).challengeId ?? '';
  const qr = await app.inject({
    method: 'GET',
    url: '/api/verification/qr',
    query: { challengeId },
    headers: bearer(token),
  });
  const { qrId } = dataOf<QrImage>(qr);
  const socket = listenAs(app, userId);
  const confirmed = await app.inject({
    method: 'POST',
    url: `/api/sandbox/qr/${qrId}/confirm`,
    remoteAddress: freshLoopbackIp(),
  });
  if (confirmed.statusCode !== 200) throw new Error(`confirm: ${confirmed.statusCode}`);
  const [event] = await socket.first(1);
  socket.remove();
  return batchSign(app, token, payload, {
    ...headers,
    ...withQr(qrId, (event?.payload as QrEvent).signature ?? ''),
  });
}

export async function recordResult(
  app: FastifyInstance,
  token: string,
  recordId: string,
): Promise<SignRecord> {
  const response = await app.inject({
    method: 'GET',
    url: ECONTRACT_URL.recordResult,
    query: { recordId },
    headers: bearer(token),
  });
  if (response.statusCode !== 200) throw new Error(`result: ${response.statusCode} ${response.body}`);
  return dataOf<SignRecord>(response);
}
