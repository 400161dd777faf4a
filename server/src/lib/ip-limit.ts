import type { FastifyRequest } from 'fastify';
import { hitRateLimit } from './rate-limit';
import { logSecurityEvent, SECURITY_EVENT } from './security-log';

export interface IpLimitRule {
  /** Names the counter; one per protected action. */
  action: string;
  limit: number;
  windowMs: number;
}

/**
 * Counts this request against the caller's IP for `rule`. request.ip is the socket peer unless trustProxy
 * names the proxy, so a forged X-Forwarded-For does not open a new bucket. Returns the Retry-After seconds
 * when the limit is exceeded (and logs it), else null.
 */
export async function hitIpLimit(request: FastifyRequest, rule: IpLimitRule): Promise<number | null> {
  const { db } = request.server;
  const decision = await hitRateLimit(
    db,
    `ip:${rule.action}:${request.ip}`,
    rule.limit,
    rule.windowMs,
    request.server.now(),
  );
  if (decision.allowed) return null;
  logSecurityEvent(request, SECURITY_EVENT.rateLimited, {
    userId: request.auth?.userId,
    orgId: request.auth?.orgId,
    reason: rule.action,
  });
  return Math.max(1, Math.ceil(decision.retryAfterMs / 1000));
}
