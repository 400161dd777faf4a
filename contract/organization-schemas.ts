import { Type, type Static } from 'typebox';
import { literalUnion } from './common-schemas';
import { CONTRACT_STATUS } from './e-contract';
import { Invitation } from './invitation-schemas';
import {
  AGREEMENT_CODES,
  AGREEMENT_STATUS,
  CONTACT_ADDRESS_MAX_LENGTH,
  CONTACT_EMAIL_MAX_LENGTH,
  CONTACT_NAME_MAX_LENGTH,
  ORG_QUERY_MAX_LENGTH,
  STAFF_ACTION,
  STAFF_ROLE_CODES,
} from './organization';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from './envelope';
import type { PermissionPath } from './permissions';

/**
 * The wire shapes of organization.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

const Id = Type.String({ minLength: 1, maxLength: 64 });
const RoleCode = literalUnion(STAFF_ROLE_CODES);
const Mobile = Type.String({ maxLength: 20 });

/** `GET /api/organization` (the caller's organisation) and the answer of `PUT /api/organization`. */
export const OrganizationInfo = Type.Object({
  orgId: Type.String(),
  name: Type.String(),
  creditCode: Type.String(),
  /** Set by authentication; empty until then. */
  legalPerson: Type.String(),
  /** Authenticated (by e-licence or by bank transfer). */
  authorized: Type.Boolean(),
  /** Its electronic business licence is bound. */
  bound: Type.Boolean(),
  contactName: Type.String(),
  contactMobile: Type.String(),
  contactEmail: Type.String(),
  contactAddress: Type.String(),
});
export type OrganizationInfo = Static<typeof OrganizationInfo>;

/**
 * `PUT /api/organization`: contact details only. Name, credit code and legal representative change only
 * through authentication; a body naming them is refused (additionalProperties false).
 */
