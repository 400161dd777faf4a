import type { CaptchaScene } from '@contract/captcha';
import type { Db } from '../../db/database';

/**
 * Spends a captchaVerification earned by a passed puzzle of `scene`: true exactly once, atomically,
 * while it is unexpired. Verifications are stored as the SHA-256 (hex) of the string.
 */
export async function consumeCaptchaVerification(
  _db: Db,
  _captchaVerification: string | undefined,
  _scene: CaptchaScene,
  _now: number,
): Promise<boolean> {
  throw new Error('not built yet');
}
