import { Type, type Static } from 'typebox';
import {
  MOBILE_PATTERN,
  type Account as AccountShape,
  type ChannelConfig as ChannelConfigShape,
  type CompanyItem as CompanyItemShape,
  type MobileValidation as MobileValidationShape,
  type MobileValidationRequest as MobileValidationRequestShape,
  type PermissionItem as PermissionItemShape,
  type RegisteredUser as RegisteredUserShape,
  type RegisterRequest as RegisterRequestShape,
  type TokenRequest as TokenRequestShape,
  type TokenResponse as TokenResponseShape,
} from './auth';
import type { Assert, Same } from './common-schemas';

/** TypeBox schemas of the shapes in contract/auth.ts, for the server's routes. */

export const Mobile = Type.String({ pattern: MOBILE_PATTERN });

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
export type Account = AccountShape;
export type _CheckAccount = Assert<Same<Static<typeof Account>, AccountShape>>;

export const TokenResponse = Type.Object({
  access_token: Type.String(),
  token_type: Type.Literal('bearer'),
  refresh_token: Type.String(),
  expires_in: Type.Number(),
  scope: Type.String(),
  account: Account,
});
export type TokenResponse = TokenResponseShape;
export type _CheckTokenResponse = Assert<Same<Static<typeof TokenResponse>, TokenResponseShape>>;

export const TokenRequest = Type.Object({
  grant_type: Type.String({ maxLength: 32 }),
  mobile: Type.Optional(Type.String({ maxLength: 32 })),
  password: Type.Optional(Type.String({ maxLength: 1024 })),
  captchaVerification: Type.Optional(Type.String({ maxLength: 512 })),
  refresh_token: Type.Optional(Type.String({ maxLength: 256 })),
  scope: Type.Optional(Type.String({ maxLength: 32 })),
  systemRole: Type.Optional(Type.String({ maxLength: 8 })),
  cId: Type.Optional(Type.String({ maxLength: 64 })),
  client_id: Type.Optional(Type.String({ maxLength: 64 })),
  client_secret: Type.Optional(Type.String({ maxLength: 128 })),
});
export type TokenRequest = TokenRequestShape;
export type _CheckTokenRequest = Assert<Same<Static<typeof TokenRequest>, TokenRequestShape>>;

export const PermissionItem = Type.Object({
  path: Type.String(),
  name: Type.String(),
  granted: Type.Boolean(),
});
export type PermissionItem = PermissionItemShape;
export type _CheckPermissionItem = Assert<Same<Static<typeof PermissionItem>, PermissionItemShape>>;

export const CompanyItem = Type.Object({
  orgId: Type.String(),
  orgName: Type.String(),
  authorized: Type.Boolean(),
  bound: Type.Boolean(),
  owner: Type.Boolean(),
  current: Type.Boolean(),
});
export type CompanyItem = CompanyItemShape;
export type _CheckCompanyItem = Assert<Same<Static<typeof CompanyItem>, CompanyItemShape>>;

export const ChannelConfig = Type.Object({
  platformName: Type.String(),
  channelId: Type.String(),
  passwordPublicKey: Type.String(),
});
export type ChannelConfig = ChannelConfigShape;
export type _CheckChannelConfig = Assert<Same<Static<typeof ChannelConfig>, ChannelConfigShape>>;

export const RegisterRequest = Type.Object({
  mobile: Mobile,
  password: Type.String({ maxLength: 1024 }),
  name: Type.String({ minLength: 1, maxLength: 32 }),
  captchaVerification: Type.String({ maxLength: 512 }),
});
export type RegisterRequest = RegisterRequestShape;
export type _CheckRegisterRequest = Assert<Same<Static<typeof RegisterRequest>, RegisterRequestShape>>;

export const RegisteredUser = Type.Object({
  id: Type.String(),
  mobile: Type.String(),
  name: Type.String(),
});
export type RegisteredUser = RegisteredUserShape;
export type _CheckRegisteredUser = Assert<Same<Static<typeof RegisteredUser>, RegisteredUserShape>>;

/** `POST /api/account/switch/{id}`: id is the organisation to act for. */
export const SwitchOrgParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64 }) });

export const MobileValidationRequest = Type.Object({
  mobile: Mobile,
  captchaVerification: Type.String({ maxLength: 512 }),
});
export type MobileValidationRequest = MobileValidationRequestShape;
export type _CheckMobileValidationRequest = Assert<
  Same<Static<typeof MobileValidationRequest>, MobileValidationRequestShape>
>;

export const MobileValidation = Type.Object({ registered: Type.Boolean() });
export type MobileValidation = MobileValidationShape;
export type _CheckMobileValidation = Assert<Same<Static<typeof MobileValidation>, MobileValidationShape>>;
