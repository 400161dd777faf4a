/** The security header set on every kind of answer, and no CORS for any other origin. */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../../src/app';
import { testConfig } from '../../src/config';
import { signIn } from '../support/helpers';

const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

let app: FastifyInstance;
let webRoot: string;
let accessToken: string;
beforeAll(async () => {
  webRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-headers-'));
  fs.writeFileSync(path.join(webRoot, 'index.html'), '<!doctype html><html lang="zh-CN"></html>');
  fs.mkdirSync(path.join(webRoot, 'assets'));
  fs.writeFileSync(path.join(webRoot, 'assets', 'index-abc123.js'), 'console.log(1)');
  app = await buildApp(testConfig({ webRoot }));
  accessToken = (await signIn(app, '13800000001')).access_token;
});
afterAll(async () => {
  await app.close();
  fs.rmSync(webRoot, { recursive: true, force: true });
});

function directivesOf(response: LightMyRequestResponse): Map<string, string[]> {
  const csp = String(response.headers['content-security-policy'] ?? '');
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

/** The document's policy (the SPA and its files): its own sources, scripts strict, no plugins, no framing. */
function expectDocumentPolicy(csp: Map<string, string[]>): void {
  expect(csp.get('default-src')).toEqual(["'self'"]);
  expect(csp.get('object-src')).toEqual(["'none'"]);
  expect(csp.get('frame-src')).toEqual(["'self'", 'blob:']);
  expect(csp.get('script-src') ?? []).toEqual(["'self'"]);
  // No ws: or wss: to any host: the app's own socket is same-origin, which 'self' covers.
  expect(csp.get('connect-src')).toEqual(["'self'"]);
}

function expectSecurityHeaders(response: LightMyRequestResponse, kind: 'document' | 'api'): void {
  const csp = directivesOf(response);
  // An API answer allows nothing at all: default-src 'none' covers object-src and every other fetch.
  if (kind === 'document') expectDocumentPolicy(csp);
  else expect(csp.get('default-src')).toEqual(["'none'"]);
  expect(csp.get('base-uri')).toEqual(["'none'"]);
  expect(csp.get('frame-ancestors')).toEqual(["'none'"]);
  const hsts = String(response.headers['strict-transport-security']);
  expect(Number(/max-age=(\d+)/.exec(hsts)?.[1])).toBeGreaterThanOrEqual(ONE_YEAR_SECONDS);
  expect(response.headers['referrer-policy']).toBe('no-referrer');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['x-frame-options']).toBe('DENY');
  expect(response.headers['cross-origin-resource-policy']).toBe('same-origin');
}

const bigBody = JSON.stringify({ mobile: 'x'.repeat(70 * 1024) });

describe('security headers', () => {
  it.each<[string, InjectOptions, number, 'document' | 'api']>([
    ['the SPA shell', { method: 'GET', url: '/' }, 200, 'document'],
    ['a hashed asset', { method: 'GET', url: '/assets/index-abc123.js' }, 200, 'document'],
    ['an API answer', { method: 'GET', url: '/api/health' }, 200, 'api'],
    ['a 401', { method: 'GET', url: '/api/user' }, 401, 'api'],
    ['a 404', { method: 'GET', url: '/api/no-such-route' }, 404, 'api'],
    [
      'a 413',
      {
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/json' },
        payload: bigBody,
      },
      413,
      'api',
    ],
    [
      'a 415',
      {
        method: 'POST',
        url: '/api/register',
        headers: { 'content-type': 'application/xml' },
        payload: '<a/>',
      },
      415,
      'api',
    ],
    ['an OAuth error', { method: 'POST', url: '/oauth/token', payload: 'grant_type=x' }, 400, 'api'],
    // Refused before routing: the full set, whatever the path.
    [
      'a URL the router cannot read',
      { method: 'GET', url: '/api/invitation/detail/%E4%B8/x' },
      400,
      'document',
    ],
  ])('are on %s', async (_case, request, status, kind) => {
    const response = await app.inject(request);
    expect(response.statusCode).toBe(status);
    expectSecurityHeaders(response, kind);
  });

  it('leave the document policies off API answers', async () => {
    const api = await app.inject({ method: 'GET', url: '/api/health' });
    expect(api.headers['cross-origin-opener-policy']).toBeUndefined();
    const shell = await app.inject({ method: 'GET', url: '/' });
    expect(shell.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('keep API answers out of caches', async () => {
    for (const url of ['/api/health', '/api/no-such-route', '/api/invitation/detail/%E4%B8/x']) {
      expect((await app.inject({ method: 'GET', url })).headers['cache-control'], url).toBe('no-store');
    }
  });
});

describe('cross-origin requests', () => {
  const accessControlHeaders = (response: LightMyRequestResponse) =>
    Object.keys(response.headers).filter((name) => name.startsWith('access-control-'));

  it.each(['null', 'https://evil.example', 'http://localhost:5173'])(
    'get no CORS grant for Origin %s, on answers or preflights',
    async (origin) => {
      const read = await app.inject({
        method: 'GET',
        url: '/api/user',
        headers: { origin, authorization: `Bearer ${accessToken}` },
      });
      expect(read.statusCode).toBe(200);
      expect(accessControlHeaders(read)).toEqual([]);

      const token = await app.inject({
        method: 'POST',
        url: '/oauth/token',
        headers: { origin, 'content-type': 'application/x-www-form-urlencoded' },
        payload: 'grant_type=password',
      });
      expect(accessControlHeaders(token)).toEqual([]);

      const preflight = await app.inject({
        method: 'OPTIONS',
        url: '/api/user/logout',
        headers: {
          origin,
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,content-type',
        },
      });
      expect(preflight.statusCode).toBeGreaterThanOrEqual(400);
      expect(accessControlHeaders(preflight)).toEqual([]);
    },
  );
});
