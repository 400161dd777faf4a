import { Type, type Static } from 'typebox';
import { Mobile } from './auth-schemas';
import { literalUnion, type Assert, type Same } from './common-schemas';
import {
  INVITATION_STATUS,
  type Invitation as InvitationShape,
  type InvitationDetail as InvitationDetailShape,
  type InvitationParams as InvitationParamsShape,
  type InvitationRequest as InvitationRequestShape,
} from './invitation';

/** TypeBox schemas of the shapes in contract/invitation.ts, for the server's routes. */

export const InvitationRequest = Type.Object({ mobile: Type.Optional(Mobile) });
export type InvitationRequest = InvitationRequestShape;
export type _CheckInvitationRequest = Assert<Same<Static<typeof InvitationRequest>, InvitationRequestShape>>;

export const Invitation = Type.Object({
  code: Type.String(),
  orgId: Type.String(),
  link: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
});
export type Invitation = InvitationShape;
export type _CheckInvitation = Assert<Same<Static<typeof Invitation>, InvitationShape>>;

export const InvitationParams = Type.Object({
  orgId: Type.String({ minLength: 1, maxLength: 64 }),
  code: Type.String({ minLength: 16, maxLength: 128, pattern: '^[A-Za-z0-9_-]+$' }),
});
export type InvitationParams = InvitationParamsShape;
export type _CheckInvitationParams = Assert<Same<Static<typeof InvitationParams>, InvitationParamsShape>>;

export const InvitationDetail = Type.Object({
  orgId: Type.String(),
  orgName: Type.String(),
  inviterName: Type.String(),
  expiresAt: Type.String({ format: 'date-time' }),
  status: literalUnion(Object.values(INVITATION_STATUS)),
});
export type InvitationDetail = InvitationDetailShape;
export type _CheckInvitationDetail = Assert<Same<Static<typeof InvitationDetail>, InvitationDetailShape>>;
