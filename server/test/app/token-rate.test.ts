import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TOKEN_RATE_WINDOW_SECONDS, TokenRateCounter } from '../../src/lib/token-rate';
import { authed, signIn, startApp, type TestApp } from '../support/helpers';

const LIMIT = 20;

describe('the per-token limit on authenticated calls', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp({ tokenRateLimit: LIMIT });
  });
  afterAll(async () => {
    await t.app.close();
  });

  it('answers 429 with Retry-After once one token goes past its limit, and leaves other tokens alone', async () => {
    const mine = await signIn(t.app, '13800000001');
    const other = await signIn(t.app, '13800000002');
    const answers = [];
    for (let i = 0; i <= LIMIT; i++) answers.push(await authed(t.app, 'GET', '/api/user', mine.access_token));
    expect(answers.slice(0, LIMIT).every((answer) => answer.statusCode === 200)).toBe(true);
    const limited = answers[LIMIT]!;
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: 'RATE_LIMITED', msg: '操作过于频繁，请稍后重试' });
    expect(Number(limited.headers['retry-after'])).toBeGreaterThanOrEqual(1);
    expect(Number(limited.headers['retry-after'])).toBeLessThanOrEqual(TOKEN_RATE_WINDOW_SECONDS);
    expect((await authed(t.app, 'GET', '/api/user', other.access_token)).statusCode).toBe(200);
    expect(t.logs.events('rate.limited')).toContainEqual(expect.objectContaining({ reason: 'token' }));
  });
});

describe('TokenRateCounter', () => {
  it('counts per token in fixed windows and starts again with the next window', () => {
    const counter = new TokenRateCounter(2);
    const start = 1_000_000_000_000;
    expect([counter.hit('a', start), counter.hit('a', start + 1)]).toEqual([null, null]);
    expect(counter.hit('a', start + 2)).toBe(TOKEN_RATE_WINDOW_SECONDS);
    expect(counter.hit('b', start + 3)).toBeNull();
    expect(counter.hit('a', start + TOKEN_RATE_WINDOW_SECONDS * 1000)).toBeNull();
  });

  it('never refuses with a limit of 0', () => {
    const counter = new TokenRateCounter(0);
    for (let i = 0; i < 1000; i++) expect(counter.hit('a')).toBeNull();
  });
});
