import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR } from '@contract/errors';
import { ConfigError, EXIT_CONFIG, loadConfig, testConfig } from '../../src/config';
import { SANDBOX_REFUSED_MSG, sandboxAddressRule, setupSandboxGate } from '../../src/plugins/sandbox-gate';
import { startApp, type TestApp } from '../support/helpers';

const OUTSIDE = '203.0.113.9';
const ENTRY_LINK = { mobile: '13800000001' };

/** Every kind of sandbox route: entry links, the SMS outbox, the licence app's QR decisions, notices. */
const SANDBOX_CALLS = [
  { method: 'POST', url: '/api/sandbox/entry-links', payload: ENTRY_LINK },
  { method: 'GET', url: '/api/sandbox/sms' },
  { method: 'GET', url: '/api/sandbox/qr' },
  { method: 'POST', url: '/api/sandbox/qr/some-qr/confirm' },
  { method: 'POST', url: '/api/sandbox/qr/some-qr/refuse' },
  {
    method: 'POST',
    url: '/api/sandbox/notices',
    payload: { mobile: '13800000001', type: 3, title: 't', content: 'c' },
  },
  { method: 'PUT', url: '/api/sandbox/system-status', payload: { status: 0 } },
] as const;

const call = (
  t: TestApp,
  request: (typeof SANDBOX_CALLS)[number],
  options: { remoteAddress?: string; xff?: string } = {},
) =>
  t.app.inject({
    method: request.method,
    url: request.url,
    ...('payload' in request ? { payload: request.payload } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: options.xff ? { 'x-forwarded-for': options.xff } : {},
  });

const expectRefused = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ code: API_ERROR.forbidden, msg: SANDBOX_REFUSED_MSG });
};

describe('the sandbox, on by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('refuses every sandbox route to a peer that is not this machine, and logs it', async () => {
    for (const request of SANDBOX_CALLS) {
      expectRefused(await call(t, request, { remoteAddress: OUTSIDE }));
    }
    expect(t.logs.events('sandbox.refused')).toContainEqual(
      expect.objectContaining({ ip: OUTSIDE, reason: 'address_not_allowed' }),
    );
  });

  it('answers loopback peers, IPv4, IPv6 and IPv4-mapped alike', async () => {
    for (const remoteAddress of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) {
      const response = await call(t, SANDBOX_CALLS[0], { remoteAddress });
      expect(response.statusCode, remoteAddress).toBe(200);
      expect(response.json()).toMatchObject({ data: { token: expect.any(String) } });
    }
  });

  it('ignores X-Forwarded-For from a peer it does not trust, whatever it claims', async () => {
    expectRefused(await call(t, SANDBOX_CALLS[1], { remoteAddress: OUTSIDE, xff: '127.0.0.1' }));
    // A loopback peer that forwards an outside client is not trusted either (TRUST_PROXY is off): it is the client.
    expect((await call(t, SANDBOX_CALLS[1], { remoteAddress: '127.0.0.1', xff: OUTSIDE })).statusCode).toBe(
      200,
    );
  });

  it('leaves the other routes to every address', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/api/health', remoteAddress: OUTSIDE });
    expect(health.statusCode).toBe(200);
  });

  it('warns at start what it exposes, route by route', () => {
    const [warning] = t.logs.entries().filter((entry) => entry.level === 40 && 'sandbox' in entry);
    expect(warning?.msg).toMatch(/SANDBOX is on/);
    const sandbox = warning?.sandbox as { exposes: string[]; routes: string[]; allowed: string[] };
    expect(sandbox.exposes.join('\n')).toMatch(/sign-in token for any account/);
    expect(sandbox.exposes.join('\n')).toMatch(/SMS outbox/);
    expect(sandbox.routes).toEqual(
      expect.arrayContaining([
        'POST /api/sandbox/entry-links',
        'GET /api/sandbox/sms',
        'POST /api/sandbox/qr/:qrId/confirm',
      ]),
    );
    expect(sandbox.allowed).toEqual(['loopback']);
  });
});

describe('the sandbox with SANDBOX_ALLOWED_CIDRS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ sandboxAllowedCidrs: ['198.18.0.0/15', '2001:db8::/32', '192.0.2.7'] });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('also answers the blocks and addresses the operator allows, and nothing else', async () => {
    for (const remoteAddress of [
      '198.18.4.2',
      '198.19.255.1',
      '2001:db8::5',
      '192.0.2.7',
      '::ffff:198.18.0.1',
    ]) {
      expect((await call(t, SANDBOX_CALLS[1], { remoteAddress })).statusCode, remoteAddress).toBe(200);
    }
    for (const remoteAddress of ['198.20.0.1', '192.0.2.8', '2001:db9::1', OUTSIDE]) {
      expectRefused(await call(t, SANDBOX_CALLS[1], { remoteAddress }));
    }
  });
});

