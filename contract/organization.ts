/**
 * The organisation as its members administer it (spec sections 1, 6 and 7): its details and contacts, the
 * search for organisations to join, the real-name check of a user, the partner platform's hand-over, staff and
 * their roles, the platform's service agreements and the onboarding checklist. Plain values and types only:
 * the SPA imports this file at run time; the TypeBox schemas are in organization-schemas.ts.
 */
import type { ContractStatus } from './e-contract';
import type { Invitation } from './invitation';
import { PERMISSION, type PermissionKey, type PermissionPath } from './permissions';

export const ORG_URL = {
  organization: '/api/organization',
  query: '/api/organization/query',
  idAuth: '/api/user/idAuth',
  identity: '/api/user/identity',
  partnerRegister: '/api/register/sgscsp',
  staff: '/api/scbill/configuration/staff',
  roleList: '/api/scbill/configuration/staff/org/role-list',
  sign: '/api/scbill/org/sign',
  signRelease: '/api/scbill/org/sign/release',
  openFunc: '/api/scbill/org-acct/open-func',
  onboarding: '/api/organization/onboarding',
} as const;

// ---- the organisation

export const CONTACT_NAME_MAX_LENGTH = 30;
export const CONTACT_EMAIL_MAX_LENGTH = 100;
export const CONTACT_ADDRESS_MAX_LENGTH = 200;

/** `GET /api/organization` (the caller's organisation) and the answer of `PUT /api/organization`. */
export interface OrganizationInfo {
  orgId: string;
  name: string;
  creditCode: string;
  /** Set by authentication; empty until then. */
  legalPerson: string;
  /** Authenticated (by e-licence or by bank transfer). */
  authorized: boolean;
  /** Its electronic business licence is bound. */
  bound: boolean;
  contactName: string;
  contactMobile: string;
  contactEmail: string;
  contactAddress: string;
}

/**
 * `PUT /api/organization`: contact details only. Name, credit code and legal representative change only
 * through authentication; a body naming them is refused.
 */
export interface OrganizationContactUpdate {
  contactName: string;
  contactMobile: string;
  contactEmail?: string;
  contactAddress?: string;
}

/** `POST /api/organization/query`: a name fragment or a credit code. */
export const ORG_QUERY_MIN_LENGTH = 2;
export const ORG_QUERY_MAX_LENGTH = 60;
/** At most this many organisations answer one search: it finds one to join, it does not list the platform. */
export const ORG_QUERY_LIMIT = 20;
export interface OrganizationQuery {
  keyword: string;
}
export interface OrganizationQueryItem {
  orgId: string;
  name: string;
  creditCode: string;
  authorized: boolean;
}
export interface OrganizationQueryResult {
  items: OrganizationQueryItem[];
  /**
   * Set when the keyword is 18 characters of a credit code whose check character fails GB 32100: some real
   * codes do, so the search still runs and the screen shows this as a warning.
   */
  warning?: string;
}
export const CREDIT_CODE_WARNING = '统一社会信用代码校验位不符，请核对后再查询';

// ---- real-name check and the partner's hand-over

/** `POST /api/user/idAuth`: the user's name and resident ID number (GB 11643). */
export interface IdAuthRequest {
  name: string;
  idNumber: string;
}
/** The answer, and `GET /api/user/identity`. The number is never sent back whole. */
export interface UserIdentity {
  verified: boolean;
  name: string;
  /** e.g. 110105********002X */
  idNumberMasked: string;
  /** ISO 8601 (UTC); empty when not verified. */
  verifiedAt: string;
}
/** Checks one user may start per Shanghai day: each one is a paid query at the identity provider. */
export const ID_AUTH_DAILY_LIMIT = 5;

/** The header of `POST /api/register/sgscsp` carrying the partner's signed token. */
export const PARTNER_TOKEN_HEADER = 'token';
/** A partner token is accepted this long after its timestamp (either way, for clock drift). */
export const PARTNER_TOKEN_WINDOW_MS = 5 * 60 * 1000;
/** `POST /api/register/sgscsp`, form-encoded. */
export interface PartnerRegistration {
  mobile: string;
  name: string;
  orgName: string;
  creditCode: string;
}
export interface PartnerRegistered {
  userId: string;
  orgId: string;
  /** One-time token that opens a session (`/#/?crToken=…`, spec section 2). */
  crToken: string;
}

