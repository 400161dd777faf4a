import { SLIDER_ANSWER_Y, SLIDER_TOLERANCE } from '@contract/constants';
import { aesEcbEncrypt } from './aes';
import { VERIFICATION_SEPARATOR } from './constants';

export interface PuzzleAnswer {
  x: number;
  y: number;
}

/** The plain text of a pointJson, as the SPA builds it before encrypting. */
export const answerPlainText = (x: number, y: number = SLIDER_ANSWER_Y): string => JSON.stringify({ x, y });

/** `{"x":…,"y":…}` with finite numbers, else null. Extra fields are ignored, as AJ-Captcha's parser does. */
export function parseAnswer(plain: string): PuzzleAnswer | null {
  let value: unknown;
  try {
    value = JSON.parse(plain);
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const { x, y } = value as Record<string, unknown>;
  return typeof x === 'number' && Number.isFinite(x) && typeof y === 'number' && Number.isFinite(y)
    ? { x, y }
    : null;
}

/**
 * Within SLIDER_TOLERANCE of the cut-out on x, and exactly on the fixed y. AJ-Captcha compares y
 * too: its piece image is full height, so the answer's y is always the constant the client sends;
 * any other y did not come from the real widget.
 */
export const isOnTarget = (answer: PuzzleAnswer, answerX: number): boolean =>
  Math.abs(answer.x - answerX) <= SLIDER_TOLERANCE && answer.y === SLIDER_ANSWER_Y;

/** AJ-Captcha's captchaVerification: the client computes the same string from what it sent. */
export const captchaVerificationOf = (token: string, pointPlainText: string, secretKey: string): string =>
  aesEcbEncrypt(`${token}${VERIFICATION_SEPARATOR}${pointPlainText}`, secretKey);
