import type { Generated } from 'kysely';

/** Organisations, their people and what each member may do. */
export interface AccountTables {
  organizations: OrganizationTable;
  users: UserTable;
  memberships: MembershipTable;
  permissions: PermissionTable;
  membership_permissions: MembershipPermissionTable;
}

export interface OrganizationTable {
  id: string;
  name: string;
  credit_code: string;
  /** 'enterprise' | 'institution' (ORG_KIND, contract/institution.ts; migration 021). */
  kind: Generated<string>;
  authorized: number;
  bound: number;
  created_at: number;
  /** Set by authentication (migration 012); empty until then. */
  legal_person: Generated<string>;
  contact_name: Generated<string>;
  contact_mobile: Generated<string>;
  contact_email: Generated<string>;
  contact_address: Generated<string>;
  /** When the e-licence was last authenticated (migration 011); null before. */
  licence_auth_at?: number | null;
  /** The member the licence holder last authorised to operate the licence. */
  licence_operator_id?: string | null;
}

export interface UserTable {
  id: string;
  mobile: string;
  name: string;
  password_hash: string;
  /** 'active' | 'disabled' */
  status: string;
  last_org_id: string | null;
  created_at: number;
  password_changed_at: number;
}

export interface MembershipTable {
  id: string;
  user_id: string;
  org_id: string;
  owner: number;
  created_at: number;
}

export interface PermissionTable {
  /** As the spec stores it, with the leading `/normal`. */
  path: string;
  name: string;
  sort: number;
}

export interface MembershipPermissionTable {
  membership_id: string;
  permission_path: string;
}