// ---- staff and roles

/**
 * Roles and their permission sets (spec section 6 leaves names and rights to us). ADMIN is the organisation's
 * owner (memberships.owner): it holds every permission. A member's permissions are the union of their roles'.
 */
const paths = (...keys: PermissionKey[]): PermissionPath[] => keys.map((key) => PERMISSION[key].path);
export const STAFF_ROLES = [
  {
    code: 'ADMIN',
    name: '企业管理员',
    description: '拥有全部权限，可管理成员、签约和企业信息',
    permissions: (Object.keys(PERMISSION) as PermissionKey[]).map((key) => PERMISSION[key].path),
  },
  {
    code: 'MANAGER',
    name: '业务管理员',
    description: '管理企业信息、成员、银行账户与签约',
    permissions: paths(
      'dashboard',
      'companyCenter',
      'staff',
      'bankAccount',
      'contractSign',
      'notice',
      'exportCenter',
    ),
  },
  {
    code: 'FINANCE',
    name: '财务人员',
    description: '办理贴现、质押融资、提示付款与银行账户',
    permissions: paths(
      'dashboard',
      'discount',
      'pledge',
      'pledgeFinancing',
      'payPrompt',
      'bankAccount',
      'notice',
      'exportCenter',
    ),
  },
  {
    code: 'OPERATOR',
    name: '业务经办',
    description: '办理签发、背书、保证、追索等日常票据业务',
    permissions: paths(
      'dashboard',
      'issue',
      'endorse',
      'discount',
      'pledge',
      'guarantee',
      'recourse',
      'payPrompt',
      'notice',
      'exportCenter',
    ),
  },
  {
    code: 'VIEWER',
    name: '查看人员',
    description: '查看工作台与消息',
    permissions: paths('dashboard', 'notice', 'exportCenter'),
  },
] as const satisfies ReadonlyArray<{
  code: string;
  name: string;
  description: string;
  permissions: readonly PermissionPath[];
}>;
export type StaffRoleCode = (typeof STAFF_ROLES)[number]['code'];
export const OWNER_ROLE: StaffRoleCode = 'ADMIN';
export const STAFF_ROLE_CODES = STAFF_ROLES.map((role) => role.code) as StaffRoleCode[];

/**
 * The permissions a set of roles grants: the union of their sets. A member's permissions always come from
 * roles, so the member list can name what each member may do.
 */
export function permissionsOfRoles(roles: readonly StaffRoleCode[]): Set<PermissionPath> {
  const granted = new Set<PermissionPath>();
  for (const code of roles)
    for (const path of STAFF_ROLES.find((role) => role.code === code)?.permissions ?? []) granted.add(path);
  return granted;
}

/** `GET /api/scbill/configuration/staff/org/role-list` item. */
export interface StaffRole {
  code: StaffRoleCode;
  name: string;
  description: string;
  permissions: PermissionPath[];
}

/** `GET /api/scbill/configuration/staff` query (paging, plus a name or mobile fragment). */
export interface StaffQuery {
  page?: number;
  size?: number;
  keyword?: string;
}
export interface StaffMember {
  membershipId: string;
  userId: string;
  name: string;
  mobile: string;
  owner: boolean;
  roles: StaffRoleCode[];
  /** Real-name check passed. */
  identityVerified: boolean;
  /** ISO 8601 (UTC). */
  joinedAt: string;
  /** The caller themself. */
  self: boolean;
}

/** `POST /api/scbill/configuration/staff`: one command, named by `action`. */
export const STAFF_ACTION = { add: 'ADD', updateRoles: 'UPDATE_ROLES', remove: 'REMOVE' } as const;
export type StaffAction = (typeof STAFF_ACTION)[keyof typeof STAFF_ACTION];
export interface StaffCommand {
  action: StaffAction;
  /** ADD: the mobile to invite; only the account with it can accept. */
  mobile?: string;
  /** UPDATE_ROLES, REMOVE: the member. */
  membershipId?: string;
  /** ADD, UPDATE_ROLES: at least one. */
  roles?: StaffRoleCode[];
}
/** The member after ADD or UPDATE_ROLES; null after REMOVE. */
export interface StaffCommandResult {
  member: StaffMember | null;
  /**
   * ADD: the invitation for the mobile, with the roles chosen; the person joins when they accept it. The
   * answer is the same whether or not the mobile is registered, and names nobody.
   */
  invitation?: Invitation;
}

