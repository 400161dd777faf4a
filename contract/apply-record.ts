/**
 * Applications to join an organisation (apply records, spec sections 1, 4 and 7). The spec shows neither
 * the bodies nor the statuses; ours:
 *
 *   PENDING ──auth──────▶ AUTHORISED   the applicant becomes a member with the roles chosen
 *      │    ──refuse────▶ REFUSED      with a reason the applicant sees
 *      │    ──close─────▶ CLOSED       taken off the queue without an answer (a duplicate, a stale one)
 *      └─── bind-auth / confirm-auth QR confirmed by the licence holder ─▶ AUTHORISED
 *
 * AUTHORISED, REFUSED and CLOSED are final. Repeating the move a record already made answers the record as
 * it is (idempotent); any other move from a final state is refused with 409 APPLY_RECORD_DECIDED. An
 * applicant has at most one PENDING record per organisation; applying again answers that record.
 *
 * Plain values only: the SPA imports this file at run time; the shapes are declared in apply-record-schemas.ts.
 */
import type { StaffRoleCode } from './organization';

export const APPLY_RECORD_STATUS = {
  pending: 'PENDING',
  authorised: 'AUTHORISED',
  refused: 'REFUSED',
  closed: 'CLOSED',
} as const;
export type ApplyRecordStatus = (typeof APPLY_RECORD_STATUS)[keyof typeof APPLY_RECORD_STATUS];
export const APPLY_RECORD_STATUSES: ApplyRecordStatus[] = Object.values(APPLY_RECORD_STATUS);

/** Roles an administrator can give an applicant: ADMIN manages the organisation, STAFF does daily work. */
export const APPLY_ROLE = { admin: 'ADMIN', staff: 'STAFF' } as const;
export type ApplyRole = (typeof APPLY_ROLE)[keyof typeof APPLY_ROLE];
export const APPLY_ROLES: ApplyRole[] = Object.values(APPLY_ROLE);
/**
 * The role of 成员管理's catalogue each applicant role grants: ADMIN is the organisation's administrator,
 * STAFF (普通成员) does the daily bill work of 业务经办. The administrator changes them later in 成员管理.
 */
export const APPLY_ROLE_GRANTS = {
  ADMIN: 'ADMIN',
  STAFF: 'OPERATOR',
} as const satisfies Record<ApplyRole, StaffRoleCode>;
export const staffRolesOfApplyRoles = (roles: readonly ApplyRole[]): StaffRoleCode[] =>
  roles.map((role) => APPLY_ROLE_GRANTS[role]);

export const APPLY_REMARK_MAX_LENGTH = 200;
export const REFUSE_REASON_MAX_LENGTH = 200;
export const CREDIT_CODE_LENGTH = 18;

/** The authorisation letter: PDF, JPEG or PNG, recognised by its first bytes, at most 5 MB. */
export const AUTH_LETTER_MAX_BYTES = 5 * 1024 * 1024;
export const AUTH_LETTER_TYPE = { pdf: 'application/pdf', jpeg: 'image/jpeg', png: 'image/png' } as const;
export type AuthLetterType = (typeof AUTH_LETTER_TYPE)[keyof typeof AUTH_LETTER_TYPE];
export const AUTH_LETTER_TYPES: AuthLetterType[] = Object.values(AUTH_LETTER_TYPE);

export const APPLY_RECORD_URL = {
  apply: '/api/apply-record',
  mine: '/api/apply-record/mine',
  list: '/api/apply-record/list',
  detail: '/api/apply-record/detail/:id',
  close: '/api/apply-record/close/:id',
  refuse: '/api/apply-record/refuse/:id',
  auth: '/api/apply-record/auth',
  authLetter: '/api/apply-record/:id/auth-letter',
} as const;
