import { Type, type Static } from 'typebox';
import { literalUnion } from './common-schemas';
import { CLEARINGS } from './discount';
import { PageQuery } from './envelope-schemas';
import {
  CLAIM_BASES,
  DEBTOR_ROLES,
  NON_REFUSAL_REASONS,
  RECOURSE_ACTS,
  RECOURSE_DEBTORS_MAX,
  RECOURSE_KINDS,
  RECOURSE_SIDES,
  RECOURSE_STATUSES,
  RECOURSE_TEXT_MAX,
} from './recourse';

/**
 * The wire shapes of recourse.ts's domain, each declared once: a TypeBox schema the server validates with,
 * and its type that the SPA imports with `import type`. Money is a decimal string both ways.
 */

const Id = Type.String({ minLength: 1, maxLength: 64 });
const Yuan = Type.String();
/** A yuan amount as typed; the server checks its form and answers in Chinese. */
const AmountInput = Type.String({ maxLength: 32 });
const Party = Type.Object({ orgId: Type.String(), name: Type.String() });

/**
 * How a claim is made up: the amount it is reckoned on + interest from its day to the day of payment + the
 * holder's costs. A first recourse reckons on the face from maturity; a further one on what the pursuer paid,
 * from the day it paid.
 */
export const RecourseClaim = Type.Object({
  /** What `face` and `interestFrom` are: the range's face and maturity, or what the pursuer paid and when. */
  basis: literalUnion(CLAIM_BASES),
  /** The amount interest runs on (see `basis`). */
  face: Yuan,
  /** The platform's annual rate, per cent. */
  rate: Type.String(),
  /** Interest from this day (the maturity date, or the day the pursuer paid)… */
  interestFrom: Type.String(),
  /** …to this one (the day of payment: today until the holder signs), the first counted, the last not. */
  interestTo: Type.String(),
  days: Type.Integer(),
  interest: Yuan,
  costs: Yuan,
  total: Yuan,
});
export type RecourseClaim = Static<typeof RecourseClaim>;

/** `POST /api/scbill/recourse/notify` */
export const RecourseNotifyRequest = Type.Object({
  /** The holding pursued for, all of it: under recourse (TF0402), or at rest before maturity for BC15. */
  holdingId: Id,
  debtorOrgIds: Type.Array(Id, { minItems: 1, maxItems: RECOURSE_DEBTORS_MAX }),
  /** The holder's costs (yuan, at most two decimals); none when absent. */
  costs: Type.Optional(AmountInput),
  costsNote: Type.Optional(Type.String({ maxLength: RECOURSE_TEXT_MAX })),
  /** BC15 only: why, and the proof uploaded first. */
  nonRefusalReason: Type.Optional(literalUnion(NON_REFUSAL_REASONS)),
  attachmentId: Type.Optional(Id),
});
export type RecourseNotifyRequest = Static<typeof RecourseNotifyRequest>;

/** `POST /api/scbill/recourse/:id/agree` */
export const RecourseAgreeRequest = Type.Object({
  /** What the party agrees to pay (yuan); at most the claim. */
  amount: AmountInput,
  /** 线上 (SM00) when absent. */
  clearing: Type.Optional(literalUnion(CLEARINGS)),
});
export type RecourseAgreeRequest = Static<typeof RecourseAgreeRequest>;

/** `POST /api/scbill/recourse/:id/reject` */
export const RecourseRejectRequest = Type.Object({
  reason: Type.String({ maxLength: RECOURSE_TEXT_MAX }),
});
export type RecourseRejectRequest = Static<typeof RecourseRejectRequest>;

/** Sandbox `POST /api/sandbox/institution/pledges/:id/recourse`: the pledgee's notice, a 拒付追索. */
export const SandboxRecourseNotifyRequest = Type.Object({
  debtorOrgIds: Type.Array(Id, { minItems: 1, maxItems: RECOURSE_DEBTORS_MAX }),
  costs: Type.Optional(AmountInput),
  costsNote: Type.Optional(Type.String({ maxLength: RECOURSE_TEXT_MAX })),
});
export type SandboxRecourseNotifyRequest = Static<typeof SandboxRecourseNotifyRequest>;

