import net from 'node:net';
import type { FastifyInstance, FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import { API_ERROR } from '@contract/errors';
import type { AppConfig } from '../config';
import { ApiFailure } from '../lib/errors';
import { logSecurityEvent, SECURITY_EVENT } from '../lib/security-log';

/** Every sandbox route lives under this prefix; the gate judges every route under it, wherever registered. */
export const SANDBOX_PREFIX = '/api/sandbox';
/**
 * What SANDBOX_EXPOSED_ACK must say for a server with the sandbox on to listen on an address other machines
 * can reach: the sandbox signs anyone in as anyone, so the operator says it in so many words.
 */
export const SANDBOX_EXPOSED_ACK_PHRASE = 'anyone-who-reaches-the-sandbox-can-sign-in-as-anyone';
export const SANDBOX_REFUSED_MSG = '沙箱仅对本机开放';
/** sysexits' EX_CONFIG: the start was refused because of the configuration. */
export const EXIT_CONFIG = 78;

/** What a person reaching the sandbox can do, for the warning at start (and the README). */
const SANDBOX_EXPOSES = [
  'entry links: a sign-in token for any account, no credential asked',
  'the SMS outbox: every verification code sent, for any mobile',
  'the licence app: confirms or refuses any pending QR verification',
  'notices, the non-payment display and the system status of any account or of the platform',
  'the e-sign provider: drafts contracts for any organisation and signs them with certificates of its own CA',
];

const LOOPBACK_V4 = '127.0.0.0/8';
const LOOPBACK_V6 = '::1/128';
/** A dual-stack socket reports IPv4 peers as `::ffff:a.b.c.d`. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** Loopback plus the operator's SANDBOX_ALLOWED_CIDRS, as one address test. */
export function sandboxAddressRule(
  allowedCidrs: readonly string[],
): (address: string | undefined) => boolean {
  const allowed = new net.BlockList();
  for (const entry of [LOOPBACK_V4, LOOPBACK_V6, ...allowedCidrs]) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    const plain = IPV4_MAPPED.exec(address)?.[1] ?? address;
    const family = net.isIP(plain);
    return family !== 0 && allowed.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

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
    done(new ApiFailure(403, API_ERROR.forbidden, SANDBOX_REFUSED_MSG));
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

const isLoopbackHost = (host: string): boolean =>
  host === 'localhost' || sandboxAddressRule([])(host.replace(/^\[(.*)\]$/, '$1'));

/**
 * Why the server must not listen as configured, or null. With the sandbox on, only loopback, unless the
 * operator acknowledges with SANDBOX_EXPOSED_ACK that whoever reaches it can sign in as anyone.
 */
export function sandboxListenRefusal(config: AppConfig): string | null {
  if (!config.sandbox || isLoopbackHost(config.host) || config.sandboxExposedAck) return null;
  return [
    `chain-bill refuses to listen on ${config.host} with SANDBOX=on.`,
    'The sandbox fakes the outside parties (SMS gateway, licence app, bank, e-sign): whoever reaches it can',
    'sign in as any account, read every SMS code and confirm any QR verification.',
    'Listen on 127.0.0.1 (HOST), or turn the sandbox off (SANDBOX=off), or, for a closed test network only,',
    `set SANDBOX_EXPOSED_ACK=${SANDBOX_EXPOSED_ACK_PHRASE} (and SANDBOX_ALLOWED_CIDRS for the sandbox's users).`,
  ].join('\n');
}
