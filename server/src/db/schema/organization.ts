/** Members' roles, users' real-name checks, partner token nonces and organisations' signed agreements. */
export interface OrganizationTables {
  membership_roles: MembershipRoleTable;
  user_identities: UserIdentityTable;
  partner_token_nonces: PartnerTokenNonceTable;
  org_agreements: OrgAgreementTable;
}

export interface MembershipRoleTable {
  membership_id: string;
  /** STAFF_ROLES code (contract/organization.ts). */
  role_code: string;
}

export interface UserIdentityTable {
  user_id: string;
  real_name: string;
  /** HMAC-SHA256 of the ID number: one number belongs to one user; the number is never stored. */
  id_number_hmac: string;
  id_number_masked: string;
  verified_at: number;
}

export interface PartnerTokenNonceTable {
  nonce: string;
  created_at: number;
}

export interface OrgAgreementTable {
  id: string;
  org_id: string;
  agreement_code: string;
  version: string;
  channel_id: string;
  /** 'SIGNED' | 'RELEASED' */
  status: string;
  signed_by: string;
  signed_at: number;
  released_by: string | null;
  released_at: number | null;
}
