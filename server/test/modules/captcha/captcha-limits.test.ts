import {
  CAPTCHA_CHECK_LIMIT_PER_IP,
  CAPTCHA_FETCH_LIMIT_PER_CLIENT,
  CAPTCHA_FETCH_LIMIT_PER_IP,
  CAPTCHA_RATE_WINDOW_MS,
} from '../../../src/modules/captcha/constants';
import {
  captchaHarness,
  checkPuzzle,
  freshIp,
  getPuzzle,
  type CaptchaHarness,
} from '../../support/captcha-helpers';

const LIMITED = { repCode: '6201', repMsg: '验证码获取过于频繁，请稍后再试', repData: null };

const randomAddress = () => `${1 + Math.floor(Math.random() * 222)}.${Math.floor(Math.random() * 256)}.7.9`;

describe('captcha rate limits', () => {
  let h: CaptchaHarness;
  beforeEach(async () => {
    h = await captchaHarness();
  });
  afterEach(() => h.close());

  it('answers 6201 with 429 and Retry-After once an address has fetched 20 puzzles in a minute', async () => {
    const ip = freshIp();
    for (let i = 0; i < CAPTCHA_FETCH_LIMIT_PER_IP; i++) {
      expect((await getPuzzle(h.app, { ip, clientUid: `slider-${i}` })).response.statusCode).toBe(200);
    }
    const { response, body } = await getPuzzle(h.app, { ip, clientUid: 'slider-new' });
    expect(response.statusCode).toBe(429);
    expect(body).toEqual(LIMITED);
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(response.headers['retry-after'])).toBeLessThanOrEqual(CAPTCHA_RATE_WINDOW_MS / 1000);
  });

  it('is not bypassed by leaving out clientUid, changing the user agent or forging X-Forwarded-For', async () => {
    const ip = freshIp();
    const statuses: number[] = [];
    for (let i = 0; i < CAPTCHA_FETCH_LIMIT_PER_IP + 10; i++) {
      const { response } = await getPuzzle(h.app, {
        ip,
        headers: {
          'user-agent': `bot/${i}`,
          'x-forwarded-for': randomAddress(),
          'x-real-ip': randomAddress(),
        },
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(CAPTCHA_FETCH_LIMIT_PER_IP);
    expect(statuses.slice(CAPTCHA_FETCH_LIMIT_PER_IP).every((s) => s === 429)).toBe(true);
  });

  it('counts every IPv6 address of one /64 as one client', async () => {
    const inNetwork = (i: number) => `2001:db8:42:7:${(i + 1).toString(16)}::${(i * 7 + 3).toString(16)}`;
    for (let i = 0; i < CAPTCHA_FETCH_LIMIT_PER_IP; i++) {
      expect((await getPuzzle(h.app, { ip: inNetwork(i) })).response.statusCode).toBe(200);
    }
    expect((await getPuzzle(h.app, { ip: inNetwork(99) })).response.statusCode).toBe(429);
    expect((await getPuzzle(h.app, { ip: '2001:db8:42:8::1' })).response.statusCode).toBe(200);
  });

  it('limits one clientUid to 10 puzzles a minute across addresses', async () => {
    for (let i = 0; i < CAPTCHA_FETCH_LIMIT_PER_CLIENT; i++) {
      expect((await getPuzzle(h.app, { clientUid: 'slider-shared' })).response.statusCode).toBe(200);
    }
    const { response, body } = await getPuzzle(h.app, { clientUid: 'slider-shared' });
    expect(response.statusCode).toBe(429);
    expect(body).toEqual(LIMITED);
    expect((await getPuzzle(h.app, { clientUid: 'slider-other' })).response.statusCode).toBe(200);
  });

  it('serves puzzles again after the window has passed', async () => {
    const ip = freshIp();
    for (let i = 0; i <= CAPTCHA_FETCH_LIMIT_PER_IP; i++) await getPuzzle(h.app, { ip });
    expect((await getPuzzle(h.app, { ip })).response.statusCode).toBe(429);
    h.advance(CAPTCHA_RATE_WINDOW_MS);
    expect((await getPuzzle(h.app, { ip })).response.statusCode).toBe(200);
  });

  it('limits checks per address too, whatever the token', async () => {
    const ip = freshIp();
    for (let i = 0; i < CAPTCHA_CHECK_LIMIT_PER_IP; i++) {
      const { body } = await checkPuzzle(h.app, { token: `guess-${i}`, pointJson: 'AAAA' }, ip);
      expect(body.repCode).toBe('6110');
    }
    const { response, body } = await checkPuzzle(h.app, { token: 'guess', pointJson: 'AAAA' }, ip);
    expect(response.statusCode).toBe(429);
    expect(body).toMatchObject({ repCode: '6204', repData: null });
    expect(response.headers['retry-after']).toBeDefined();
  });

  it('logs the refusal as a security event', async () => {
    const ip = freshIp();
    for (let i = 0; i <= CAPTCHA_FETCH_LIMIT_PER_IP; i++) await getPuzzle(h.app, { ip });
    expect(h.logs()).toContainEqual(
      expect.objectContaining({ security: true, event: 'rate.limited', reason: 'captcha.get', ip }),
    );
  });
});
