/**
 * Invitations to join an organisation (spec sections 5 and 7). Plain values and types only: the SPA imports
 * this file at run time; the TypeBox schemas are in invitation-schemas.ts.
 */

/** An invitation can be accepted once, within 7 days of its creation. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Spec section 5: a pasted invitation link must contain this. */
export const INVITATION_LINK_MARKER = '/#/user/login?code=';

export const INVITATION_STATUS = { valid: 'valid', used: 'used', expired: 'expired' } as const;
export type InvitationStatus = (typeof INVITATION_STATUS)[keyof typeof INVITATION_STATUS];

/** `POST /api/invitation` (owner only). With a mobile, only that account can accept. */
export interface InvitationRequest {
  mobile?: string;
}

export interface Invitation {
  /** ≥128 bits of randomness, base64url; shown once, stored hashed. */
  code: string;
  orgId: string;
  /** '/#/user/login?code=<code>&orgId=<orgId>' */
  link: string;
  /** ISO 8601 (UTC). */
  expiresAt: string;
}

/** Path of `GET /api/invitation/detail/{orgId}/{code}` and `POST /api/account/invitation/{orgId}/{code}`. */
export interface InvitationParams {
  orgId: string;
  code: string;
}

export interface InvitationDetail {
  orgId: string;
  orgName: string;
  inviterName: string;
  expiresAt: string;
  status: InvitationStatus;
}
