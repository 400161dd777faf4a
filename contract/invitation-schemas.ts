import { Type, type Static } from 'typebox';
import { Mobile } from './auth-schemas';
import { literalUnion } from './common-schemas';
import { INVITATION_STATUS } from './invitation';

/**
 * The wire shapes of invitation.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

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
  status: literalUnion(Object.values(INVITATION_STATUS)),
});
export type InvitationDetail = Static<typeof InvitationDetail>;
