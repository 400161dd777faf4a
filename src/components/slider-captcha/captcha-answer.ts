import { SLIDER_ANSWER_Y } from '@contract/constants';
import { aesEncrypt } from '@/lib/crypto';

/** The plain answer of AJ-Captcha's blockPuzzle: the piece's left offset with the fixed y. */
export function buildPointStr(x: number): string {
  return JSON.stringify({ x: Math.round(x), y: SLIDER_ANSWER_Y });
}

/** The `pointJson` sent to the check: encrypted under the puzzle's secretKey when the server gave one. */
export function buildPointJson(x: number, secretKey: string | null | undefined): string {
  const pointStr = buildPointStr(x);
  return secretKey ? aesEncrypt(pointStr, secretKey) : pointStr;
}

/** The one-time proof handed to the sign-in call, computed exactly as AJ-Captcha's client does. */
export function buildCaptchaVerification(
  token: string,
  pointStr: string,
  secretKey: string | null | undefined,
): string {
  const proof = `${token}---${pointStr}`;
  return secretKey ? aesEncrypt(proof, secretKey) : proof;
}
