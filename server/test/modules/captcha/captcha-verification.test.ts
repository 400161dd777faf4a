import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import { CAPTCHA_CHALLENGE_TTL, CAPTCHA_VERIFICATION_TTL } from '@contract/constants';
import { sha256Hex } from '../../../src/lib/hash';
import { aesEcbDecrypt, aesEcbEncrypt } from '../../../src/modules/captcha/aes';
import { CAPTCHA_PURGE_GRACE_MS } from '../../../src/modules/captcha/constants';
import { consumeCaptchaVerification } from '../../../src/modules/captcha/service';
import {
  answerXOf,
  captchaHarness,
  checkPuzzle,
  fetchPuzzle,
  solvePuzzle,
  type CaptchaHarness,
} from '../../support/captcha-helpers';

/** The SPA's cipher, exactly as src/lib/crypto.ts calls crypto-js. */
const clientEncrypt = (plain: string, key: string): string =>
  AES.encrypt(Utf8.parse(plain), Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString();

/** The client address every puzzle here is solved from. */
const SOLVER = '192.0.2.10';

describe('captchaVerification', () => {
  let h: CaptchaHarness;
  const now = () => h.app.now();
  beforeEach(async () => {
    h = await captchaHarness();
  });
  afterEach(() => h.close());

  /** What the SPA holds after a pass: AES(token + '---' + the pointJson plain text, secretKey). */
  async function earn(scene?: Parameters<typeof solvePuzzle>[2]) {
    const { puzzle, plain } = await solvePuzzle(h.app, h.db, scene, SOLVER);
    return clientEncrypt(`${puzzle.token}---${plain}`, puzzle.secretKey);
  }

  it('interoperates with the SPA cipher both ways', () => {
    const key = 'Ab3dEf6hIj9lMn2p';
    const plain = '{"x":123.4,"y":5}';
    expect(aesEcbEncrypt(plain, key)).toBe(clientEncrypt(plain, key));
    expect(aesEcbDecrypt(clientEncrypt(plain, key), key)).toBe(plain);
  });

  it('accepts a check whose pointJson the SPA encrypted with crypto-js', async () => {
    const puzzle = await fetchPuzzle(h.app);
    const x = await answerXOf(h.db, puzzle.token);
    const pointJson = clientEncrypt(JSON.stringify({ x: x + 0.6, y: 5 }), puzzle.secretKey);
    expect((await checkPuzzle(h.app, { token: puzzle.token, pointJson })).body.repCode).toBe('0000');
  });

  it('stores the hash of exactly the string the client computes', async () => {
    const verification = await earn();
    const rows = await h.db.selectFrom('captcha_verifications').selectAll().execute();
    expect(rows).toEqual([
      expect.objectContaining({ hash: sha256Hex(verification), scene: 'login', used_at: null }),
    ]);
  });

  it('is spent exactly once', async () => {
    const verification = await earn();
    expect(await consumeCaptchaVerification(h.db, verification, 'login', SOLVER, now())).toBe(true);
    expect(await consumeCaptchaVerification(h.db, verification, 'login', SOLVER, now())).toBe(false);
  });

  it('lets exactly one of 20 concurrent consumers through', async () => {
    const verification = await earn();
    const results = await Promise.all(
      Array.from({ length: 20 }, () =>
        consumeCaptchaVerification(h.db, verification, 'login', SOLVER, now()),
      ),
    );
    expect(results.filter(Boolean)).toHaveLength(1);
  });

  it('is refused for another scene than the one the puzzle was fetched for, and stays usable for its own', async () => {
    const verification = await earn('sms');
    expect(await consumeCaptchaVerification(h.db, verification, 'login', SOLVER, now())).toBe(false);
    expect(await consumeCaptchaVerification(h.db, verification, 'sms', SOLVER, now())).toBe(true);
  });

  it('is spent only by the client address that solved the puzzle', async () => {
    const verification = await earn();
    expect(await consumeCaptchaVerification(h.db, verification, 'login', '192.0.2.11', now())).toBe(false);
    expect(await consumeCaptchaVerification(h.db, verification, 'login', SOLVER, now())).toBe(true);
  });

  it('expires 180 s after the check', async () => {
    const kept = await earn();
    const lost = await earn();
    h.advance(CAPTCHA_VERIFICATION_TTL - 1);
    expect(await consumeCaptchaVerification(h.db, kept, 'login', SOLVER, now())).toBe(true);
    h.advance(1);
    expect(await consumeCaptchaVerification(h.db, lost, 'login', SOLVER, now())).toBe(false);
  });

  it('refuses missing, empty, unknown and oversized values', async () => {
    await earn();
    for (const value of [undefined, '', 'random', 'x'.repeat(10_000)]) {
      expect(await consumeCaptchaVerification(h.db, value, 'login', SOLVER, now())).toBe(false);
    }
  });

  it('is not earned by a failed check', async () => {
    const puzzle = await fetchPuzzle(h.app);
    const x = await answerXOf(h.db, puzzle.token);
    const plain = JSON.stringify({ x: x + 20, y: 5 });
    await checkPuzzle(h.app, { token: puzzle.token, pointJson: clientEncrypt(plain, puzzle.secretKey) });
    const forged = clientEncrypt(`${puzzle.token}---${plain}`, puzzle.secretKey);
    expect(await consumeCaptchaVerification(h.db, forged, 'login', SOLVER, now())).toBe(false);
  });

  it('keeps nothing secret in plain text: no verification string, no answer plain text', async () => {
    const { puzzle, plain } = await solvePuzzle(h.app, h.db);
    const verification = clientEncrypt(`${puzzle.token}---${plain}`, puzzle.secretKey);
    const dump = JSON.stringify(
      await Promise.all([
        h.db.selectFrom('captcha_challenges').selectAll().execute(),
        h.db.selectFrom('captcha_verifications').selectAll().execute(),
        h.db.selectFrom('rate_counters').selectAll().execute(),
      ]),
    );
    expect(dump).not.toContain(verification);
    expect(dump).not.toContain(plain);
    expect(JSON.stringify(h.logs())).not.toContain(verification);
  });

  it('deletes long-expired challenges and verifications on later fetches', async () => {
    await earn();
    await fetchPuzzle(h.app);
    h.advance(Math.max(CAPTCHA_CHALLENGE_TTL, CAPTCHA_VERIFICATION_TTL) + CAPTCHA_PURGE_GRACE_MS + 1);
    const fresh = await fetchPuzzle(h.app);
    const challenges = await h.db.selectFrom('captcha_challenges').select('token').execute();
    expect(challenges).toEqual([{ token: fresh.token }]);
    expect(await h.db.selectFrom('captcha_verifications').selectAll().execute()).toEqual([]);
    const counters = await h.db.selectFrom('rate_counters').select('window_start').execute();
    expect(counters.map((c) => Number(c.window_start))).toEqual([now()]);
  });
});
