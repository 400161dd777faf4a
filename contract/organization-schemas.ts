import { Type, type Static } from 'typebox';
import { literalUnion, type Assert, type Same } from './common-schemas';
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
  type AgreementUpdate as AgreementUpdateShape,
  type IdAuthRequest as IdAuthRequestShape,
  type Onboarding as OnboardingShape,
  type OrgAgreement as OrgAgreementShape,
  type OrganizationContactUpdate as OrganizationContactUpdateShape,
  type OrganizationInfo as OrganizationInfoShape,
  type OrganizationQuery as OrganizationQueryShape,
  type OrganizationQueryResult as OrganizationQueryResultShape,
  type PartnerRegistered as PartnerRegisteredShape,
  type PartnerRegistration as PartnerRegistrationShape,
  type ReleaseCheck as ReleaseCheckShape,
  type ReleaseCheckQuery as ReleaseCheckQueryShape,
  type SignAgreementRequest as SignAgreementRequestShape,
  type StaffCommand as StaffCommandShape,
  type StaffCommandResult as StaffCommandResultShape,
  type StaffMember as StaffMemberShape,
  type StaffQuery as StaffQueryShape,
  type StaffRole as StaffRoleShape,
  type UserIdentity as UserIdentityShape,
} from './organization';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from './envelope';

/** TypeBox schemas of the shapes in contract/organization.ts, for the server's routes. */

const Id = Type.String({ minLength: 1, maxLength: 64 });
const RoleCode = literalUnion(STAFF_ROLE_CODES);
const Mobile = Type.String({ maxLength: 20 });

export const OrganizationInfo = Type.Object({
  orgId: Type.String(),
  name: Type.String(),
  creditCode: Type.String(),
  legalPerson: Type.String(),
  authorized: Type.Boolean(),
  bound: Type.Boolean(),
  contactName: Type.String(),
  contactMobile: Type.String(),
  contactEmail: Type.String(),
  contactAddress: Type.String(),
});
export type _CheckOrganizationInfo = Assert<Same<Static<typeof OrganizationInfo>, OrganizationInfoShape>>;

// additionalProperties false: a body that tries to change the name, credit code or legal person is refused.
export const OrganizationContactUpdate = Type.Object(
  {
    contactName: Type.String({ maxLength: CONTACT_NAME_MAX_LENGTH }),
    contactMobile: Mobile,
    contactEmail: Type.Optional(Type.String({ maxLength: CONTACT_EMAIL_MAX_LENGTH })),
    contactAddress: Type.Optional(Type.String({ maxLength: CONTACT_ADDRESS_MAX_LENGTH })),
  },
  { additionalProperties: false },
);
export type _CheckOrganizationContactUpdate = Assert<
  Same<Static<typeof OrganizationContactUpdate>, OrganizationContactUpdateShape>
>;

export const OrganizationQuery = Type.Object({ keyword: Type.String({ maxLength: ORG_QUERY_MAX_LENGTH }) });
export type _CheckOrganizationQuery = Assert<Same<Static<typeof OrganizationQuery>, OrganizationQueryShape>>;

export const OrganizationQueryResult = Type.Object({
  items: Type.Array(
    Type.Object({
      orgId: Type.String(),
      name: Type.String(),
      creditCode: Type.String(),
      authorized: Type.Boolean(),
    }),
  ),
  warning: Type.Optional(Type.String()),
});
export type _CheckOrganizationQueryResult = Assert<
  Same<Static<typeof OrganizationQueryResult>, OrganizationQueryResultShape>
>;

export const IdAuthRequest = Type.Object({
  name: Type.String({ maxLength: 30 }),
  idNumber: Type.String({ maxLength: 32 }),
});
export type _CheckIdAuthRequest = Assert<Same<Static<typeof IdAuthRequest>, IdAuthRequestShape>>;

export const UserIdentity = Type.Object({
  verified: Type.Boolean(),
  name: Type.String(),
  idNumberMasked: Type.String(),
  verifiedAt: Type.String(),
});
export type _CheckUserIdentity = Assert<Same<Static<typeof UserIdentity>, UserIdentityShape>>;

