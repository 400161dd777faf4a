import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import { captchaHarness, solvePuzzle, type CaptchaHarness } from '../../support/captcha-helpers';
import { INJECT_ADDRESS, passwordGrant } from '../../support/helpers';

const DEMO_OWNER = '13800000001';

/** The SPA's side: it builds captchaVerification itself, with crypto-js as src/lib/crypto.ts does. */
const clientVerification = (token: string, pointPlain: string, secretKey: string): string =>
  AES.encrypt(Utf8.parse(`${token}---${pointPlain}`), Utf8.parse(secretKey), {
    mode: ECB,
    padding: Pkcs7,
  }).toString();

describe('signing in with a solved slider puzzle', () => {
  let h: CaptchaHarness;
  beforeAll(async () => {
    h = await captchaHarness({ seedDemo: true });
  });
  afterAll(() => h.close());

  async function earn(scene?: 'login' | 'sms') {
    // Solved from the address the sign-ins below come from (inject's own): only that one may spend it.
    const { puzzle, plain } = await solvePuzzle(h.app, h.db, scene, INJECT_ADDRESS);
    return clientVerification(puzzle.token, plain, puzzle.secretKey);
  }

  it('signs in once with the captchaVerification the client computed, and not twice', async () => {
    const captchaVerification = await earn();
    const first = await passwordGrant(h.app, { mobile: DEMO_OWNER, captchaVerification });
    expect(first.statusCode).toBe(200);
    const replay = await passwordGrant(h.app, { mobile: DEMO_OWNER, captchaVerification });
    expect(replay.statusCode).toBe(400);
    expect(replay.json()).toMatchObject({ error: 'captcha_invalid' });
  });

  it('refuses a verification earned for another flow', async () => {
    const captchaVerification = await earn('sms');
    const response = await passwordGrant(h.app, { mobile: DEMO_OWNER, captchaVerification });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ error: 'captcha_invalid' });
  });
});
