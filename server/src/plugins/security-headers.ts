import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const API_PREFIXES = ['/api/', '/oauth/'];

const CSP_DIRECTIVES = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  // antd (CSS-in-JS) writes inline style elements; scripts stay strict.
  styleSrc: ["'self'", "'unsafe-inline'"],
  // The captcha images arrive as data: URLs; exports as blob: URLs.
  imgSrc: ["'self'", 'data:', 'blob:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'", 'ws:', 'wss:'],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};
const HSTS = { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true };
const REFERRER_POLICY = 'no-referrer';

const kebab = (name: string) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);

/**
 * The core of the set for answers that no hook sees (Fastify refuses an unreadable URL before routing,
 * see `answerUnroutable`): the same policy, written out by hand.
 */
export const UNROUTED_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': Object.entries(CSP_DIRECTIVES)
    .map(([name, sources]) => `${kebab(name)} ${sources.join(' ')}`)
    .join(';'),
  'Strict-Transport-Security': `max-age=${HSTS.maxAge}; includeSubDomains`,
  'Referrer-Policy': REFERRER_POLICY,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Cache-Control': 'no-store',
};

/**
 * The security headers on every answer: the SPA shell, the API and the errors alike. No CORS headers are
 * ever sent: the SPA is served from the API's own origin, so a browser refuses every other origin (and
 * `Origin: null`) both the preflight and the reading of an answer.
 */
export async function setupSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
    strictTransportSecurity: HSTS,
    referrerPolicy: { policy: REFERRER_POLICY },
    frameguard: { action: 'deny' },
  });

  // API answers carry personal data and tokens: no browser or proxy cache keeps them unless a route says so.
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('Cache-Control') && API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      reply.header('Cache-Control', 'no-store');
    }
  });
}
