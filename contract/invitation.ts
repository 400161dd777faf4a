import { Type, type Static } from 'typebox';
import { Mobile } from './auth';

/** An invitation can be accepted once, within 7 days of its creation. */
export const INVITATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Spec section 5: a pasted invitation link must contain this. */
export const INVITATION_LINK_MARKER = '/#/user/login?code=';

export const INVITATION_STATUS = { valid: 'valid', used: 'used', expired: 'expired' } as const;
export type InvitationStatus = (typeof INVITATION_STATUS)[keyof typeof INVITATION_STATUS];

/** `POST /api/invitation` (owner only). With a mobile, only that account can accept. */
export const InvitationRequest = Type.Object({ mobile: Type.Optional(Mobile) });
export type InvitationRequest = Static<typeof InvitationRequest>;

export const Invitation = Type.Object({
  /** ≥128 bits of randomness, base64url; shown once, stored hashed. */
  code: Type.String(),
  orgId: Type.String(),
  /** '/#/user/login?code=<code>&orgId=<orgId>' */
  link: Type.String(),
  /** ISO 8601 (UTC). */
  expiresAt: Type.String({ format: 'date-time' }),
});
export type Invitation = Static<typeof Invitation>;

/** Path of `GET /api/invitation/detail/{orgId}/{code}` and `POST /api/account/invitation/{orgId}/{code}`. */
export const InvitationParams = Type.Object({
  orgId: Type.String({ minLength: 1, maxLength: 64 }),
  code: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type InvitationParams = Static<typeof InvitationParams>;

export const InvitationDetail = Type.Object({
  orgId: Type.String(),
  orgName: Type.String(),
  inviterName: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  status: Type.Union([
    Type.Literal(INVITATION_STATUS.valid),
    Type.Literal(INVITATION_STATUS.used),
    Type.Literal(INVITATION_STATUS.expired),
  ]),
});
export type InvitationDetail = Static<typeof InvitationDetail>;
