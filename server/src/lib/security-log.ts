import type { FastifyRequest } from 'fastify';

export const SECURITY_EVENT = {
  loginSuccess: 'login.success',
  loginFailed: 'login.failed',
  loginLocked: 'login.locked',
  refreshReuse: 'refresh.reuse',
  captchaRejected: 'captcha.rejected',
  rateLimited: 'rate.limited',
  orgSwitchDenied: 'org.switch.denied',
  crossOrgDenied: 'cross_org.denied',
  otpFailed: 'otp.failed',
  challengeInvalidated: 'verification.invalidated',
  proofReplay: 'verification.replay',
  qrInvalid: 'qr.invalid',
  qrRefused: 'qr.refused',
  qrExpired: 'qr.expired',
  passwordReset: 'password.reset',
  passwordChanged: 'password.changed',
  sandboxRefused: 'sandbox.refused',
  /** Acts of the sandbox's fake outside parties that stand in for a person's consent: each leaves a trace. */
  sandboxEntryLink: 'sandbox.entry_link',
  sandboxQrDecision: 'sandbox.qr_decision',
  sandboxStatementRead: 'sandbox.bank_statement',
  partnerTokenRejected: 'partner_token.rejected',
  memberRemoved: 'member.removed',
  callbackRejected: 'esign.callback.rejected',
} as const;
export type SecurityEvent = (typeof SECURITY_EVENT)[keyof typeof SECURITY_EVENT];

export interface SecurityDetails {
  userId?: string | null | undefined;
  orgId?: string | null | undefined;
  /** The organisation whose resource was asked for, when it is not the caller's. */
  targetOrgId?: string | undefined;
  /** User input: cleaned and partly masked before it is written. */
  mobile?: string | undefined;
  /** A bank account number: masked like a mobile before it is written. */
  bankAccountNo?: string | undefined;
  /** A short fixed word chosen by the caller, e.g. 'password_not_match'. */
  reason?: string | undefined;
}

const MAX_LOGGED_INPUT = 64;

/**
 * Pino escapes JSON strings, but logs are also read as plain text (tail, grep, pino-pretty), where a CR or
 * LF in user input could fake a second entry: control and line-separator characters become spaces.
 */
export function cleanForLog(value: string): string {
  // eslint-disable-next-line no-control-regex
  return value.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, ' ').slice(0, MAX_LOGGED_INPUT);
}

/** Enough of a mobile to correlate events, not enough to rebuild a user list from logs. */
export function maskMobile(mobile: string): string {
  const clean = cleanForLog(mobile);
  return clean.length >= 7 ? `${clean.slice(0, 3)}****${clean.slice(-4)}` : '****';
}

/** One structured entry per security event: who, which org, from where, which request. */
export function logSecurityEvent(
  request: FastifyRequest,
  event: SecurityEvent,
  details: SecurityDetails = {},
): void {
  const entry = {
    security: true,
    event,
    userId: details.userId ?? null,
    orgId: details.orgId ?? null,
    ip: request.ip,
    reqId: request.id,
    ...(details.targetOrgId !== undefined ? { targetOrgId: details.targetOrgId } : {}),
    ...(details.mobile !== undefined ? { mobile: maskMobile(details.mobile) } : {}),
    ...(details.bankAccountNo !== undefined ? { bankAccountNo: maskMobile(details.bankAccountNo) } : {}),
    ...(details.reason !== undefined ? { reason: cleanForLog(details.reason) } : {}),
  };
  const failed = event !== SECURITY_EVENT.loginSuccess;
  if (failed) request.log.warn(entry, 'security event');
  else request.log.info(entry, 'security event');
}