export const PartnerRegistration = Type.Object({
  mobile: Mobile,
  name: Type.String({ maxLength: 30 }),
  orgName: Type.String({ maxLength: 100 }),
  creditCode: Type.String({ maxLength: 32 }),
});
export type _CheckPartnerRegistration = Assert<
  Same<Static<typeof PartnerRegistration>, PartnerRegistrationShape>
>;

export const PartnerRegistered = Type.Object({
  userId: Type.String(),
  orgId: Type.String(),
  crToken: Type.String(),
});
export type _CheckPartnerRegistered = Assert<Same<Static<typeof PartnerRegistered>, PartnerRegisteredShape>>;

export const StaffRole = Type.Object({
  code: RoleCode,
  name: Type.String(),
  description: Type.String(),
  permissions: Type.Array(Type.Unsafe<StaffRoleShape['permissions'][number]>(Type.String())),
});
export type _CheckStaffRole = Assert<Same<Static<typeof StaffRole>, StaffRoleShape>>;

export const StaffQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_NUMBER })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  keyword: Type.Optional(Type.String({ maxLength: 30 })),
});
export type _CheckStaffQuery = Assert<Same<Static<typeof StaffQuery>, StaffQueryShape>>;

export const StaffMember = Type.Object({
  membershipId: Type.String(),
  userId: Type.String(),
  name: Type.String(),
  mobile: Type.String(),
  owner: Type.Boolean(),
  roles: Type.Array(RoleCode),
  identityVerified: Type.Boolean(),
  joinedAt: Type.String(),
  self: Type.Boolean(),
});
export type _CheckStaffMember = Assert<Same<Static<typeof StaffMember>, StaffMemberShape>>;

export const StaffCommand = Type.Object({
  action: literalUnion(Object.values(STAFF_ACTION)),
  mobile: Type.Optional(Mobile),
  membershipId: Type.Optional(Id),
  roles: Type.Optional(Type.Array(RoleCode, { maxItems: STAFF_ROLE_CODES.length })),
});
export type _CheckStaffCommand = Assert<Same<Static<typeof StaffCommand>, StaffCommandShape>>;

export const StaffCommandResult = Type.Object({
  member: Type.Union([StaffMember, Type.Null()]),
  invitation: Type.Optional(Invitation),
});
export type _CheckStaffCommandResult = Assert<
  Same<Static<typeof StaffCommandResult>, StaffCommandResultShape>
>;

export const OrgAgreement = Type.Object({
  agreementCode: literalUnion(AGREEMENT_CODES),
  agreementName: Type.String(),
  version: Type.String(),
  status: literalUnion(Object.values(AGREEMENT_STATUS)),
  id: Type.String(),
  signedBy: Type.String(),
  signedAt: Type.String(),
  releasedAt: Type.String(),
  contractId: Type.String(),
  contractStatus: Type.Union([literalUnion(Object.values(CONTRACT_STATUS)), Type.Null()]),
  dependents: Type.Array(Type.String()),
});
export type _CheckOrgAgreement = Assert<Same<Static<typeof OrgAgreement>, OrgAgreementShape>>;

export const SignAgreementRequest = Type.Object({ agreementCode: literalUnion(AGREEMENT_CODES) });
export type _CheckSignAgreementRequest = Assert<
  Same<Static<typeof SignAgreementRequest>, SignAgreementRequestShape>
>;

export const ReleaseCheckQuery = Type.Object({ id: Id });
export type _CheckReleaseCheckQuery = Assert<Same<Static<typeof ReleaseCheckQuery>, ReleaseCheckQueryShape>>;

export const ReleaseCheck = Type.Object({
  id: Type.String(),
  releasable: Type.Boolean(),
  dependents: Type.Array(Type.String()),
});
export type _CheckReleaseCheck = Assert<Same<Static<typeof ReleaseCheck>, ReleaseCheckShape>>;

export const AgreementUpdate = Type.Object({ action: Type.Literal('RELEASE') });
export type _CheckAgreementUpdate = Assert<Same<Static<typeof AgreementUpdate>, AgreementUpdateShape>>;

export const Onboarding = Type.Object({
  authenticated: Type.Boolean(),
  settlementAccount: Type.Boolean(),
  agreementSigned: Type.Boolean(),
  functionOpened: Type.Boolean(),
});
export type _CheckOnboarding = Assert<Same<Static<typeof Onboarding>, OnboardingShape>>;