describe('the sandbox behind a trusted proxy', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ trustProxy: 'loopback', sandboxAllowedCidrs: ['198.18.0.0/15'] });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('judges the client the proxy forwards as well as the proxy itself', async () => {
    // A reverse proxy on this machine would otherwise open the sandbox to whoever reaches the proxy.
    expectRefused(await call(t, SANDBOX_CALLS[1], { remoteAddress: '127.0.0.1', xff: OUTSIDE }));
    expect(
      (await call(t, SANDBOX_CALLS[1], { remoteAddress: '127.0.0.1', xff: '198.18.0.9' })).statusCode,
    ).toBe(200);
    expect((await call(t, SANDBOX_CALLS[1], { remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
    // The client alone is not enough: a peer that is not allowed stays refused whatever it forwards.
    expectRefused(await call(t, SANDBOX_CALLS[1], { remoteAddress: OUTSIDE, xff: '127.0.0.1' }));
  });
});

describe('the gate itself', () => {
  it('judges a route under /api/sandbox registered anywhere, not only through registerSandbox', async () => {
    const app = Fastify();
    app.decorate('config', testConfig());
    setupSandboxGate(app);
    app.post('/api/sandbox/new-thing', async () => ({ ok: true }));
    try {
      expect(
        (await app.inject({ method: 'POST', url: '/api/sandbox/new-thing', remoteAddress: OUTSIDE }))
          .statusCode,
      ).toBe(403);
      expect((await app.inject({ method: 'POST', url: '/api/sandbox/new-thing' })).statusCode).toBe(200);
      // Percent-encoding reaches the same route, and the same gate.
      expect(
        (await app.inject({ method: 'POST', url: '/api/%73andbox/new-thing', remoteAddress: OUTSIDE }))
          .statusCode,
      ).toBe(403);
    } finally {
      await app.close();
    }
  });

  it('matches addresses against loopback and the allowed list', () => {
    const allowed = sandboxAddressRule(['10.1.0.0/16']);
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.9', '10.1.200.3'].map(allowed)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.2.0.1', '0.0.0.0', '::', 'fe80::1', 'not-an-address', undefined].map(allowed)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('refuses a SANDBOX_ALLOWED_CIDRS entry that is not an address or block', () => {
    expect(
      loadConfig({ SANDBOX_ALLOWED_CIDRS: ' 10.0.0.0/8 , fd00::/8,192.0.2.1 ' }).sandboxAllowedCidrs,
    ).toEqual(['10.0.0.0/8', 'fd00::/8', '192.0.2.1']);
    for (const bad of ['10.0.0.0/33', 'fd00::/129', 'example.org', '10.0.0.1/8/1', '10.0.0/8']) {
      expect(() => loadConfig({ SANDBOX_ALLOWED_CIDRS: bad }), bad).toThrow(/SANDBOX_ALLOWED_CIDRS/);
    }
  });
});

describe('listening with the sandbox on', () => {
  it('is refused on an address other machines reach, and says why', () => {
    for (const HOST of ['0.0.0.0', '::', '192.0.2.10', 'example.org']) {
      expect(() => loadConfig({ HOST, SANDBOX: 'on' }), HOST).toThrow(ConfigError);
      expect(() => loadConfig({ HOST, SANDBOX: 'on' }), HOST).toThrow(/signs anyone in as any account/);
    }
  });

  it('is allowed on loopback, or anywhere with the sandbox off', () => {
    for (const HOST of ['127.0.0.1', '127.0.0.2', '::1', '[::1]', 'localhost']) {
      expect(loadConfig({ HOST, SANDBOX: 'on' }).host, HOST).toBe(HOST);
    }
    expect(loadConfig({ HOST: '0.0.0.0', SANDBOX: 'off' }).sandbox).toBe(false);
  });

  it('makes the server exit with EX_CONFIG and the reason before it touches DATA_DIR', async () => {
    const dataDir = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-refuse-')), 'data');
    const main = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/main.ts');
    const child = spawn(process.execPath, ['--import', 'tsx', main], {
      env: { ...process.env, HOST: '0.0.0.0', PORT: '0', DATA_DIR: dataDir, SANDBOX: 'on', WEB_ROOT: 'off' },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    expect(code).toBe(EXIT_CONFIG);
    expect(stderr).toMatch(/HOST=0\.0\.0\.0 with SANDBOX=on/);
    expect(fs.existsSync(dataDir)).toBe(false);
  }, 30_000);
});
