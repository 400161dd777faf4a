import { Type, type Static } from 'typebox';
import {
  APPLY_RECORD_STATUSES,
  APPLY_REMARK_MAX_LENGTH,
  APPLY_ROLES,
  AUTH_LETTER_TYPES,
  CREDIT_CODE_LENGTH,
  REFUSE_REASON_MAX_LENGTH,
} from './apply-record';
import { literalUnion } from './common-schemas';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from './envelope';

/**
 * The wire shapes of apply-record.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
export const ApplyRoleList = Type.Array(literalUnion(APPLY_ROLES), {
  minItems: 1,
  maxItems: 2,
  uniqueItems: true,
});

/** An application as the organisation's administrators (and the applicant) see it. */
export const ApplyRecord = Type.Object({
  id: Type.String(),
  orgId: Type.String(),
  orgName: Type.String(),
  applicantName: Type.String(),
  /** Masked (138****0001) in the applicant's own answers; whole for the organisation's administrators. */
  applicantMobile: Type.String(),
  status: literalUnion(APPLY_RECORD_STATUSES),
  remark: Type.String(),
  refuseReason: Nullable(Type.String()),
  /** The roles given when authorised; empty before. */
  roles: Type.Array(literalUnion(APPLY_ROLES)),
  authLetterType: Nullable(literalUnion(AUTH_LETTER_TYPES)),
  authLetterSize: Nullable(Type.Number()),
  /** Epoch ms. */
  createdAt: Type.Number(),
  decidedAt: Nullable(Type.Number()),
});
export type ApplyRecord = Static<typeof ApplyRecord>;

/** `POST /api/apply-record` (ours; the spec does not show how a record is made): apply to join by credit code. */
export const ApplyRequest = Type.Object({
  // Spaces are removed and letters upper-cased by the route; the length is checked after that, in Chinese.
  creditCode: Type.String({ minLength: 1, maxLength: CREDIT_CODE_LENGTH * 2 }),
  remark: Type.Optional(Type.String({ maxLength: APPLY_REMARK_MAX_LENGTH })),
});
export type ApplyRequest = Static<typeof ApplyRequest>;

/** `GET /api/apply-record/list` query. `keyword` matches the applicant's name or mobile. */
export const ApplyRecordQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_NUMBER })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  sort: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(literalUnion(APPLY_RECORD_STATUSES)),
  keyword: Type.Optional(Type.String({ maxLength: 32 })),
});
export type ApplyRecordQuery = Static<typeof ApplyRecordQuery>;

export const ApplyRecordParams = Type.Object({ id: Id });
export type ApplyRecordParams = Static<typeof ApplyRecordParams>;

export const RefuseRequest = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: REFUSE_REASON_MAX_LENGTH }),
});
export type RefuseRequest = Static<typeof RefuseRequest>;

/** `PUT /api/apply-record/auth` body. */
export const AuthoriseRequest = Type.Object({ id: Id, roles: ApplyRoleList });
export type AuthoriseRequest = Static<typeof AuthoriseRequest>;
