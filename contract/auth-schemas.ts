import { Type, type Static } from 'typebox';
import { MOBILE_PATTERN } from './auth';

/**
 * The wire shapes of auth.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

export const Mobile = Type.String({ pattern: MOBILE_PATTERN });

/**
 * The signed-in account as the SPA stores it (spec section 3, userInfo). orgId, orgName are '' and owner,
 * authorized, bound false for a user who belongs to no organisation yet.
 */
export const Account = Type.Object({
  id: Type.String(),
  mobile: Type.String(),
  name: Type.String(),
  orgId: Type.String(),
  orgName: Type.String(),
  owner: Type.Boolean(),
  cId: Type.String(),
  authorized: Type.Boolean(),
  bound: Type.Boolean(),
});
export type Account = Static<typeof Account>;

/** `POST /oauth/token` answer for every grant. */
export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  refresh_token: Type.String(),
  expires_in: Type.Number(),
  scope: Type.String(),
  account: Account,
});
export type TokenResponse = Static<typeof TokenResponse>;

/** Form fields of `POST /oauth/token` (application/x-www-form-urlencoded). */
export const TokenRequest = Type.Object(
  {
    grant_type: Type.String({ maxLength: 32 }),
    mobile: Type.Optional(Type.String({ maxLength: 32 })),
    /** Base64 RSA PKCS#1 v1.5 ciphertext of the password under the platform's public key. */
    password: Type.Optional(Type.String({ maxLength: 1024 })),
    captchaVerification: Type.Optional(Type.String({ maxLength: 512 })),
    refresh_token: Type.Optional(Type.String({ maxLength: 256 })),
    scope: Type.Optional(Type.String({ maxLength: 32 })),
    systemRole: Type.Optional(Type.String({ maxLength: 8 })),
    cId: Type.Optional(Type.String({ maxLength: 64 })),
    client_id: Type.Optional(Type.String({ maxLength: 64 })),
    client_secret: Type.Optional(Type.String({ maxLength: 128 })),
  },
  // RFC 6749 section 3.2: the authorization server MUST ignore unrecognized request parameters.
  { additionalProperties: true },
);
export type TokenRequest = Static<typeof TokenRequest>;

/** One entry of `GET /api/permission/page`; `path` as stored, with the leading `/normal`. */
export const PermissionItem = Type.Object({
  path: Type.String(),
  name: Type.String(),
  granted: Type.Boolean(),
});
export type PermissionItem = Static<typeof PermissionItem>;

/** An organisation the signed-in user belongs to (`GET /api/account/orgs/list`). */
export const CompanyItem = Type.Object({
  orgId: Type.String(),
  orgName: Type.String(),
  authorized: Type.Boolean(),
  bound: Type.Boolean(),
  owner: Type.Boolean(),
  current: Type.Boolean(),
});
export type CompanyItem = Static<typeof CompanyItem>;

/** `GET /api/channel/config/default`. The password key is served here so it can rotate without a rebuild. */
export const ChannelConfig = Type.Object({
  platformName: Type.String(),
  channelId: Type.String(),
  passwordPublicKey: Type.String(),
});
export type ChannelConfig = Static<typeof ChannelConfig>;

/** `POST /api/register` */
export const RegisterRequest = Type.Object({
  mobile: Mobile,
  password: Type.String({ maxLength: 1024 }),
  name: Type.String({ minLength: 1, maxLength: 32 }),
  captchaVerification: Type.String({ maxLength: 512 }),
});
export type RegisterRequest = Static<typeof RegisterRequest>;

/** `POST /api/register` answer (201): the new user, who belongs to no organisation yet. */
export const RegisteredUser = Type.Object({
  id: Type.String(),
  mobile: Type.String(),
  name: Type.String(),
});
export type RegisteredUser = Static<typeof RegisteredUser>;

/** `POST /api/account/switch/{id}`: id is the organisation to act for. */
export const SwitchOrgParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

/** `POST /api/account/mobile/validation` */
export const MobileValidationRequest = Type.Object({
  mobile: Mobile,
  captchaVerification: Type.String({ maxLength: 512 }),
});
export type MobileValidationRequest = Static<typeof MobileValidationRequest>;

export const MobileValidation = Type.Object({ registered: Type.Boolean() });
export type MobileValidation = Static<typeof MobileValidation>;
