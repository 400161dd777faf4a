/**
 * Signing in, registering and the signed-in account (spec sections 3-5). Plain values only: the SPA
 * imports this file at run time; the shapes are declared in auth-schemas.ts.
 */

/** Spec section 5: 11 digits, 1 then 3-9. */
export const MOBILE_PATTERN = '^1[3-9]\\d{9}$';
