/**
 * Signing in, registering and the signed-in account (spec sections 3-5). Plain values only: the SPA
 * imports this file at run time; the shapes are declared in auth-schemas.ts.
 */

/** The paths of signing in, registering and the signed-in account (patterns: contract/paths.ts). */
export const AUTH_URL = {
  token: '/oauth/token',
  currentUser: '/api/user',
  logout: '/api/user/logout',
  permissionPage: '/api/permission/page',
  companyList: '/api/account/orgs/list',
  switchOrg: '/api/account/switch/:id',
  register: '/api/register',
  mobileValidation: '/api/account/mobile/validation',
  passwordReset: '/api/user/password/reset',
  passwordChange: '/api/user/password/change',
} as const;

/** Spec section 5: 11 digits, 1 then 3-9. */
export const MOBILE_PATTERN = '^1[3-9]\\d{9}$';
