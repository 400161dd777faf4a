import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR } from '@contract/errors';
import { isLoopbackAddress, isLoopbackHost } from '../lib/addresses';
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
  "the settlement bank: reads any settlement account's balance and statement, and deposits money into any",
  'the financial institutions: lists every application made to them and answers any in their place',
  "the server's clock: moves it to any moment, and runs any closed business day's day-end at once",
];

/** Headers a proxy adds; a request carrying any of them came through one, whatever its peer address. */
const forwardedThroughProxy = (headers: FastifyRequest['headers']): boolean =>
  Object.keys(headers).some(
    (name) => name === 'forwarded' || name === 'x-real-ip' || name.startsWith('x-forwarded-'),
  );

/** The Host header names this machine (`localhost:8080`, `127.0.0.1`, `[::1]:8080`); none at all does not. */
function hostIsLoopback(host: string | undefined): boolean {
  if (!host) return false;
  try {
    return isLoopbackHost(new URL(`http://${host}`).hostname);
  } catch {
    return false;
  }
}

/** Why a request may not reach the sandbox, or null when it may. */
function refusalOf(request: FastifyRequest): string | null {
  if (!isLoopbackAddress(request.socket.remoteAddress)) return 'address_not_allowed';
  if (forwardedThroughProxy(request.headers)) return 'forwarded';
  if (!hostIsLoopback(request.headers.host)) return 'host_not_loopback';
  return null;
}

/**
 * A sandbox route answers only a client on this machine talking to it directly: the socket's peer is
 * loopback, no proxy forwarded the request, and the Host it asked for is this machine. A reverse proxy on
 * the same machine has a loopback peer, so the peer alone would open the sandbox to whoever reaches the
 * proxy: any forwarding header refuses the request, whoever sent it and whatever TRUST_PROXY says. A web
 * page elsewhere that rebinds its own name to 127.0.0.1 still sends its own name as Host, and is refused.
 */
function sandboxGate(request: FastifyRequest, _reply: FastifyReply, done: (error?: Error) => void) {
  const reason = refusalOf(request);
  if (reason === null) return done();
  logSecurityEvent(request, SECURITY_EVENT.sandboxRefused, { reason });
  done(fail(API_ERROR.forbidden, SANDBOX_REFUSED_MSG));
}

/**
 * The gate joins every route whose pattern starts with SANDBOX_PREFIX as its first onRequest hook, wherever
 * and by whomever the route is registered: matching the route's pattern, not the raw URL, percent-encoding
 * cannot slip a path past it, and the other routes pay nothing. Call it before any route is registered.
 */
export function setupSandboxGate(app: FastifyInstance): void {
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
 * The one place sandbox routes are registered: each at its contract path, which must lie under SANDBOX_PREFIX
 * (a start with one outside it fails), only when the sandbox is on (behind the gate of setupSandboxGate),
 * with a warning at start naming what is exposed and to whom.
 */
export async function registerSandbox(app: FastifyInstance, plugins: FastifyPluginAsync[]): Promise<void> {
  const { config } = app;
  if (!config.sandbox) return;
  const routes: string[] = [];
  await app.register(async (sandbox) => {
    sandbox.addHook('onRoute', (route) => {
      if (!route.url.startsWith(`${SANDBOX_PREFIX}/`))
        throw new Error(`sandbox route ${route.url} is not under ${SANDBOX_PREFIX}`);
      if (route.method !== 'HEAD') routes.push(`${[route.method].flat().join(',')} ${route.url}`);
    });
    for (const plugin of plugins) await sandbox.register(plugin);
  });
  app.log.warn(
    {
      sandbox: { exposes: SANDBOX_EXPOSES, routes, allowed: ['loopback, unforwarded, loopback Host'] },
    },
    'SANDBOX is on: fake outside parties that sign anyone in as anyone; never on a server real users reach',
  );
}
