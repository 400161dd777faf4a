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

/** The window of the sandbox's per-address limit. */
export const SANDBOX_RATE_WINDOW_MS = 60_000;

/**
 * Counts a call to one part of the sandbox (`action`: its counter) against the caller's address: the sandbox
 * page polls and a script may drive it, each part up to SANDBOX_RATE_LIMIT calls a minute (0: no limit, as
 * the bench runs it). Returns the Retry-After seconds when exceeded, else null.
 */
export async function hitSandboxLimit(request: FastifyRequest, action: string): Promise<number | null> {
  const limit = request.server.config.sandboxRateLimit;
  if (limit === 0) return null;
  return hitIpLimit(request, { action, limit, windowMs: SANDBOX_RATE_WINDOW_MS });
}
