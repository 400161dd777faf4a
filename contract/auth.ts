/**
 * Signing in, registering and the signed-in account (spec sections 3-5). Plain values and types only: the
 * SPA imports this file at run time; the TypeBox schemas are in auth-schemas.ts.
 */

/** Spec section 5: 11 digits, 1 then 3-9. */
export const MOBILE_PATTERN = '^1[3-9]\\d{9}$';

/**
 * The signed-in account as the SPA stores it (spec section 3, userInfo). orgId, orgName are '' and owner,
 * authorized, bound false for a user who belongs to no organisation yet.
 */
export interface Account {
  id: string;
  mobile: string;
  name: string;
  orgId: string;
  orgName: string;
  owner: boolean;
  cId: string;
  authorized: boolean;
  bound: boolean;
}

/** `POST /oauth/token` answer for every grant. */
export interface TokenResponse {
  access_token: string;
  token_type: 'bearer';
  refresh_token: string;
  expires_in: number;
  scope: string;
  account: Account;
}

/** Form fields of `POST /oauth/token` (application/x-www-form-urlencoded). */
export interface TokenRequest {
  grant_type: string;
  mobile?: string;
  /** Base64 RSA PKCS#1 v1.5 ciphertext of the password under the platform's public key. */
  password?: string;
  captchaVerification?: string;
  refresh_token?: string;
  scope?: string;
  systemRole?: string;
  cId?: string;
  client_id?: string;
  client_secret?: string;
}

/** One entry of `GET /api/permission/page`; `path` as stored, with the leading `/normal`. */
export interface PermissionItem {
  path: string;
  name: string;
  granted: boolean;
}

/** An organisation the signed-in user belongs to (`GET /api/account/orgs/list`). */
export interface CompanyItem {
  orgId: string;
  orgName: string;
  authorized: boolean;
  bound: boolean;
  owner: boolean;
  current: boolean;
}

/** `GET /api/channel/config/default`. The password key is served here so it can rotate without a rebuild. */
export interface ChannelConfig {
  platformName: string;
  channelId: string;
  passwordPublicKey: string;
}

/** `POST /api/register` */
export interface RegisterRequest {
  mobile: string;
  password: string;
  name: string;
  captchaVerification: string;
}

/** `POST /api/register` answer (201): the new user, who belongs to no organisation yet. */
export interface RegisteredUser {
  id: string;
  mobile: string;
  name: string;
}

/** `POST /api/account/mobile/validation` */
export interface MobileValidationRequest {
  mobile: string;
  captchaVerification: string;
}
export interface MobileValidation {
  registered: boolean;
}