export const OrganizationContactUpdate = Type.Object(
  {
    contactName: Type.String({ maxLength: CONTACT_NAME_MAX_LENGTH }),
    contactMobile: Mobile,
    contactEmail: Type.Optional(Type.String({ maxLength: CONTACT_EMAIL_MAX_LENGTH })),
    contactAddress: Type.Optional(Type.String({ maxLength: CONTACT_ADDRESS_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type OrganizationContactUpdate = Static<typeof OrganizationContactUpdate>;

export const OrganizationQuery = Type.Object({ keyword: Type.String({ maxLength: ORG_QUERY_MAX_LENGTH }) });
export type OrganizationQuery = Static<typeof OrganizationQuery>;

export const OrganizationQueryItem = Type.Object({
  orgId: Type.String(),
  name: Type.String(),
  creditCode: Type.String(),
  authorized: Type.Boolean(),
});
export type OrganizationQueryItem = Static<typeof OrganizationQueryItem>;

export const OrganizationQueryResult = Type.Object({
  items: Type.Array(OrganizationQueryItem),
  /**
   * Set when the keyword is 18 characters of a credit code whose check character fails GB 32100: some real
   * codes do, so the search still runs and the screen shows this as a warning.
   */
  warning: Type.Optional(Type.String()),
});
export type OrganizationQueryResult = Static<typeof OrganizationQueryResult>;

/** `POST /api/user/idAuth`: the user's name and resident ID number (GB 11643). */
export const IdAuthRequest = Type.Object({
  name: Type.String({ maxLength: 30 }),
  idNumber: Type.String({ maxLength: 32 }),
});
export type IdAuthRequest = Static<typeof IdAuthRequest>;

/** The answer, and `GET /api/user/identity`. The number is never sent back whole. */
export const UserIdentity = Type.Object({
  verified: Type.Boolean(),
  name: Type.String(),
  /** e.g. 110105********002X */
  idNumberMasked: Type.String(),
  /** ISO 8601 (UTC); empty when not verified. */
  verifiedAt: Type.String(),
});
export type UserIdentity = Static<typeof UserIdentity>;

/** `POST /api/register/sgscsp`, form-encoded. */
export const PartnerRegistration = Type.Object(
  {
    mobile: Mobile,
    name: Type.String({ maxLength: 30 }),
    orgName: Type.String({ maxLength: 100 }),
    creditCode: Type.String({ maxLength: 32 }),
  },
  // A partner's form may carry fields of its own; only these four are read.
  { additionalProperties: true },
);
export type PartnerRegistration = Static<typeof PartnerRegistration>;

export const PartnerRegistered = Type.Object({
  userId: Type.String(),
  orgId: Type.String(),
  /** One-time token that opens a session (`/#/?crToken=…`, spec section 2). */
  crToken: Type.String(),
});
export type PartnerRegistered = Static<typeof PartnerRegistered>;

/** `GET /api/scbill/configuration/staff/org/role-list` item. */
export const StaffRole = Type.Object({
  code: RoleCode,
  name: Type.String(),
  description: Type.String(),
  permissions: Type.Array(Type.Unsafe<PermissionPath>(Type.String())),
});
export type StaffRole = Static<typeof StaffRole>;

/** `GET /api/scbill/configuration/staff` query (paging, plus a name or mobile fragment). */
export const StaffQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_NUMBER })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  keyword: Type.Optional(Type.String({ maxLength: 30 })),
});
export type StaffQuery = Static<typeof StaffQuery>;

export const StaffMember = Type.Object({
  membershipId: Type.String(),
  userId: Type.String(),
  name: Type.String(),
  mobile: Type.String(),
  owner: Type.Boolean(),
  roles: Type.Array(RoleCode),
  /** Real-name check passed. */
  identityVerified: Type.Boolean(),
  /** ISO 8601 (UTC). */
  joinedAt: Type.String(),
  /** The caller themself. */
  self: Type.Boolean(),
});
export type StaffMember = Static<typeof StaffMember>;

export const StaffCommand = Type.Object({
  action: literalUnion(Object.values(STAFF_ACTION)),
  /** ADD: the mobile to invite; only the account with it can accept. */
  mobile: Type.Optional(Mobile),
  /** UPDATE_ROLES, REMOVE: the member. */
  membershipId: Type.Optional(Id),
  /** ADD, UPDATE_ROLES: at least one. */
  roles: Type.Optional(Type.Array(RoleCode, { maxItems: STAFF_ROLE_CODES.length })),
});
export type StaffCommand = Static<typeof StaffCommand>;

/** The member after ADD or UPDATE_ROLES; null after REMOVE. */
export const StaffCommandResult = Type.Object({
  member: Type.Union([StaffMember, Type.Null()]),
  /**
   * ADD: the invitation for the mobile, with the roles chosen; the person joins when they accept it. The
   * answer is the same whether or not the mobile is registered, and names nobody.
   */
  invitation: Type.Optional(Invitation),
});
export type StaffCommandResult = Static<typeof StaffCommandResult>;

/** `GET /api/scbill/org/sign` item: one agreement of the channel and where the organisation stands. */
export const OrgAgreement = Type.Object({
  agreementCode: literalUnion(AGREEMENT_CODES),
  agreementName: Type.String(),
  version: Type.String(),
  status: literalUnion(Object.values(AGREEMENT_STATUS)),
  /** The signing record (SIGNED or RELEASED); empty while UNSIGNED. */
  id: Type.String(),
  signedBy: Type.String(),
  /** ISO 8601 (UTC); empty when not applicable. */
  signedAt: Type.String(),
  releasedAt: Type.String(),
  /** The agreement's electronic contract (drafted after signing): empty / null until there is one. */
  contractId: Type.String(),
  contractStatus: Type.Union([literalUnion(Object.values(CONTRACT_STATUS)), Type.Null()]),
  /** funcName of the opened functions that depend on it: it cannot be released while there are any. */
  dependents: Type.Array(Type.String()),
});
export type OrgAgreement = Static<typeof OrgAgreement>;

/** `POST /api/scbill/org/sign`: signs (QR verification, or SMS where no licence is bound). */
export const SignAgreementRequest = Type.Object({ agreementCode: literalUnion(AGREEMENT_CODES) });
export type SignAgreementRequest = Static<typeof SignAgreementRequest>;

/** `GET /api/scbill/org/sign/release?id=…`: whether that signed agreement can be released now. */
export const ReleaseCheckQuery = Type.Object({ id: Id });
export type ReleaseCheckQuery = Static<typeof ReleaseCheckQuery>;

export const ReleaseCheck = Type.Object({
  id: Type.String(),
  releasable: Type.Boolean(),
  dependents: Type.Array(Type.String()),
});
export type ReleaseCheck = Static<typeof ReleaseCheck>;

export const AgreementUpdate = Type.Object({ action: Type.Literal('RELEASE') });
export type AgreementUpdate = Static<typeof AgreementUpdate>;

/** `GET /api/organization/onboarding`: the dashboard's checklist (authenticate, bank account, agreement, functions). */
export const Onboarding = Type.Object({
  authenticated: Type.Boolean(),
  settlementAccount: Type.Boolean(),
  agreementSigned: Type.Boolean(),
  functionOpened: Type.Boolean(),
});
export type Onboarding = Static<typeof Onboarding>;
