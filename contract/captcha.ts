/**
 * The slider puzzle, in AJ-Captcha's `blockPuzzle` protocol. Plain values only: the SPA imports this file
 * at run time; the shapes are declared in captcha-schemas.ts.
 */

/** The slider puzzle's calls. */
export const CAPTCHA_URL = {
  get: '/api/captcha/get',
  check: '/api/captcha/check',
} as const;

/** Where a passed puzzle may be spent; a verification earned for one scene is refused by another. */
export const CAPTCHA_SCENES = ['login', 'sms', 'register', 'password-reset', 'mobile-validation'] as const;
export type CaptchaScene = (typeof CAPTCHA_SCENES)[number];
