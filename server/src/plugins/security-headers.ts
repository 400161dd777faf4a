import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;
const API_PREFIXES = ['/api/', '/oauth/'];

/** SECURITY-CHECKLIST H36 on every answer: the SPA shell, the API and the errors alike. */
export async function setupSecurityHeaders(app: FastifyInstance): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
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
      },
    },
    strictTransportSecurity: { maxAge: ONE_YEAR_SECONDS, includeSubDomains: true },
    referrerPolicy: { policy: 'no-referrer' },
    frameguard: { action: 'deny' },
  });

  // API answers carry personal data and tokens: no browser or proxy cache keeps them unless a route says so.
  app.addHook('onSend', async (request, reply) => {
    if (!reply.hasHeader('Cache-Control') && API_PREFIXES.some((prefix) => request.url.startsWith(prefix))) {
      reply.header('Cache-Control', 'no-store');
    }
  });
}
