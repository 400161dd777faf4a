import fc from 'fast-check';
import { CAPTCHA_CHALLENGE_TTL, SLIDER_ANSWER_Y, SLIDER_TOLERANCE } from '@contract/constants';
import { aesEcbEncrypt } from '../../../src/modules/captcha/aes';
import { CAPTCHA_REQUEST_CODE, captchaRequestMessage } from '../../../src/modules/captcha/constants';
import {
  answerXOf,
  captchaHarness,
  checkPuzzle,
  encryptedPoint,
  fetchPuzzle,
  type CaptchaHarness,
} from '../../support/captcha-helpers';

const PASSED = '0000';
const FAILED = { repCode: '6111', repMsg: '验证失败，请重试', repData: null };
const EXPIRED = { repCode: '6110', repMsg: '验证码已失效，请重新获取', repData: null };

describe('POST /api/captcha/check', () => {
  let h: CaptchaHarness;
  beforeAll(async () => {
    h = await captchaHarness();
  });
  afterAll(() => h.close());

  async function tryOffset(dx: number, y: number = SLIDER_ANSWER_Y) {
    const puzzle = await fetchPuzzle(h.app);
    const x = await answerXOf(h.db, puzzle.token);
    return {
      puzzle,
      ...(await checkPuzzle(h.app, {
        token: puzzle.token,
        pointJson: encryptedPoint(puzzle.secretKey, x + dx, y),
      })),
    };
  }

  it('passes the exact answer and returns the token', async () => {
    const { puzzle, response, body } = await tryOffset(0);
    expect(response.statusCode).toBe(200);
    expect(body).toEqual({ repCode: PASSED, repMsg: null, repData: { token: puzzle.token, result: true } });
  });

  it('passes within 5 px either side, fractional drags included', async () => {
    for (const dx of [-SLIDER_TOLERANCE, -2.5, 3.75, SLIDER_TOLERANCE]) {
      expect((await tryOffset(dx)).body.repCode).toBe(PASSED);
    }
  });

  it('refuses just beyond 5 px', async () => {
    expect((await tryOffset(SLIDER_TOLERANCE + 0.01)).body).toEqual(FAILED);
    expect((await tryOffset(-SLIDER_TOLERANCE - 1)).body).toEqual(FAILED);
  });

  it('accepts |dx| <= 5 and refuses |dx| > 5 for any offset (property)', async () => {
    await fc.assert(
      fc.asyncProperty(fc.double({ min: -60, max: 60, noNaN: true }), async (dx) => {
        const { body } = await tryOffset(dx);
        expect(body.repCode).toBe(Math.abs(dx) <= SLIDER_TOLERANCE ? PASSED : FAILED.repCode);
      }),
      { numRuns: 40 },
    );
  });

  // AJ-Captcha compares y as well; its full-height piece makes the real answer's y always 5.
  it('refuses any y other than the fixed 5, even at the right x (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.double({ min: -200, max: 200, noNaN: true }).filter((y) => y !== SLIDER_ANSWER_Y),
        async (y) => {
          expect((await tryOffset(0, y)).body).toEqual(FAILED);
        },
      ),
      { numRuns: 20 },
    );
  });

  it('allows one attempt per token: a second check after a failure is 6110', async () => {
    const { puzzle, body } = await tryOffset(30);
    expect(body).toEqual(FAILED);
    const x = await answerXOf(h.db, puzzle.token);
    const again = await checkPuzzle(h.app, {
      token: puzzle.token,
      pointJson: encryptedPoint(puzzle.secretKey, x),
    });
    expect(again.body).toEqual(EXPIRED);
  });

  it('allows one attempt per token: a second check after a success is 6110', async () => {
    const { puzzle, body } = await tryOffset(0);
    expect(body.repCode).toBe(PASSED);
    const x = await answerXOf(h.db, puzzle.token);
    const again = await checkPuzzle(h.app, {
      token: puzzle.token,
      pointJson: encryptedPoint(puzzle.secretKey, x),
    });
    expect(again.body).toEqual(EXPIRED);
  });

  it('lets exactly one of 10 racing checks of the same token through', async () => {
    const puzzle = await fetchPuzzle(h.app);
    const pointJson = encryptedPoint(puzzle.secretKey, await answerXOf(h.db, puzzle.token));
    const results = await Promise.all(
      Array.from({ length: 10 }, () => checkPuzzle(h.app, { token: puzzle.token, pointJson })),
    );
    expect(results.filter((r) => r.body.repCode === PASSED)).toHaveLength(1);
    expect(results.filter((r) => r.body.repCode === EXPIRED.repCode)).toHaveLength(9);
  });

  it('expires the puzzle 2 minutes after it was fetched', async () => {
    const early = await fetchPuzzle(h.app);
    const late = await fetchPuzzle(h.app);
    h.advance(CAPTCHA_CHALLENGE_TTL - 1);
    const pass = await checkPuzzle(h.app, {
      token: early.token,
      pointJson: encryptedPoint(early.secretKey, await answerXOf(h.db, early.token)),
    });
    expect(pass.body.repCode).toBe(PASSED);
    h.advance(1);
    const expired = await checkPuzzle(h.app, {
      token: late.token,
      pointJson: encryptedPoint(late.secretKey, await answerXOf(h.db, late.token)),
    });
    expect(expired.body).toEqual(EXPIRED);
  });

  it('answers 6110 for a token it never issued', async () => {
    const { body } = await checkPuzzle(h.app, {
      token: 'no-such-token',
      pointJson: encryptedPoint('0123456789abcdef', 100),
    });
    expect(body).toEqual(EXPIRED);
  });

  it('answers 6111 and spends the token when pointJson does not decrypt or parse', async () => {
    const cases = (key: string) => [
      'not base64 at all!',
      Buffer.from('short').toString('base64'),
      encryptedPoint('ffffffffffffffff', 100),
      aesEcbEncrypt('{"x":"100","y":5}', key),
      aesEcbEncrypt('[100,5]', key),
      aesEcbEncrypt('x=100', key),
      '',
    ];
    for (let i = 0; i < cases('0000000000000000').length; i++) {
      const puzzle = await fetchPuzzle(h.app);
      const pointJson = cases(puzzle.secretKey)[i]!;
      expect((await checkPuzzle(h.app, { token: puzzle.token, pointJson })).body).toEqual(FAILED);
      const x = await answerXOf(h.db, puzzle.token);
      const retry = await checkPuzzle(h.app, {
        token: puzzle.token,
        pointJson: encryptedPoint(puzzle.secretKey, x),
      });
      expect(retry.body).toEqual(EXPIRED);
    }
  });

  it('answers bad input with 4xx, never 5xx', async () => {
    const bodies: unknown[] = [
      {},
      { token: 'x' },
      { pointJson: 'x' },
      { token: 'x'.repeat(65), pointJson: 'y' },
      { token: 'x', pointJson: 'y'.repeat(257) },
      { token: 'x', pointJson: 'y', captchaType: 'clickWord' },
      'token=x&pointJson=y',
    ];
    for (const payload of bodies) {
      const response = await h.app.inject({
        method: 'POST',
        url: '/api/captcha/check',
        payload: payload as object,
      });
      expect(response.statusCode, JSON.stringify(payload)).toBeGreaterThanOrEqual(400);
      expect(response.statusCode, JSON.stringify(payload)).toBeLessThan(500);
    }
    // A body's JSON types are its own: a number where a string belongs is malformed, not converted.
    const numbers = await checkPuzzle(h.app, { token: 1, pointJson: 2 } as unknown as {
      token: string;
      pointJson: string;
    });
    expect(numbers.response.statusCode).toBe(400);
    expect(numbers.body).toEqual({
      repCode: CAPTCHA_REQUEST_CODE.malformed,
      repMsg: captchaRequestMessage.malformed('pointJson'),
      repData: null,
    });
    const badQuery = await h.app.inject({ method: 'GET', url: '/api/captcha/get?captchaType=clickWord' });
    expect(badQuery.statusCode).toBe(400);
    const badScene = await h.app.inject({ method: 'GET', url: '/api/captcha/get?scene=admin' });
    expect(badScene.statusCode).toBe(400);
  });

  it('logs each rejection as a security event without the token, key or answer', async () => {
    const { puzzle } = await tryOffset(40);
    const event = h
      .logs()
      .filter((l) => l.event === 'captcha.rejected')
      .at(-1);
    expect(event).toMatchObject({ security: true, reason: 'off_target', ip: expect.any(String) });
    const logged = JSON.stringify(h.logs());
    expect(logged).not.toContain(puzzle.token);
    expect(logged).not.toContain(puzzle.secretKey);
  });
});
