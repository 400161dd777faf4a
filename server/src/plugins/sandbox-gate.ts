import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR } from '@contract/errors';
import type { AppConfig } from '../config';
import { addressRule } from '../lib/addresses';
import { fail } from '../lib/errors';
import { logSecurityEvent, SECURITY_EVENT } from '../lib/security-log';

/** Every sandbox route lives under this prefix; the gate judges every route under it, wherever registered. */
export const SANDBOX_PREFIX = '/api/sandbox';
export const SANDBOX_REFUSED_MSG = '沙箱仅对本机开放';

/** What a person reaching the sandbox can do, for the warning at start (and the README). */
const SANDBOX_EXPOSES = [
  'entry links: a sign-in token for any account, no credential asked',
  'the SMS outbox: every verification code sent, for any mobile',
  'the licence app: confirms or refuses any pending QR verification',
  'notices, the non-payment display and the system status of any account or of the platform',
  'the e-sign provider: drafts contracts for any organisation and signs them with certificates of its own CA',
];

/** Loopback plus the operator's SANDBOX_ALLOWED_CIDRS, as one address test. */
export const sandboxAddressRule = addressRule;

/**
 * A sandbox route answers a request only when both the machine that opened the connection (the socket's peer)
 * and the client (request.ip: the same, or, behind a proxy that TRUST_PROXY trusts, the address it forwards)
 * are allowed. The peer alone would let a reverse proxy on this machine open the sandbox to the world; the
 * client alone would let anyone claim 127.0.0.1 in X-Forwarded-For when every peer is trusted.
 */
function gate(config: AppConfig) {
  const allowed = sandboxAddressRule(config.sandboxAllowedCidrs);
  return function sandboxGate(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
    if (allowed(request.socket.remoteAddress) && allowed(request.ip)) return done();
    logSecurityEvent(request, SECURITY_EVENT.sandboxRefused, { reason: 'address_not_allowed' });
    done(fail(API_ERROR.forbidden, SANDBOX_REFUSED_MSG));
  };
}

/**
 * The gate joins every route whose pattern starts with SANDBOX_PREFIX as its first onRequest hook, wherever
 * and by whomever the route is registered: matching the route's pattern, not the raw URL, percent-encoding
 * cannot slip a path past it, and the other routes pay nothing. Call it before any route is registered.
 */
export function setupSandboxGate(app: FastifyInstance): void {
  const sandboxGate = gate(app.config);
  app.addHook('onRoute', (route) => {
    if (!route.url.startsWith(SANDBOX_PREFIX)) return;
    const own =
      route.onRequest === undefined
        ? []
        : Array.isArray(route.onRequest)
          ? route.onRequest
          : [route.onRequest];
    route.onRequest = [sandboxGate, ...own];
  });
}

/**
 * The one place sandbox routes are registered: under SANDBOX_PREFIX, only when the sandbox is on (behind the
 * gate of setupSandboxGate), with a warning at start naming what is exposed and to whom.
 */
export async function registerSandbox(app: FastifyInstance, plugins: FastifyPluginAsync[]): Promise<void> {
  const { config } = app;
  if (!config.sandbox) return;
  const routes: string[] = [];
  await app.register(
    async (sandbox) => {
      sandbox.addHook('onRoute', (route) => {
        if (route.method !== 'HEAD') routes.push(`${[route.method].flat().join(',')} ${route.url}`);
      });
      for (const plugin of plugins) await sandbox.register(plugin);
    },
    { prefix: SANDBOX_PREFIX },
  );
  app.log.warn(
    {
      sandbox: { exposes: SANDBOX_EXPOSES, routes, allowed: ['loopback', ...config.sandboxAllowedCidrs] },
    },
    'SANDBOX is on: fake outside parties that sign anyone in as anyone; never on a server real users reach',
  );
}
