import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../support/helpers';

let t: TestApp;

beforeAll(async () => {
  t = await startApp();
});

afterAll(async () => {
  await t.app.close();
});

const entriesOf = (reqId: string) => t.logs.entries().filter((entry) => entry.reqId === reqId);

describe('the request log', () => {
  it('writes one line per request with the request, its status and the time taken', async () => {
    await t.app.inject({ method: 'GET', url: '/api/health', headers: { 'request-id': 'log-health-1' } });
    expect(entriesOf('log-health-1')).toEqual([
      expect.objectContaining({
        msg: 'request completed',
        req: expect.objectContaining({ method: 'GET', url: '/api/health', remoteAddress: '127.0.0.1' }),
        res: { statusCode: 200 },
        responseTime: expect.any(Number),
      }),
    ]);
  });

  it('writes the request line of a refused or unknown request too, with its status', async () => {
    await t.app.inject({ method: 'GET', url: '/api/user', headers: { 'request-id': 'log-refused-1' } });
    const lines = entriesOf('log-refused-1');
    expect(lines.map((entry) => entry.msg)).toEqual(['request completed']);
    expect(lines[0]).toMatchObject({ res: { statusCode: 401 } });
    await t.app.inject({ method: 'GET', url: '/api/no-such-route', headers: { 'request-id': 'log-404-1' } });
    expect(entriesOf('log-404-1').at(-1)).toMatchObject({
      msg: 'request completed',
      res: { statusCode: 404 },
    });
  });

  it('writes the request line in the shape of every other log line, its URL escaped and its secrets redacted', async () => {
    t.app.log.info({ marker: 'log-shape-1' }, 'a line through the logger');
    await t.app.inject({
      method: 'GET',
      url: '/api/invitation/detail/ORG-1/SECRETCODE?note="quoted"\\',
      headers: { 'request-id': 'log-shape-2' },
    });
    const lines = t.logs.raw().split('\n');
    const ofLogger = JSON.parse(lines.find((line) => line.includes('log-shape-1'))!) as Record<
      string,
      unknown
    >;
    const requestLine = lines.find(
      (line) => line.includes('"reqId":"log-shape-2"') && line.includes('completed'),
    )!;
    const entry = JSON.parse(requestLine) as Record<string, unknown>;
    // The same leading fields, in the same order, as pino's own lines.
    expect(Object.keys(entry)).toEqual([
      'level',
      'time',
      'pid',
      'hostname',
      'reqId',
      'req',
      'res',
      'responseTime',
      'msg',
    ]);
    expect(Object.keys(ofLogger).slice(0, 4)).toEqual(['level', 'time', 'pid', 'hostname']);
    expect(entry).toMatchObject({
      level: ofLogger.level,
      pid: ofLogger.pid,
      hostname: ofLogger.hostname,
      msg: 'request completed',
      req: { method: 'GET', url: '/api/invitation/detail/ORG-1/[REDACTED]?note=%22quoted%22\\' },
    });
    expect(new Date(entry.time as string).toISOString()).toBe(entry.time);
    expect(requestLine).not.toContain('SECRETCODE');
  });
});

describe('the redaction of log lines', () => {
  it('has nothing to take from the request line, which holds no header and no body', async () => {
    await t.app.inject({
      method: 'POST',
      url: '/api/user/logout',
      headers: {
        'request-id': 'log-secret-1',
        authorization: 'Bearer tok-secret-1',
        cookie: 'c=cookie-secret-1',
      },
      payload: { password: 'body-secret-1' },
    });
    const line = t.logs
      .raw()
      .split('\n')
      .find((entry) => entry.includes('"reqId":"log-secret-1"') && entry.includes('request completed'));
    expect(line).toBeDefined();
    for (const secret of ['tok-secret-1', 'cookie-secret-1', 'body-secret-1'])
      expect(line).not.toContain(secret);
  });

  it('hides secrets given as fields of a logged object, or inside an error it carries', () => {
    const err = Object.assign(new Error('provider refused'), {
      password: 'p-1',
      response: { access_token: 'a-1', refresh_token: 'r-1' },
    });
    t.app.log.warn(
      { marker: 'redact-1', password: 'p-0', captchaVerification: 'c-0', code: '123456', err },
      'x',
    );
    const line = t.logs
      .raw()
      .split('\n')
      .find((entry) => entry.includes('redact-1'))!;
    for (const secret of ['p-0', 'c-0', '123456', 'p-1', 'a-1', 'r-1']) expect(line).not.toContain(secret);
    expect(line).toContain('provider refused');
  });
});
