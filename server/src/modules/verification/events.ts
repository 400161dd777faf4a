import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import { cleanForLog, logSecurityEvent, SECURITY_EVENT, type SecurityDetails } from '../../lib/security-log';

/** The security events of secondary verification, each one structured entry of the security log. */
export const VERIFICATION_EVENT = {
  otpFailed: SECURITY_EVENT.otpFailed,
  challengeInvalidated: SECURITY_EVENT.challengeInvalidated,
  proofReplay: SECURITY_EVENT.proofReplay,
  qrInvalid: SECURITY_EVENT.qrInvalid,
  qrRefused: SECURITY_EVENT.qrRefused,
  qrExpired: SECURITY_EVENT.qrExpired,
  passwordReset: SECURITY_EVENT.passwordReset,
  passwordChanged: SECURITY_EVENT.passwordChanged,
} as const;
export type VerificationEvent = (typeof VERIFICATION_EVENT)[keyof typeof VERIFICATION_EVENT];

export function logVerificationEvent(
  request: FastifyRequest,
  event: VerificationEvent,
  details: SecurityDetails = {},
): void {
  logSecurityEvent(request, event, details);
}

/** The same entry for events without a request (a QR session expiring on a timer). */
export function logVerificationEventWithoutRequest(
  log: FastifyBaseLogger,
  event: VerificationEvent,
  details: { userId: string | null; orgId: string | null; reason?: string },
): void {
  log.warn(
    {
      security: true,
      event,
      userId: details.userId,
      orgId: details.orgId,
      ip: null,
      reqId: null,
      ...(details.reason !== undefined ? { reason: cleanForLog(details.reason) } : {}),
    },
    'security event',
  );
}
