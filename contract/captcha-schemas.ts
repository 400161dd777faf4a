import { Type, type Static } from 'typebox';
import {
  CAPTCHA_SCENES,
  type CaptchaCheckRequest as CaptchaCheckRequestShape,
  type CaptchaCheckResponse as CaptchaCheckResponseShape,
  type CaptchaGetBody as CaptchaGetBodyShape,
  type CaptchaGetQuery as CaptchaGetQueryShape,
  type CaptchaGetResponse as CaptchaGetResponseShape,
  type CaptchaPuzzle as CaptchaPuzzleShape,
} from './captcha';
import { literalUnion, type Assert, type Same } from './common-schemas';

/** TypeBox schemas of the shapes in contract/captcha.ts, for the server's routes. */

export const CaptchaGetQuery = Type.Object({
  captchaType: Type.Optional(Type.Literal('blockPuzzle')),
  clientUid: Type.Optional(Type.String({ maxLength: 64 })),
  scene: Type.Optional(literalUnion(CAPTCHA_SCENES)),
});
export type CaptchaGetQuery = CaptchaGetQueryShape;
export type _CheckCaptchaGetQuery = Assert<Same<Static<typeof CaptchaGetQuery>, CaptchaGetQueryShape>>;

export const CaptchaGetBody = Type.Object({
  captchaType: Type.Optional(Type.Literal('blockPuzzle')),
  clientUid: Type.Optional(Type.String({ maxLength: 64 })),
  scene: Type.Optional(literalUnion(CAPTCHA_SCENES)),
  ts: Type.Optional(Type.Number()),
});
export type CaptchaGetBody = CaptchaGetBodyShape;
export type _CheckCaptchaGetBody = Assert<Same<Static<typeof CaptchaGetBody>, CaptchaGetBodyShape>>;

export const CaptchaPuzzle = Type.Object({
  originalImageBase64: Type.String(),
  jigsawImageBase64: Type.String(),
  secretKey: Type.String(),
  token: Type.String(),
});
export type CaptchaPuzzle = CaptchaPuzzleShape;
export type _CheckCaptchaPuzzle = Assert<Same<Static<typeof CaptchaPuzzle>, CaptchaPuzzleShape>>;

export const CaptchaGetResponse = Type.Object({
  repCode: Type.String(),
  repMsg: Type.Union([Type.String(), Type.Null()]),
  repData: Type.Union([CaptchaPuzzle, Type.Null()]),
});
export type CaptchaGetResponse = CaptchaGetResponseShape;
export type _CheckCaptchaGetResponse = Assert<
  Same<Static<typeof CaptchaGetResponse>, CaptchaGetResponseShape>
>;

export const CaptchaCheckRequest = Type.Object({
  captchaType: Type.Optional(Type.Literal('blockPuzzle')),
  pointJson: Type.String({ maxLength: 256 }),
  token: Type.String({ minLength: 1, maxLength: 64 }),
  clientUid: Type.Optional(Type.String({ maxLength: 64 })),
});
export type CaptchaCheckRequest = CaptchaCheckRequestShape;
export type _CheckCaptchaCheckRequest = Assert<
  Same<Static<typeof CaptchaCheckRequest>, CaptchaCheckRequestShape>
>;

export const CaptchaCheckResponse = Type.Object({
  repCode: Type.String(),
  repMsg: Type.Union([Type.String(), Type.Null()]),
  repData: Type.Union([Type.Object({ token: Type.String(), result: Type.Boolean() }), Type.Null()]),
});
export type CaptchaCheckResponse = CaptchaCheckResponseShape;
export type _CheckCaptchaCheckResponse = Assert<
  Same<Static<typeof CaptchaCheckResponse>, CaptchaCheckResponseShape>
>;
