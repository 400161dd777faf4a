import { Type, type Static } from 'typebox';

/** Where a passed puzzle may be spent; a verification earned for one scene is refused by another. */
export const CAPTCHA_SCENES = ['login', 'sms', 'register', 'password-reset', 'mobile-validation'] as const;
export type CaptchaScene = (typeof CAPTCHA_SCENES)[number];

export const CaptchaGetQuery = Type.Object({
  captchaType: Type.Optional(Type.Literal('blockPuzzle')),
  clientUid: Type.Optional(Type.String({ maxLength: 64 })),
  scene: Type.Optional(Type.Union(CAPTCHA_SCENES.map((s) => Type.Literal(s)))),
});

/**
 * `POST /api/captcha/get`: AJ-Captcha's own clients fetch the puzzle with a JSON body (`ts` is their
 * timestamp, read by nothing here).
 */
export const CaptchaGetBody = Type.Object({
  captchaType: Type.Optional(Type.Literal('blockPuzzle')),
  clientUid: Type.Optional(Type.String({ maxLength: 64 })),
  scene: Type.Optional(Type.Union(CAPTCHA_SCENES.map((s) => Type.Literal(s)))),
  ts: Type.Optional(Type.Number()),
});

export const CaptchaPuzzle = Type.Object({
  originalImageBase64: Type.String(),
  jigsawImageBase64: Type.String(),
  secretKey: Type.String(),
  token: Type.String(),
});
export type CaptchaPuzzle = Static<typeof CaptchaPuzzle>;

/** AJ-Captcha's answer shape: `repCode` '0000' is success. */
export const CaptchaGetResponse = Type.Object({
  repCode: Type.String(),
  repMsg: Type.Union([Type.String(), Type.Null()]),
  repData: Type.Union([CaptchaPuzzle, Type.Null()]),
});
export type CaptchaGetResponse = Static<typeof CaptchaGetResponse>;

export const CaptchaCheckRequest = Type.Object({
  captchaType: Type.Optional(Type.Literal('blockPuzzle')),
  /** AES-128-ECB/PKCS7 (base64) of `{"x":…,"y":5}` under the puzzle's secretKey. */
  pointJson: Type.String({ maxLength: 256 }),
  token: Type.String({ minLength: 1, maxLength: 64 }),
  clientUid: Type.Optional(Type.String({ maxLength: 64 })),
});
export type CaptchaCheckRequest = Static<typeof CaptchaCheckRequest>;

export const CaptchaCheckResponse = Type.Object({
  repCode: Type.String(),
  repMsg: Type.Union([Type.String(), Type.Null()]),
  repData: Type.Union([Type.Object({ token: Type.String(), result: Type.Boolean() }), Type.Null()]),
});
export type CaptchaCheckResponse = Static<typeof CaptchaCheckResponse>;
