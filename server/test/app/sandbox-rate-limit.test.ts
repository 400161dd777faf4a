import { afterEach, describe, expect, it } from 'vitest';
import { API_ERROR } from '@contract/errors';
import { RECOURSE_URL } from '@contract/recourse';
import { ConfigError, loadConfig } from '../../src/config';
import { startApp, type TestApp } from '../support/helpers';

/** The sandbox page's list of the institutions' recourse notices, one part of the sandbox. */
const list = (t: TestApp) => t.app.inject({ method: 'GET', url: RECOURSE_URL.sandboxNotices });

describe('the sandbox’s limit per address (SANDBOX_RATE_LIMIT)', () => {
  let t: TestApp | undefined;
  afterEach(async () => {
    await t?.app.close();
    t = undefined;
  });

  it('is 120 calls a minute to each part of the sandbox unless set', () => {
    expect(loadConfig({}).sandboxRateLimit).toBe(120);
    expect(loadConfig({ SANDBOX_RATE_LIMIT: '0' }).sandboxRateLimit).toBe(0);
    expect(() => loadConfig({ SANDBOX_RATE_LIMIT: 'none' })).toThrow(ConfigError);
  });

  it('answers 429 with Retry-After past the limit, and the next minute again', async () => {
    t = await startApp({ sandboxRateLimit: 3 });
    for (let call = 0; call < 3; call += 1) expect((await list(t)).statusCode).toBe(200);
    const refused = await list(t);
    expect([refused.statusCode, refused.json<{ code: string }>().code]).toEqual([429, API_ERROR.rateLimited]);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    t.clock.advance(60_000);
    expect((await list(t)).statusCode).toBe(200);
  });

  it('counts nothing at 0, as the bench runs the sandbox', async () => {
    t = await startApp({ sandboxRateLimit: 0 });
    for (let call = 0; call < 130; call += 1) expect((await list(t)).statusCode).toBe(200);
  });
});
