import { Type, type Static } from 'typebox';
import {
  APPLICATION_KIND,
  APPLICATION_STATUS,
  BATCH_ANSWER_MAX,
  BILL_ACT,
  BILL_EVENT,
  BILL_REMARK_MAX,
  BILL_STATUS,
  CIRCULATION,
  COUNTERPARTY_FILTER_MAX,
  REFUSAL_REASON_MAX,
} from './bills';
import { literalUnion } from './common-schemas';
import { PageQuery } from './envelope-schemas';

/**
 * The wire shapes of bills.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

const Id = Type.String({ minLength: 1, maxLength: 64 });
/** A yuan amount as typed; the server checks its form and answers in Chinese. */
const AmountInput = Type.String({ maxLength: 32 });
const DateInput = Type.String({ maxLength: 10 });
const IsoTime = Type.String({ format: 'date-time' });

export const IssueRequest = Type.Object({
  acceptorOrgId: Id,
  payeeOrgId: Id,
  /** Yuan, at most two decimals. */
  amount: AmountInput,
  /** YYYY-MM-DD; today when absent (the only date a registration may carry). */
  issueDate: Type.Optional(DateInput),
  dueDate: DateInput,
  /** 不得转让. */
  noTransfer: Type.Boolean(),
  splittable: Type.Boolean(),
  remark: Type.Optional(Type.String({ maxLength: BILL_REMARK_MAX })),
});
export type IssueRequest = Static<typeof IssueRequest>;

export const EndorseRequest = Type.Object({
  holdingId: Id,
  endorseeOrgId: Id,
  amount: AmountInput,
  remark: Type.Optional(Type.String({ maxLength: BILL_REMARK_MAX })),
});
export type EndorseRequest = Static<typeof EndorseRequest>;

export const RefuseRequest = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: REFUSAL_REASON_MAX }),
});
export type RefuseRequest = Static<typeof RefuseRequest>;

/** Body of 签收: the receiver's verified settlement account to hold the bill in; its default one when absent. */
export const SignRequest = Type.Object({ accountId: Type.Optional(Id) });
export type SignRequest = Static<typeof SignRequest>;

const BatchIds = Type.Array(Id, { minItems: 1, maxItems: BATCH_ANSWER_MAX, uniqueItems: true });

export const BatchSignRequest = Type.Object({ ids: BatchIds, accountId: Type.Optional(Id) });
export type BatchSignRequest = Static<typeof BatchSignRequest>;

export const BatchRefuseRequest = Type.Object({
  ids: BatchIds,
  reason: Type.String({ minLength: 1, maxLength: REFUSAL_REASON_MAX }),
});
export type BatchRefuseRequest = Static<typeof BatchRefuseRequest>;

export const IdParams = Type.Object({ id: Id });

/** The filters every bill list takes, and its xlsx export with them. */
export const BillListFilter = Type.Object({
  billStatus: Type.Optional(Type.String({ maxLength: 16 })),
  counterparty: Type.Optional(Type.String({ maxLength: COUNTERPARTY_FILTER_MAX })),
  minAmount: Type.Optional(AmountInput),
  maxAmount: Type.Optional(AmountInput),
  dueFrom: Type.Optional(DateInput),
  dueTo: Type.Optional(DateInput),
  /** One bill's rows only (the 待签收 workbench opened from a to-do notice). */
  packageId: Type.Optional(Id),
});
export type BillListFilter = Static<typeof BillListFilter>;

export const BillListQuery = Type.Object({ ...PageQuery.properties, ...BillListFilter.properties });
export type BillListQuery = Static<typeof BillListQuery>;

export const CounterpartyQuery = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 60 })) });

export const BillParty = Type.Object({ orgId: Type.String(), name: Type.String() });
export type BillParty = Static<typeof BillParty>;
const BillStatusSchema = literalUnion(Object.values(BILL_STATUS));
const CirculationSchema = literalUnion(Object.values(CIRCULATION));
const KindSchema = literalUnion(Object.values(APPLICATION_KIND));
const Acts = Type.Array(literalUnion(Object.values(BILL_ACT)));

export const Holding = Type.Object({
  id: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  holder: BillParty,
  /** 12-digit zero-padded start and end joined by `-`. */
  range: Type.String(),
  subStart: Type.Number(),
  subEnd: Type.Number(),
  amount: Type.String(),
  billStatus: BillStatusSchema,
  billStatusLabel: Type.String(),
  circulation: CirculationSchema,
  circulationLabel: Type.String(),
  drawer: BillParty,
  acceptor: BillParty,
  payee: BillParty,
  issueDate: Type.String(),
  dueDate: Type.String(),
  noTransfer: Type.Boolean(),
  splittable: Type.Boolean(),
  acquiredAt: IsoTime,
  /** Null while held. */
  endedAt: Type.Union([IsoTime, Type.Null()]),
  /** The institution a pledged range (TF0304) is pledged to. */
  pledgee: Type.Optional(BillParty),
  actions: Acts,
});
export type Holding = Static<typeof Holding>;

