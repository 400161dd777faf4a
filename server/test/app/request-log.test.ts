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
});
