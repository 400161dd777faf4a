import { pathOf } from '@contract/paths';
import { lonelyUser } from './org-helpers';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import jpeg from 'jpeg-js';
import { PDFDocument } from 'pdf-lib';
import { PNG as PNG_CODEC } from 'pngjs';
import { APPLY_RECORD_URL } from '@contract/apply-record';
import type { ApplyRecord } from '@contract/apply-record-schemas';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../src/db/seed';
import { openSession } from '../../src/modules/auth/tokens';
import { call } from './bank-helpers';
import { freshLoopbackIp } from './captcha-helpers';
import type { TestApp } from './helpers';

export const demoUserId = (mobile: string) => DEMO_ACCOUNTS.find((a) => a.mobile === mobile)!.id;

/** An access token of `userId` acting for `orgId` (or for none). */
export const sessionOf = async (t: TestApp, userId: string, orgId: string | null) =>
  (await openSession(t.app.db, { userId, orgId, clientId: t.config.clientId }, t.app.now(), t.config))
    .accessToken;

/** A registered user who belongs to no organisation yet. */
export const newUser = (app: FastifyInstance, mobile: string, name = '申请人'): Promise<string> =>
  lonelyUser(app, mobile, name);

/**
 * The callers of the tenancy matrix: the Hangzhou owner (own), the Shanghai owner (another organisation), a
 * user with no organisation, and a Hangzhou member who is not an administrator.
 */
export async function matrixTokens(t: TestApp) {
  return {
    own: await sessionOf(t, demoUserId('13800000003'), DEMO_ORGS.hangzhou.id),
    other: await sessionOf(t, demoUserId('13800000001'), DEMO_ORGS.shanghai.id),
    noOrg: await sessionOf(t, await newUser(t.app, `137${String(Date.now()).slice(-8)}`, '无企业用户'), null),
    noPermission: await sessionOf(t, demoUserId('13800000004'), DEMO_ORGS.hangzhou.id),
  };
}

export async function applyTo(
  app: FastifyInstance,
  token: string,
  creditCode: string = DEMO_ORGS.hangzhou.creditCode,
  remark = '申请加入',
): Promise<ApplyRecord> {
  const response = await call(app, 'POST', APPLY_RECORD_URL.apply, token, {
    payload: { creditCode, remark },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: ApplyRecord }>().data;
}

export const dataOf = <T>(response: LightMyRequestResponse) => response.json<{ data: T }>().data;
export const codeOf = (response: LightMyRequestResponse) => response.json<{ code: string }>().code;

/** The licence holder's answer in the sandbox licence app. */
export const sandboxDecide = (app: FastifyInstance, qrId: string, decision: 'confirm' | 'refuse') =>
  app.inject({
    method: 'POST',
    url: `/api/sandbox/qr/${qrId}/${decision}`,
    remoteAddress: freshLoopbackIp(),
  });

export const sandboxDetails = (app: FastifyInstance, qrId: string) =>
  app.inject({ method: 'GET', url: `/api/sandbox/qr/${qrId}`, remoteAddress: freshLoopbackIp() });

/** Uploads `content` as the letter, declared as `contentType`. */
export const uploadLetter = (
  app: FastifyInstance,
  token: string,
  id: string,
  content: Buffer,
  contentType = 'application/pdf',
) =>
  app.inject({
    method: 'POST',
    url: pathOf(APPLY_RECORD_URL.authLetter, { id }),
    headers: { authorization: `Bearer ${token}`, 'content-type': contentType },
    payload: content,
  });

/** A one-page PDF, as a scanner or a word processor writes one. */
export const PDF = Buffer.from(
  await (async () => {
    const document = await PDFDocument.create();
    document.addPage([595, 842]).drawText('Authorisation', { x: 50, y: 780 });
    return document.save();
  })(),
);
/** A small picture of a page, 40 by 30 pixels, grey. */
const PAGE = { width: 40, height: 30, data: Buffer.alloc(40 * 30 * 4, 0xc0) };
export const PNG = PNG_CODEC.sync.write(Object.assign(new PNG_CODEC({ width: 40, height: 30 }), PAGE));
export const JPEG = Buffer.from(jpeg.encode(PAGE, 90).data);
/** A Windows executable: what a letter renamed from .exe to .pdf would carry. */
export const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(256, 0x90)]);