export const BillPackage = Type.Object({
  id: Type.String(),
  packageNo: Type.String(),
  drawer: BillParty,
  acceptor: BillParty,
  payee: BillParty,
  amount: Type.String(),
  issueDate: Type.String(),
  dueDate: Type.String(),
  noTransfer: Type.Boolean(),
  splittable: Type.Boolean(),
  remark: Type.String(),
  /** The status of the package as a whole: that of its first holding. */
  billStatus: BillStatusSchema,
  billStatusLabel: Type.String(),
  createdAt: IsoTime,
  actions: Acts,
});
export type BillPackage = Static<typeof BillPackage>;

export const BillApplication = Type.Object({
  id: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  kind: KindSchema,
  kindLabel: Type.String(),
  applicant: BillParty,
  receiver: BillParty,
  range: Type.String(),
  amount: Type.String(),
  status: literalUnion(Object.values(APPLICATION_STATUS)),
  statusLabel: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  remark: Type.String(),
  dueDate: Type.String(),
  appliedAt: IsoTime,
  answeredAt: Type.Union([IsoTime, Type.Null()]),
  actions: Acts,
});
export type BillApplication = Static<typeof BillApplication>;

export const BillEvent = Type.Object({
  id: Type.String(),
  type: literalUnion(Object.values(BILL_EVENT)),
  label: Type.String(),
  kind: Type.Union([KindSchema, Type.Null()]),
  from: Type.Union([BillParty, Type.Null()]),
  to: Type.Union([BillParty, Type.Null()]),
  range: Type.String(),
  amount: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  at: IsoTime,
  /** On a discount's events: the terms the chain shows (rate per cent a year, interest, net amount, clearing). */
  discount: Type.Optional(
    Type.Object({
      annualRate: Type.String(),
      interest: Type.String(),
      netAmount: Type.String(),
      clearing: Type.String(),
    }),
  ),
});
export type BillEvent = Static<typeof BillEvent>;

/** A party on the face of a bill: its settlement account and bank (null for bills written before they were kept). */
const FaceParty = Type.Object({
  name: Type.String(),
  accountNo: Type.Union([Type.String(), Type.Null()]),
  bankName: Type.Union([Type.String(), Type.Null()]),
});

export const BillDetail = Type.Object({
  bill: BillPackage,
  /** The caller's holdings of this package, current and past. */
  holdings: Type.Array(Holding),
  /** Applications the caller made or must answer on this package. */
  applications: Type.Array(BillApplication),
  /** The whole chain, oldest first. */
  events: Type.Array(BillEvent),
  /** The parties as the face of the bill names them. */
  face: Type.Object({ drawer: FaceParty, acceptor: FaceParty, payee: FaceParty }),
});
export type BillDetail = Static<typeof BillDetail>;
export type BillFace = BillDetail['face'];
export type BillFaceParty = BillFace['drawer'];

export const Counterparty = Type.Object({
  orgId: Type.String(),
  name: Type.String(),
  creditCode: Type.String(),
});
export type Counterparty = Static<typeof Counterparty>;

/** A batch answer: per row done, or refused with the server's reason. */
export const BatchAnswerResult = Type.Object({
  results: Type.Array(
    Type.Object({
      id: Type.String(),
      ok: Type.Boolean(),
      msg: Type.String(),
      /** The application as it is after the row's answer (null when it could not be read). */
      application: Type.Union([BillApplication, Type.Null()]),
    }),
  ),
  succeeded: Type.Integer(),
  failed: Type.Integer(),
});
export type BatchAnswerResult = Static<typeof BatchAnswerResult>;
export type BatchAnswerRow = BatchAnswerResult['results'][number];

/** A settlement account the caller may receive a bill into. */
export const BillAccount = Type.Object({
  id: Type.String(),
  accountNo: Type.String(),
  /** The branch (开户行). */
  bankName: Type.String(),
  isDefault: Type.Boolean(),
});
export type BillAccount = Static<typeof BillAccount>;

const DueDate = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

/** `GET /api/scbill/bills/payable` */
export const PayableQuery = Type.Object({
  ...PageQuery.properties,
  /** From this due date on (inclusive); today when absent. */
  from: Type.Optional(DueDate),
  to: Type.Optional(DueDate),
});
export type PayableQuery = Static<typeof PayableQuery>;

/** One due date of the acceptor's 应付票据: the bills maturing then and what it pays for them, and when. */
export const PayableDay = Type.Object({
  dueDate: DueDate,
  /** The business day the payment is made: the due date, or the business day after when it is closed. */
  payDay: DueDate,
  bills: Type.Integer(),
  /** Yuan: the received ranges of those bills still current. */
  amount: Type.String(),
});
export type PayableDay = Static<typeof PayableDay>;