// ---- agreements and business functions

/**
 * The platform's service agreements (签约) an organisation signs for its channel, and the business functions
 * each one allows: a function opens only while its agreement is signed, and an agreement is released only
 * when no opened function depends on it. A channel offers the agreements of the functions it offers.
 */
export const AGREEMENTS = [
  {
    code: 'SCB_SERVICE',
    name: '供应链票据业务服务协议',
    version: '2026.1',
    functions: [
      'BILL_ISSUE',
      'BILL_ACCEPT',
      'BILL_ENDORSE',
      'BILL_DISCOUNT',
      'BILL_PLEDGE',
      'BILL_PAY_PROMPT',
    ],
  },
  {
    code: 'FINANCE_SERVICE',
    name: '供应链融资服务协议',
    version: '2026.1',
    functions: ['PLEDGE_FIN', 'EASE_DISCOUNT', 'ORDER_FIN'],
  },
  { code: 'E_SIGN_SERVICE', name: '电子签章服务协议', version: '2026.1', functions: ['E_SIGN'] },
] as const;
export type AgreementCode = (typeof AGREEMENTS)[number]['code'];
export const AGREEMENT_CODES = AGREEMENTS.map((a) => a.code) as AgreementCode[];

export const AGREEMENT_STATUS = { unsigned: 'UNSIGNED', signed: 'SIGNED', released: 'RELEASED' } as const;
export type AgreementStatus = (typeof AGREEMENT_STATUS)[keyof typeof AGREEMENT_STATUS];
export const AGREEMENT_STATUS_LABEL: Record<AgreementStatus, string> = {
  UNSIGNED: '未签约',
  SIGNED: '已签约',
  RELEASED: '已解约',
};

/** `GET /api/scbill/org/sign` item: one agreement of the channel and where the organisation stands. */
export interface OrgAgreement {
  agreementCode: AgreementCode;
  agreementName: string;
  version: string;
  status: AgreementStatus;
  /** The signing record (SIGNED or RELEASED); empty while UNSIGNED. */
  id: string;
  signedBy: string;
  /** ISO 8601 (UTC); empty when not applicable. */
  signedAt: string;
  releasedAt: string;
  /** The agreement's electronic contract (drafted after signing): empty / null until there is one. */
  contractId: string;
  contractStatus: ContractStatus | null;
  /** funcName of the opened functions that depend on it: it cannot be released while there are any. */
  dependents: string[];
}

/** `POST /api/scbill/org/sign`: signs (QR verification, or SMS where no licence is bound). */
export interface SignAgreementRequest {
  agreementCode: AgreementCode;
}
/** `GET /api/scbill/org/sign/release?id=…`: whether that signed agreement can be released now. */
export interface ReleaseCheckQuery {
  id: string;
}
export interface ReleaseCheck {
  id: string;
  releasable: boolean;
  dependents: string[];
}
/** `PUT /api/scbill/org/sign/{id}`: the only change of a signed agreement is its release (解约). */
export const AGREEMENT_ACTION = { release: 'RELEASE' } as const;
export interface AgreementUpdate {
  action: (typeof AGREEMENT_ACTION)[keyof typeof AGREEMENT_ACTION];
}

/** What `POST /api/scbill/org-acct/open-func` needs, in the order the checklist shows them. */
export const PREREQUISITE = {
  authentication: 'AUTHENTICATION',
  settlementAccount: 'SETTLEMENT_ACCOUNT',
  agreement: 'AGREEMENT',
} as const;
export type Prerequisite = (typeof PREREQUISITE)[keyof typeof PREREQUISITE];

/** `GET /api/organization/onboarding`: the dashboard's checklist (authenticate, bank account, agreement, functions). */
export interface Onboarding {
  authenticated: boolean;
  settlementAccount: boolean;
  agreementSigned: boolean;
  functionOpened: boolean;
}

export const ORG_TEXT = {
  contactUpdated: '联系人信息已保存',
  identityVerified: '实名认证成功',
  memberInvited: '邀请已生成，请将邀请链接发给对方，对方接受后即加入企业',
  rolesUpdated: '成员角色已更新',
  memberRemoved: '成员已移除',
  signed: '签约成功',
  released: '已解约',
  functionOpened: '业务功能已开通',
  registered: '注册成功',
} as const;
