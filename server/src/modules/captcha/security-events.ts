import type { FastifyRequest } from 'fastify';

/**
 * Structured security log entries for the captcha, in the same shape as the rest of the server's
 * security events. Never log the token, secretKey, pointJson or captchaVerification: any of them
 * could be replayed or would reveal the answer.
 */
export const CAPTCHA_EVENT = {
  rejected: 'captcha.rejected',
  rateLimited: 'rate.limited',
} as const;

export type CaptchaRejection = 'unknown_or_used_token' | 'undecryptable' | 'malformed_answer' | 'off_target';

export function logCaptchaEvent(
  request: FastifyRequest,
  event: (typeof CAPTCHA_EVENT)[keyof typeof CAPTCHA_EVENT],
  reason: CaptchaRejection | 'captcha.get' | 'captcha.get.client' | 'captcha.check',
): void {
  request.log.warn({ security: true, event, reason, ip: request.ip, reqId: request.id }, 'security event');
}
