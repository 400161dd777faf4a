import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ERROR } from '@contract/errors';
import { ConfigError, EXIT_CONFIG, loadConfig } from '../../src/config';
import { SANDBOX_REFUSED_MSG, setupSandboxGate } from '../../src/plugins/sandbox-gate';
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
  options: { remoteAddress?: string; headers?: Record<string, string> } = {},
) =>
  t.app.inject({
    method: request.method,
    url: request.url,
    ...('payload' in request ? { payload: request.payload } : {}),
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
    headers: options.headers ?? {},
  });

const expectRefused = (response: { statusCode: number; json: () => unknown }) => {
  expect(response.statusCode).toBe(403);
  expect(response.json()).toEqual({ code: API_ERROR.forbidden, msg: SANDBOX_REFUSED_MSG });
};

describe('the sandbox, when turned on', () => {
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

  it('refuses a request that came through a proxy, from a loopback peer, whatever it forwards', async () => {
    // A reverse proxy on this machine connects from 127.0.0.1: its forwarding headers give it away.
    const viaProxy: Record<string, string>[] = [
      { 'x-forwarded-for': OUTSIDE },
      { 'x-forwarded-for': '127.0.0.1' },
      { 'x-forwarded-for': '127.0.0.1, 203.0.113.9' },
      { forwarded: 'for=127.0.0.1' },
      { 'x-real-ip': '127.0.0.1' },
      { 'x-forwarded-host': 'localhost' },
      { 'x-forwarded-proto': 'https' },
    ];
    for (const headers of viaProxy) {
      for (const request of SANDBOX_CALLS) {
        expectRefused(await call(t, request, { remoteAddress: '127.0.0.1', headers }));
      }
    }
    expect(t.logs.events('sandbox.refused')).toContainEqual(expect.objectContaining({ reason: 'forwarded' }));
  });

  it('refuses a Host that is not this machine (DNS rebinding), and answers one that is', async () => {
    for (const host of ['chain-bill.example.cn', 'evil.example:8080', '0.0.0.0:8080', '192.0.2.10']) {
      expectRefused(await call(t, SANDBOX_CALLS[1], { headers: { host } }));
    }
    expect(t.logs.events('sandbox.refused')).toContainEqual(
      expect.objectContaining({ reason: 'host_not_loopback' }),
    );
    for (const host of ['localhost', 'localhost:8080', '127.0.0.1:4312', '127.9.9.9', '[::1]:8080']) {
      expect((await call(t, SANDBOX_CALLS[1], { headers: { host } })).statusCode, host).toBe(200);
    }
  });

  it('leaves the other routes to every address and every proxy', async () => {
    const health = await t.app.inject({
      method: 'GET',
      url: '/api/health',
      remoteAddress: OUTSIDE,
      headers: { host: 'chain-bill.example.cn', 'x-forwarded-for': '198.18.0.1' },
    });
    expect(health.statusCode).toBe(200);
  });

  it('leaves a security event for each entry link minted', async () => {
    expect((await call(t, SANDBOX_CALLS[0])).statusCode).toBe(200);
    expect(t.logs.events('sandbox.entry_link')).toContainEqual(
      expect.objectContaining({ mobile: '138****0001', userId: expect.any(String) }),
    );
  });

  it('warns at start what it exposes, route by route', () => {
    const [warning] = t.logs.entries().filter((entry) => entry.level === 40 && 'sandbox' in entry);
    expect(warning?.msg).toMatch(/SANDBOX is on/);
    const sandbox = warning?.sandbox as { exposes: string[]; routes: string[] };
    expect(sandbox.exposes.join('\n')).toMatch(/sign-in token for any account/);
    expect(sandbox.exposes.join('\n')).toMatch(/SMS outbox/);
    expect(sandbox.routes).toEqual(
      expect.arrayContaining([
        'POST /api/sandbox/entry-links',
        'GET /api/sandbox/sms',
        'POST /api/sandbox/qr/:qrId/confirm',
      ]),
    );
  });
});

describe('behind a listed proxy (TRUST_PROXY)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ trustProxy: ['127.0.0.1'] });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('believes the client address the listed proxy forwards, and only that proxy', async () => {
    // The refusal's security event names the client as the app sees it.
    await call(t, SANDBOX_CALLS[1], { remoteAddress: OUTSIDE });
    await call(t, SANDBOX_CALLS[1], {
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-for': '198.18.0.9' },
    });
    await call(t, SANDBOX_CALLS[1], {
      remoteAddress: '192.0.2.44',
      headers: { 'x-forwarded-for': '198.18.0.10' },
    });
    const ips = t.logs.events('sandbox.refused').map((event) => event.ip);
    expect(ips).toEqual([OUTSIDE, '198.18.0.9', '192.0.2.44']);
  });

  it('still refuses the sandbox to whatever the proxy forwards, loopback included', async () => {
    for (const xff of [OUTSIDE, '127.0.0.1']) {
      expectRefused(
        await call(t, SANDBOX_CALLS[0], { remoteAddress: '127.0.0.1', headers: { 'x-forwarded-for': xff } }),
      );
    }
    expect((await call(t, SANDBOX_CALLS[0], { remoteAddress: '127.0.0.1' })).statusCode).toBe(200);
  });
});

describe('the gate itself', () => {
  it('judges a route under /api/sandbox registered anywhere, not only through registerSandbox', async () => {
    const app = Fastify();
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
});

describe('what the configuration allows', () => {
  it('keeps the sandbox and the demo seed off unless turned on', () => {
    expect(loadConfig({})).toMatchObject({ sandbox: false, seedDemo: false });
    expect(loadConfig({ SANDBOX: 'on', SEED_DEMO: 'on' })).toMatchObject({ sandbox: true, seedDemo: true });
  });

  it('trusts only listed proxies: TRUST_PROXY=true, or a name, stops the start', () => {
    expect(loadConfig({ TRUST_PROXY: ' 127.0.0.1 , 10.0.0.0/8,fd00::/8 ' }).trustProxy).toEqual([
      '127.0.0.1',
      '10.0.0.0/8',
      'fd00::/8',
    ]);
    expect(loadConfig({}).trustProxy).toBe(false);
    for (const bad of ['true', 'loopback', '1', '10.0.0.0/33', 'fd00::/129', 'proxy.example', '10.0.0/8']) {
      expect(() => loadConfig({ TRUST_PROXY: bad }), bad).toThrow(
        /TRUST_PROXY: .* is not an address or CIDR block/,
      );
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
