import { Type, type Static } from 'typebox';
import { APPLICATION_STATUS, BILL_STATUS, REFUSAL_REASON_MAX } from './bills';
import { literalUnion } from './common-schemas';
import { PageQuery } from './envelope-schemas';
import {
  GUARANTEED_ROLES,
  GUARANTEE_CANDIDATES_MAX,
  GUARANTEE_KEYWORD_MAX,
  GUARANTEE_REMARK_MAX,
  GUARANTEE_SIDES,
} from './guarantee';

/**
 * The wire shapes of guarantee.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type that the SPA imports with `import type`.
 */

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Party = Type.Object({ orgId: Type.String(), name: Type.String() });

/** `POST /api/scbill/guarantee/apply` */
export const GuaranteeApplyRequest = Type.Object({
  packageId: Id,
  /** The applicant's role whose obligation is guaranteed. */
  role: literalUnion(GUARANTEED_ROLES),
  guarantorOrgId: Id,
  remark: Type.Optional(Type.String({ maxLength: GUARANTEE_REMARK_MAX })),
});
export type GuaranteeApplyRequest = Static<typeof GuaranteeApplyRequest>;

/** `POST /api/scbill/guarantee/:id/refuse` */
export const GuaranteeRefuseRequest = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: REFUSAL_REASON_MAX }),
});
export type GuaranteeRefuseRequest = Static<typeof GuaranteeRefuseRequest>;

/** One guarantee as both sides' lists show it. */
export const GuaranteeRecord = Type.Object({
  id: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  /** The face amount, yuan: a guarantee covers the party's whole obligation on the bill. */
  amount: Type.String(),
  dueDate: Type.String(),
  role: literalUnion(GUARANTEED_ROLES),
  /** The party whose obligation is guaranteed (the applicant). */
  guaranteed: Party,
  guarantor: Party,
  status: literalUnion(Object.values(APPLICATION_STATUS)),
  remark: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  appliedAt: Type.String(),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
  /** What the caller may do with it now: sign, refuse (the guarantor), withdraw (the applicant). */
  actions: Type.Array(literalUnion(['sign', 'refuse', 'withdraw'] as const)),
});
export type GuaranteeRecord = Static<typeof GuaranteeRecord>;

/** `GET /api/scbill/guarantee/list` */
export const GuaranteeListQuery = Type.Object({
  page: PageQuery.properties.page,
  size: PageQuery.properties.size,
  side: literalUnion(GUARANTEE_SIDES),
  status: Type.Optional(literalUnion(Object.values(APPLICATION_STATUS))),
  /** A fragment of the package number. */
  packageNo: Type.Optional(Type.String({ maxLength: 30 })),
});
export type GuaranteeListQuery = Static<typeof GuaranteeListQuery>;

/**
 * `GET /api/scbill/guarantee/candidates`: `keyword` a fragment of the package number or of the drawer's,
 * acceptor's or payee's name; `size` how many of the newest matches (GUARANTEE_CANDIDATES_SIZE by default).
 */
export const GuaranteeCandidatesQuery = Type.Object({
  keyword: Type.Optional(Type.String({ maxLength: GUARANTEE_KEYWORD_MAX })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: GUARANTEE_CANDIDATES_MAX })),
});
export type GuaranteeCandidatesQuery = Static<typeof GuaranteeCandidatesQuery>;

/** A bill the caller may ask a guarantee on, with the roles it holds on it. */
export const GuaranteeCandidate = Type.Object({
  packageId: Type.String(),
  packageNo: Type.String(),
  drawerName: Type.String(),
  acceptorName: Type.String(),
  amount: Type.String(),
  dueDate: Type.String(),
  billStatus: literalUnion(Object.values(BILL_STATUS)),
  roles: Type.Array(literalUnion(GUARANTEED_ROLES)),
});
export type GuaranteeCandidate = Static<typeof GuaranteeCandidate>;
