import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import {
  cleanForLog,
  logSecurityEvent,
  type SecurityDetails,
  type SecurityEvent,
} from '../../lib/security-log';

/**
 * Security events of secondary verification (SECURITY-CHECKLIST H37). They use the shared structured
 * entry of lib/security-log; the names live here because that file's list belongs to the foundation.
 */
export const VERIFICATION_EVENT = {
  otpFailed: 'otp.failed',
  challengeInvalidated: 'verification.invalidated',
  proofReplay: 'verification.replay',
  qrInvalid: 'qr.invalid',
  qrRefused: 'qr.refused',
  qrExpired: 'qr.expired',
  passwordReset: 'password.reset',
  passwordChanged: 'password.changed',
} as const;
export type VerificationEvent = (typeof VERIFICATION_EVENT)[keyof typeof VERIFICATION_EVENT];

export function logVerificationEvent(
  request: FastifyRequest,
  event: VerificationEvent,
  details: SecurityDetails = {},
): void {
  // The shared union lists only the foundation's names; the entry's format is the same for these.
  logSecurityEvent(request, event as string as SecurityEvent, details);
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
