/**
 * Invitations to join an organisation (spec sections 5 and 7). Plain values only: the SPA imports this
 * file at run time; the shapes are declared in invitation-schemas.ts.
 */

/** The invitation calls (patterns: contract/paths.ts). */
export const INVITATION_URL = {
  create: '/api/invitation',
  detail: '/api/invitation/detail/:orgId/:code',
  join: '/api/account/invitation/:orgId/:code',
} as const;

/** An invitation can be accepted once, within 7 days of its creation. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Spec section 5: a pasted invitation link must contain this. */
export const INVITATION_LINK_MARKER = '/#/user/login?code=';

export const INVITATION_STATUS = { valid: 'valid', used: 'used', expired: 'expired' } as const;
export type InvitationStatus = (typeof INVITATION_STATUS)[keyof typeof INVITATION_STATUS];
