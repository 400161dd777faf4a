/**
 * The slider puzzle, in AJ-Captcha's `blockPuzzle` protocol. Plain values and types only: the SPA imports
 * this file at run time; the TypeBox schemas are in captcha-schemas.ts.
 */

/** Where a passed puzzle may be spent; a verification earned for one scene is refused by another. */
export const CAPTCHA_SCENES = ['login', 'sms', 'register', 'password-reset', 'mobile-validation'] as const;
export type CaptchaScene = (typeof CAPTCHA_SCENES)[number];

/** `GET /api/captcha/get` query. */
export interface CaptchaGetQuery {
  captchaType?: 'blockPuzzle';
  clientUid?: string;
  scene?: CaptchaScene;
}

export interface CaptchaPuzzle {
  originalImageBase64: string;
  jigsawImageBase64: string;
  secretKey: string;
  token: string;
}

/**
 * `POST /api/captcha/get`: AJ-Captcha's own clients fetch the puzzle with a JSON body (`ts` is their
 * timestamp, read by nothing here).
 */
export interface CaptchaGetBody {
  captchaType?: 'blockPuzzle';
  clientUid?: string;
  scene?: CaptchaScene;
  ts?: number;
}

/** AJ-Captcha's answer shape: `repCode` '0000' is success. */
export interface CaptchaGetResponse {
  repCode: string;
  repMsg: string | null;
  repData: CaptchaPuzzle | null;
}

export interface CaptchaCheckRequest {
  captchaType?: 'blockPuzzle';
  /** AES-128-ECB/PKCS7 (base64) of `{"x":…,"y":5}` under the puzzle's secretKey. */
  pointJson: string;
  token: string;
  clientUid?: string;
}

export interface CaptchaCheckResponse {
  repCode: string;
  repMsg: string | null;
  repData: { token: string; result: boolean } | null;
}
