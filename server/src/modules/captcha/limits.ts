import net from 'node:net';
import type { FastifyRequest } from 'fastify';
import { hitRateLimit } from '../../lib/rate-limit';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import {
  CAPTCHA_CHECK_LIMIT_PER_IP,
  CAPTCHA_FETCH_LIMIT_PER_CLIENT,
  CAPTCHA_FETCH_LIMIT_PER_IP,
  CAPTCHA_RATE_KEY_PREFIX,
  CAPTCHA_RATE_WINDOW_MS,
} from './constants';

/** Hextets of an IPv6 address's network half: one subscriber usually holds a whole /64. */
const IPV6_NETWORK_HEXTETS = 4;
const IPV4_MAPPED = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i;

/**
 * The address a budget belongs to: an IPv4 address as is, an IPv6 address by its /64, since
 * a single host can pick any of 2^64 addresses in its own network.
 */
export function addressBucket(ip: string): string {
  const mapped = IPV4_MAPPED.exec(ip)?.[1];
  if (mapped) return mapped;
  if (!net.isIPv6(ip)) return ip;
  const [head = '', tail] = ip.split('%')[0]!.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const hextets =
    tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  const network = hextets.slice(0, IPV6_NETWORK_HEXTETS).map((h) => parseInt(h, 16).toString(16));
  return `${network.join(':')}::/64`;
}

/** Seconds until the caller may retry, for Retry-After; at least 1. */
const retryAfterSeconds = (ms: number) => Math.max(1, Math.ceil(ms / 1000));

async function over(request: FastifyRequest, key: string, limit: number): Promise<number | null> {
  const { db } = request.server;
  const decision = await hitRateLimit(
    db,
    CAPTCHA_RATE_KEY_PREFIX + key,
    limit,
    CAPTCHA_RATE_WINDOW_MS,
    request.server.now(),
  );
  return decision.allowed ? null : retryAfterSeconds(decision.retryAfterMs);
}

/**
 * The IP budget comes first and always counts: request.ip is the socket peer unless the app trusts
 * a named proxy, so leaving out clientUid, changing the user agent or forging X-Forwarded-For gives
 * no fresh budget. clientUid only narrows it further for a client behind a shared address.
 */
export async function fetchLimitedFor(
  request: FastifyRequest,
  clientUid: string | undefined,
): Promise<number | null> {
  const byIp = await over(request, `get:ip:${addressBucket(request.ip)}`, CAPTCHA_FETCH_LIMIT_PER_IP);
  if (byIp !== null) {
    logSecurityEvent(request, SECURITY_EVENT.rateLimited, { reason: 'captcha.get' });
    return byIp;
  }
  if (!clientUid) return null;
  const byClient = await over(request, `get:client:${clientUid}`, CAPTCHA_FETCH_LIMIT_PER_CLIENT);
  if (byClient !== null)
    logSecurityEvent(request, SECURITY_EVENT.rateLimited, { reason: 'captcha.get.client' });
  return byClient;
}

export async function checkLimitedFor(request: FastifyRequest): Promise<number | null> {
  const byIp = await over(request, `check:ip:${addressBucket(request.ip)}`, CAPTCHA_CHECK_LIMIT_PER_IP);
  if (byIp !== null) logSecurityEvent(request, SECURITY_EVENT.rateLimited, { reason: 'captcha.check' });
  return byIp;
}