/** Sandbox `POST /api/sandbox/institution/recourse/:id/answer`: the pledgee signs a 同意清偿 or refuses it. */
export const SandboxRecourseAnswer = Type.Union([
  Type.Object({ decision: Type.Literal('sign') }),
  Type.Object({
    decision: Type.Literal('reject'),
    reason: Type.String({ minLength: 1, maxLength: RECOURSE_TEXT_MAX }),
  }),
]);
export type SandboxRecourseAnswer = Static<typeof SandboxRecourseAnswer>;

/** `POST /api/scbill/recourse/attachments`: what was stored. */
export const RecourseAttachment = Type.Object({
  id: Type.String(),
  type: Type.String(),
  size: Type.Integer(),
});
export type RecourseAttachment = Static<typeof RecourseAttachment>;

/** `GET /api/scbill/recourse/candidates`: BC14 (the default) the ranges under recourse, BC15 those at rest. */
export const RecourseCandidatesQuery = Type.Object({
  kind: Type.Optional(literalUnion(RECOURSE_KINDS)),
});
export type RecourseCandidatesQuery = Static<typeof RecourseCandidatesQuery>;

/** `GET /api/scbill/recourse/list` */
export const RecourseListQuery = Type.Object({
  page: PageQuery.properties.page,
  size: PageQuery.properties.size,
  /** The notices sent (`pursuer`, when absent) or those to pay (`debtor`). */
  side: Type.Optional(literalUnion(RECOURSE_SIDES)),
  status: Type.Optional(literalUnion(RECOURSE_STATUSES)),
  /** A fragment of the package number. */
  packageNo: Type.Optional(Type.String({ maxLength: 40 })),
});
export type RecourseListQuery = Static<typeof RecourseListQuery>;

/** A party the holder may pursue for a range, in its role. */
export const RecourseParty = Type.Object({
  orgId: Type.String(),
  name: Type.String(),
  role: literalUnion(DEBTOR_ROLES),
  /** For a guarantor: whose obligation it answers for. */
  guaranteed: Type.Union([Party, Type.Null()]),
});
export type RecourseParty = Static<typeof RecourseParty>;

/** One range the caller may pursue for. */
export const RecourseCandidate = Type.Object({
  holdingId: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  range: Type.String(),
  amount: Yuan,
  dueDate: Type.String(),
  kind: literalUnion(RECOURSE_KINDS),
  /** The refusal, the payment that made the caller holder, or the first 非拒付追索 notice (YYYY-MM-DD). */
  since: Type.String(),
  /** The last day a notice may be sent. */
  lastDay: Type.String(),
  /** After an overdue presentation only the drawer, the acceptor and their guarantors are liable. */
  overdue: Type.Boolean(),
  parties: Type.Array(RecourseParty),
  /** Today's claim, without costs. */
  claim: RecourseClaim,
  /** A 同意清偿 waits for the caller's signature on this range. */
  agreementPending: Type.Boolean(),
});
export type RecourseCandidate = Static<typeof RecourseCandidate>;

/** One notice as either side sees it. */
export const RecourseRecord = Type.Object({
  id: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  range: Type.String(),
  dueDate: Type.String(),
  kind: literalUnion(RECOURSE_KINDS),
  nonRefusalReason: Type.Union([literalUnion(NON_REFUSAL_REASONS), Type.Null()]),
  attachmentId: Type.Union([Type.String(), Type.Null()]),
  pursuer: Party,
  /**
   * The pursuer is the range's pledgee, the institution that presented it at maturity and was refused,
   * acting through its adapter (docs/domain.md, recourse by a pledgee).
   */
  pursuerPledgee: Type.Boolean(),
  debtor: Party,
  debtorRole: literalUnion(DEBTOR_ROLES),
  status: literalUnion(RECOURSE_STATUSES),
  /** Today's claim while it waits; the claim on the day of the 同意清偿 once agreed. */
  claim: RecourseClaim,
  costsNote: Type.Union([Type.String(), Type.Null()]),
  agreedAmount: Type.Union([Yuan, Type.Null()]),
  clearing: Type.Union([literalUnion(CLEARINGS), Type.Null()]),
  /** The holder's reason when it last refused a 同意清偿. */
  rejectReason: Type.Union([Type.String(), Type.Null()]),
  /** ISO times. */
  notifiedAt: Type.String(),
  agreedAt: Type.Union([Type.String(), Type.Null()]),
  closedAt: Type.Union([Type.String(), Type.Null()]),
  actions: Type.Array(literalUnion(RECOURSE_ACTS)),
});
export type RecourseRecord = Static<typeof RecourseRecord>;
