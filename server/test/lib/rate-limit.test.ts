import { hitRateLimit } from '../../src/lib/rate-limit';
import { startApp, type TestApp } from '../support/helpers';

let t: TestApp;
beforeEach(async () => {
  t = await startApp();
});
afterEach(async () => {
  await t.app.close();
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;

describe('a fixed-window rate limit', () => {
  it('refuses within the window and allows again once it has passed', async () => {
    const now = t.clock.now();
    expect(await hitRateLimit(t.app.db, 'k', 1, MINUTE, now)).toMatchObject({ allowed: true, count: 1 });
    expect(await hitRateLimit(t.app.db, 'k', 1, MINUTE, now + 1000)).toMatchObject({
      allowed: false,
      retryAfterMs: MINUTE - 1000,
    });
    expect(await hitRateLimit(t.app.db, 'k', 1, MINUTE, now + MINUTE)).toMatchObject({
      allowed: true,
      count: 1,
    });
  });

  it('restarts a window opened in the future when the clock is set back, rather than locking the key until then', async () => {
    const now = t.clock.now();
    // A send while the sandbox clock stood three months ahead.
    expect(await hitRateLimit(t.app.db, 'k', 1, MINUTE, now + 90 * DAY)).toMatchObject({ allowed: true });
    const back = await hitRateLimit(t.app.db, 'k', 1, MINUTE, now);
    expect(back).toMatchObject({ allowed: true, count: 1, retryAfterMs: MINUTE });
    expect(await hitRateLimit(t.app.db, 'k', 1, MINUTE, now + 1000)).toMatchObject({ allowed: false });
  });
});
