import { Type, type Static } from 'typebox';
import { CAPTCHA_SCENES } from './captcha';
import { literalUnion } from './common-schemas';

/**
 * The wire shapes of captcha.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

/** `GET /api/captcha/get` query. */
export const CaptchaGetQuery = Type.Object(
  {
    captchaType: Type.Optional(Type.Literal('blockPuzzle')),
    clientUid: Type.Optional(Type.String({ maxLength: 64 })),
    scene: Type.Optional(literalUnion(CAPTCHA_SCENES)),
  },
  // AJ-Captcha's clients send fields of their own (a timestamp, a client id) that are not read here.
  { additionalProperties: true },
);
export type CaptchaGetQuery = Static<typeof CaptchaGetQuery>;

/**
 * `POST /api/captcha/get`: AJ-Captcha's own clients fetch the puzzle with a JSON body (`ts` is their
 * timestamp, read by nothing here).
 */
export const CaptchaGetBody = Type.Object(
  {
    captchaType: Type.Optional(Type.Literal('blockPuzzle')),
    clientUid: Type.Optional(Type.String({ maxLength: 64 })),
    scene: Type.Optional(literalUnion(CAPTCHA_SCENES)),
    ts: Type.Optional(Type.Number()),
  },
  // AJ-Captcha's clients send fields of their own (a timestamp, a client id) that are not read here.
  { additionalProperties: true },
);
export type CaptchaGetBody = Static<typeof CaptchaGetBody>;

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

export const CaptchaCheckRequest = Type.Object(
  {
    captchaType: Type.Optional(Type.Literal('blockPuzzle')),
    /** AES-128-ECB/PKCS7 (base64) of `{"x":…,"y":5}` under the puzzle's secretKey. */
    pointJson: Type.String({ maxLength: 256 }),
    token: Type.String({ minLength: 1, maxLength: 64 }),
    clientUid: Type.Optional(Type.String({ maxLength: 64 })),
  },
  // AJ-Captcha's clients send fields of their own (a timestamp, a client id) that are not read here.
  { additionalProperties: true },
);
export type CaptchaCheckRequest = Static<typeof CaptchaCheckRequest>;

export const CaptchaCheckResponse = Type.Object({
  repCode: Type.String(),
  repMsg: Type.Union([Type.String(), Type.Null()]),
  repData: Type.Union([Type.Object({ token: Type.String(), result: Type.Boolean() }), Type.Null()]),
});
export type CaptchaCheckResponse = Static<typeof CaptchaCheckResponse>;
