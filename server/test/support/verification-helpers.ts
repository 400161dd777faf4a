import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { SMS_BUSINESS_CODE } from '@contract/constants';
import { VERIFICATION_HEADER } from '@contract/verification';
import type { VerificationRefusal, SandboxSms } from '@contract/verification-schemas';
import { freshIp, freshLoopbackIp } from './captcha-helpers';
import { basicAuth, bearer, encryptPassword, insertCaptchaVerification } from './helpers';

/** Demo accounts of the seed (server/src/db/seed.ts). */
export const OWNER_SH = '13800000001';
export const STAFF_SH = '13800000002';
export const OWNER_HZ = '13800000003';
export const STAFF_BOTH = '13800000004';
export const UNREGISTERED = '13912345678';

export const NEW_PASSWORD = 'Fresh2026pw';

export interface SmsSendOptions {
  accessToken?: string;
  ip?: string;
  /** A verification to spend; by default a fresh one of scene 'sms'. */
  captchaVerification?: string;
}

/** `POST /api/sms` as the SMS dialog sends it after the slider puzzle. */
export async function sendSms(
  app: FastifyInstance,
  mobile: string,
  options: SmsSendOptions = {},
): Promise<LightMyRequestResponse> {
  const ip = options.ip ?? freshIp();
  return app.inject({
    method: 'POST',
    url: '/api/sms',
    remoteAddress: ip,
    headers: options.accessToken ? bearer(options.accessToken) : {},
    payload: {
      captchaVerification: options.captchaVerification ?? (await insertCaptchaVerification(app, 'sms', ip)),
      mobile,
      businessCode: SMS_BUSINESS_CODE,
      cId: app.config.channelId,
    },
  });
}

/** The sandbox outbox of one mobile, newest first, read through the API like the sandbox page. */
export async function outboxOf(app: FastifyInstance, mobile: string): Promise<SandboxSms[]> {
  const response = await app.inject({
    method: 'GET',
    url: '/api/sandbox/sms',
    query: { mobile },
    remoteAddress: freshLoopbackIp(),
  });
  if (response.statusCode !== 200) throw new Error(`outbox: ${response.statusCode} ${response.body}`);
  return response.json<{ data: SandboxSms[] }>().data;
}

const CODE_IN_TEXT = /验证码为(\d{6})/;

/** The code of the newest message to `mobile`; fails the test when there is none. */
export async function latestCode(app: FastifyInstance, mobile: string): Promise<string> {
  const [newest] = await outboxOf(app, mobile);
  const code = newest ? CODE_IN_TEXT.exec(newest.text)?.[1] : undefined;
  if (!code) throw new Error(`no code in the outbox of ${mobile}`);
  return code;
}

/** A 6-digit code different from `code`. */
export const otherCode = (code: string, offset = 1): string =>
  String((Number(code) + offset) % 1_000_000).padStart(6, '0');

/** `POST /api/user/password/change` (signed in, SMS-protected). */
export function changePassword(
  app: FastifyInstance,
  accessToken: string,
  ciphertext: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/user/password/change',
    headers: { ...bearer(accessToken), ...headers },
    payload: { password: ciphertext },
  });
}

/** `POST /api/user/password/reset` (client credential, SMS-protected with the mobile as subject). */
export function resetPassword(
  app: FastifyInstance,
  mobile: string,
  ciphertext: string,
  headers: Record<string, string> = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method: 'POST',
    url: '/api/user/password/reset',
    remoteAddress: freshIp(),
    headers: { authorization: basicAuth(app.config), ...headers },
    payload: { mobile, password: ciphertext },
  });
}

export const withCode = (code: string) => ({ [VERIFICATION_HEADER.smsCode]: code });
export const withQr = (qrId: string, signature: string) => ({
  [VERIFICATION_HEADER.qrId]: qrId,
  [VERIFICATION_HEADER.qrSignature]: signature,
});

export const refusalOf = (response: LightMyRequestResponse) => response.json<VerificationRefusal>();

/** A password ciphertext, and the request that needs it, fixed: a replay must send the same bytes. */
export const cipherOf = (app: FastifyInstance, password = NEW_PASSWORD) => encryptPassword(app, password);

export interface RegistrationPayload {
  mobile: string;
  password: string;
  name: string;
  captchaVerification: string;
}

/**
 * `POST /api/register` as the app sends it: the first answer asks for an SMS code (406), the code sent to the
 * mobile is read from the sandbox outbox, and the same request is sent again with it. Any other first answer
 * (a refusal) is returned as it is.
 */
export async function registerWithSmsCode(
  app: FastifyInstance,
  payload: RegistrationPayload,
  headers: Record<string, string> = { authorization: basicAuth(app.config) },
): Promise<LightMyRequestResponse> {
  const send = (extra: Record<string, string> = {}) =>
    app.inject({ method: 'POST', url: '/api/register', headers: { ...headers, ...extra }, payload });
  const first = await send();
  if (first.statusCode !== 406) return first;
  const sent = await sendSms(app, payload.mobile);
  if (sent.statusCode !== 200) throw new Error(`SMS send: ${sent.statusCode} ${sent.body}`);
  return send(withCode(await latestCode(app, payload.mobile)));
}
