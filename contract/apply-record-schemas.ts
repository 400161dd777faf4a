import { Type, type Static } from 'typebox';
import {
  APPLY_RECORD_STATUSES,
  APPLY_REMARK_MAX_LENGTH,
  APPLY_ROLES,
  AUTH_LETTER_TYPES,
  CREDIT_CODE_LENGTH,
  REFUSE_REASON_MAX_LENGTH,
  type ApplyRecord as ApplyRecordShape,
  type ApplyRecordParams as ApplyRecordParamsShape,
  type ApplyRecordQuery as ApplyRecordQueryShape,
  type ApplyRequest as ApplyRequestShape,
  type AuthoriseRequest as AuthoriseRequestShape,
  type RefuseRequest as RefuseRequestShape,
} from './apply-record';
import { literalUnion, type Assert, type Same } from './common-schemas';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from './envelope';

/** TypeBox schemas of the shapes in contract/apply-record.ts, for the server's routes. */

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(schema: T) =>
  Type.Union([schema, Type.Null()]);
export const ApplyRoleList = Type.Array(literalUnion(APPLY_ROLES), {
  minItems: 1,
  maxItems: 2,
  uniqueItems: true,
});

export const ApplyRecord = Type.Object({
  id: Type.String(),
  orgId: Type.String(),
  orgName: Type.String(),
  applicantName: Type.String(),
  applicantMobile: Type.String(),
  status: literalUnion(APPLY_RECORD_STATUSES),
  remark: Type.String(),
  refuseReason: Nullable(Type.String()),
  roles: Type.Array(literalUnion(APPLY_ROLES)),
  authLetterType: Nullable(literalUnion(AUTH_LETTER_TYPES)),
  authLetterSize: Nullable(Type.Number()),
  createdAt: Type.Number(),
  decidedAt: Nullable(Type.Number()),
});
export type ApplyRecord = ApplyRecordShape;
export type _CheckApplyRecord = Assert<Same<Static<typeof ApplyRecord>, ApplyRecordShape>>;

export const ApplyRequest = Type.Object({
  // Spaces are removed and letters upper-cased by the route; the length is checked after that, in Chinese.
  creditCode: Type.String({ minLength: 1, maxLength: CREDIT_CODE_LENGTH * 2 }),
  remark: Type.Optional(Type.String({ maxLength: APPLY_REMARK_MAX_LENGTH })),
});
export type ApplyRequest = ApplyRequestShape;
export type _CheckApplyRequest = Assert<Same<Static<typeof ApplyRequest>, ApplyRequestShape>>;

export const ApplyRecordQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_NUMBER })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  sort: Type.Optional(Type.String({ maxLength: 64 })),
  status: Type.Optional(literalUnion(APPLY_RECORD_STATUSES)),
  keyword: Type.Optional(Type.String({ maxLength: 32 })),
});
export type ApplyRecordQuery = ApplyRecordQueryShape;
export type _CheckApplyRecordQuery = Assert<Same<Static<typeof ApplyRecordQuery>, ApplyRecordQueryShape>>;

export const ApplyRecordParams = Type.Object({ id: Id });
export type ApplyRecordParams = ApplyRecordParamsShape;
export type _CheckApplyRecordParams = Assert<Same<Static<typeof ApplyRecordParams>, ApplyRecordParamsShape>>;

export const RefuseRequest = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: REFUSE_REASON_MAX_LENGTH }),
});
export type RefuseRequest = RefuseRequestShape;
export type _CheckRefuseRequest = Assert<Same<Static<typeof RefuseRequest>, RefuseRequestShape>>;

export const AuthoriseRequest = Type.Object({ id: Id, roles: ApplyRoleList });
export type AuthoriseRequest = AuthoriseRequestShape;
export type _CheckAuthoriseRequest = Assert<Same<Static<typeof AuthoriseRequest>, AuthoriseRequestShape>>;
