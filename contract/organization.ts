/**
 * The organisation as its members administer it (spec sections 1, 6 and 7): its details and contacts, the
 * search for organisations to join, the real-name check of a user, the partner platform's hand-over, staff and
 * their roles, the platform's service agreements and the onboarding checklist. Plain values only: the
 * SPA imports this file at run time; the shapes are declared in organization-schemas.ts.
 */
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
  /** `:id` of a signed agreement. */
  signed: '/api/scbill/org/sign/:id',
  signRelease: '/api/scbill/org/sign/release',
  openFunc: '/api/scbill/org-acct/open-func',
  onboarding: '/api/organization/onboarding',
} as const;

// ---- the organisation

export const CONTACT_NAME_MAX_LENGTH = 30;
export const CONTACT_EMAIL_MAX_LENGTH = 100;
export const CONTACT_ADDRESS_MAX_LENGTH = 200;

/** `POST /api/organization/query`: a name fragment or a credit code. */
export const ORG_QUERY_MIN_LENGTH = 2;
export const ORG_QUERY_MAX_LENGTH = 60;
/** At most this many organisations answer one search: it finds one to join, it does not list the platform. */
export const ORG_QUERY_LIMIT = 20;
export const CREDIT_CODE_WARNING = '统一社会信用代码校验位不符，请核对后再查询';

// ---- real-name check and the partner's hand-over

/** Checks one user may start per Shanghai day: each one is a paid query at the identity provider. */
export const ID_AUTH_DAILY_LIMIT = 5;

/** The header of `POST /api/register/sgscsp` carrying the partner's signed token. */
export const PARTNER_TOKEN_HEADER = 'token';
/** A partner token is accepted this long after its timestamp (either way, for clock drift). */
export const PARTNER_TOKEN_WINDOW_MS = 5 * 60 * 1000;

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
    description: '管理企业信息、成员、银行账户与签约，审批质押融资',
    permissions: paths(
      'dashboard',
      'pledgeFinancing',
      'pledgeFinancingApprove',
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

/** `POST /api/scbill/configuration/staff`: one command, named by `action`. */
export const STAFF_ACTION = { add: 'ADD', updateRoles: 'UPDATE_ROLES', remove: 'REMOVE' } as const;
export type StaffAction = (typeof STAFF_ACTION)[keyof typeof STAFF_ACTION];

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

/** `PUT /api/scbill/org/sign/{id}`: the only change of a signed agreement is its release (解约). */
export const AGREEMENT_ACTION = { release: 'RELEASE' } as const;

/** What `POST /api/scbill/org-acct/open-func` needs, in the order the checklist shows them. */
export const PREREQUISITE = {
  authentication: 'AUTHENTICATION',
  settlementAccount: 'SETTLEMENT_ACCOUNT',
  agreement: 'AGREEMENT',
  /** The licence holder's 业务授权 of the function's business (an organisation whose licence is bound). */
  businessAuthorisation: 'BUSINESS_AUTHORISATION',
} as const;
export type Prerequisite = (typeof PREREQUISITE)[keyof typeof PREREQUISITE];

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
