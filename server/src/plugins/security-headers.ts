import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet from 'helmet';

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
  // Same origin only: 'self' covers the app's own WebSocket (ws: or wss: to this host), and nothing a script
  // injected could open to another host.
  connectSrc: ["'self'"],
  // The contract preview shows the PDF the app fetched (with the sign-in) as a blob: URL in a frame.
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'none'"],
  formAction: ["'self'"],
  frameAncestors: ["'none'"],
};
const HSTS = { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true };
const REFERRER_POLICY = 'no-referrer';

const HELMET_OPTIONS = {
  contentSecurityPolicy: { useDefaults: false, directives: CSP_DIRECTIVES },
  strictTransportSecurity: HSTS,
  referrerPolicy: { policy: REFERRER_POLICY },
  frameguard: { action: 'deny' },
} as const;

/**
 * The headers helmet sets for our options, taken once from its middleware: @fastify/helmet built a new
 * helmet (parsing the policy again) on every request.
 * Helmet only sets and removes response headers, so what it sets once is what it would set every time.
 */
function helmetHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: unknown) => {
      headers[name] = String(value);
    },
    removeHeader: (name: string) => {
      delete headers[name];
    },
  };
  helmet(HELMET_OPTIONS)({} as IncomingMessage, response as unknown as ServerResponse, () => {});
  return headers;
}

const SECURITY_HEADERS = helmetHeaders();

/**
 * API answers are JSON, files and errors, never a document a browser renders: they need what keeps them out
 * of frames, sniffing and caches, not the document's policies (COOP, Origin-Agent-Cluster, DNS prefetch, the
 * page's CSP sources). `default-src 'none'` allows nothing, object-src included; base-uri and frame-ancestors
 * do not fall back to it, so they are named. Half the bytes of the document set: the headers are written
 * with every answer of the hot paths, and were most of a small answer.
 */
const API_SECURITY_HEADERS: Record<string, string> = {
  'Content-Security-Policy': "default-src 'none'; base-uri 'none'; frame-ancestors 'none'",
  'Strict-Transport-Security': SECURITY_HEADERS['Strict-Transport-Security']!,
  'X-Content-Type-Options': 'nosniff',
  'X-Frame-Options': 'DENY',
  'Referrer-Policy': REFERRER_POLICY,
  'Cross-Origin-Resource-Policy': 'same-origin',
  // API answers carry personal data and tokens: no browser or proxy cache keeps them unless a route says so.
  'Cache-Control': 'no-store',
};

/**
 * The same set for answers that no hook sees (Fastify refuses an unreadable URL before routing, see
 * `answerUnroutable`), plus the API's no-store.
 */
export const UNROUTED_SECURITY_HEADERS: Record<string, string> = {
  ...SECURITY_HEADERS,
  'Cache-Control': 'no-store',
};

const isApi = (url: string) => API_PREFIXES.some((prefix) => url.startsWith(prefix));

/**
 * The security headers on every answer: the SPA shell, the API and the errors alike. No CORS headers are
 * ever sent: the SPA is served from the API's own origin, so a browser refuses every other origin (and
 * `Origin: null`) both the preflight and the reading of an answer.
 */
export function setupSecurityHeaders(app: FastifyInstance): void {
  // Set before the handler runs, so a route that may be cached (or must be framed) says so by setting its own.
  app.addHook('onRequest', (request, reply, done) => {
    reply.headers(isApi(request.url) ? API_SECURITY_HEADERS : SECURITY_HEADERS);
    done();
  });
}
