import { Type, type Static } from 'typebox';
import {
  APPLICATION_KIND,
  APPLICATION_STATUS,
  BILL_EVENT,
  BILL_REMARK_MAX,
  BILL_STATUS,
  CIRCULATION,
  COUNTERPARTY_FILTER_MAX,
  REFUSAL_REASON_MAX,
  type BillApplication as BillApplicationShape,
  type BillDetail as BillDetailShape,
  type BillEvent as BillEventShape,
  type BillListQuery as BillListQueryShape,
  type BillPackage as BillPackageShape,
  type Counterparty as CounterpartyShape,
  type EndorseRequest as EndorseRequestShape,
  type Holding as HoldingShape,
  type IssueRequest as IssueRequestShape,
  type RefuseRequest as RefuseRequestShape,
} from './bills';
import { literalUnion, type Assert, type Same } from './common-schemas';
import { MAX_PAGE_NUMBER, MAX_PAGE_SIZE } from './envelope';

/** TypeBox schemas of the shapes in contract/bills.ts, for the server's routes. */

const Id = Type.String({ minLength: 1, maxLength: 64 });
/** A yuan amount as typed; the server checks its form and answers in Chinese. */
const AmountInput = Type.String({ maxLength: 32 });
const DateInput = Type.String({ maxLength: 10 });
const IsoTime = Type.String({ format: 'date-time' });

export const IssueRequest = Type.Object({
  acceptorOrgId: Id,
  payeeOrgId: Id,
  amount: AmountInput,
  issueDate: Type.Optional(DateInput),
  dueDate: DateInput,
  noTransfer: Type.Boolean(),
  splittable: Type.Boolean(),
  remark: Type.Optional(Type.String({ maxLength: BILL_REMARK_MAX })),
});
export type IssueRequest = IssueRequestShape;
export type _CheckIssueRequest = Assert<Same<Static<typeof IssueRequest>, IssueRequestShape>>;

export const EndorseRequest = Type.Object({
  holdingId: Id,
  endorseeOrgId: Id,
  amount: AmountInput,
  remark: Type.Optional(Type.String({ maxLength: BILL_REMARK_MAX })),
});
export type EndorseRequest = EndorseRequestShape;
export type _CheckEndorseRequest = Assert<Same<Static<typeof EndorseRequest>, EndorseRequestShape>>;

export const RefuseRequest = Type.Object({
  reason: Type.String({ minLength: 1, maxLength: REFUSAL_REASON_MAX }),
});
export type RefuseRequest = RefuseRequestShape;
export type _CheckRefuseRequest = Assert<Same<Static<typeof RefuseRequest>, RefuseRequestShape>>;

export const IdParams = Type.Object({ id: Id });

export const BillListQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_PAGE_NUMBER })),
  size: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_PAGE_SIZE })),
  sort: Type.Optional(Type.String({ maxLength: 64 })),
  packageId: Type.Optional(Id),
  billStatus: Type.Optional(Type.String({ maxLength: 16 })),
  counterparty: Type.Optional(Type.String({ maxLength: COUNTERPARTY_FILTER_MAX })),
  minAmount: Type.Optional(AmountInput),
  maxAmount: Type.Optional(AmountInput),
  dueFrom: Type.Optional(DateInput),
  dueTo: Type.Optional(DateInput),
});
export type BillListQuery = BillListQueryShape;
export type _CheckBillListQuery = Assert<Same<Static<typeof BillListQuery>, BillListQueryShape>>;

export const CounterpartyQuery = Type.Object({ keyword: Type.Optional(Type.String({ maxLength: 60 })) });

const Party = Type.Object({ orgId: Type.String(), name: Type.String() });
const BillStatusSchema = literalUnion(Object.values(BILL_STATUS));
const CirculationSchema = literalUnion(Object.values(CIRCULATION));
const KindSchema = literalUnion(Object.values(APPLICATION_KIND));

export const Holding = Type.Object({
  id: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  holder: Party,
  range: Type.String(),
  subStart: Type.Number(),
  subEnd: Type.Number(),
  amount: Type.String(),
  billStatus: BillStatusSchema,
  billStatusLabel: Type.String(),
  circulation: CirculationSchema,
  circulationLabel: Type.String(),
  drawer: Party,
  acceptor: Party,
  payee: Party,
  issueDate: Type.String(),
  dueDate: Type.String(),
  noTransfer: Type.Boolean(),
  splittable: Type.Boolean(),
  acquiredAt: IsoTime,
  endedAt: Type.Union([IsoTime, Type.Null()]),
});
export type _CheckHolding = Assert<Same<Static<typeof Holding>, HoldingShape>>;

export const BillPackage = Type.Object({
  id: Type.String(),
  packageNo: Type.String(),
  drawer: Party,
  acceptor: Party,
  payee: Party,
  amount: Type.String(),
  issueDate: Type.String(),
  dueDate: Type.String(),
  noTransfer: Type.Boolean(),
  splittable: Type.Boolean(),
  remark: Type.String(),
  billStatus: BillStatusSchema,
  billStatusLabel: Type.String(),
  createdAt: IsoTime,
});
export type _CheckBillPackage = Assert<Same<Static<typeof BillPackage>, BillPackageShape>>;

export const BillApplication = Type.Object({
  id: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  kind: KindSchema,
  kindLabel: Type.String(),
  applicant: Party,
  receiver: Party,
  range: Type.String(),
  amount: Type.String(),
  status: literalUnion(Object.values(APPLICATION_STATUS)),
  statusLabel: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  remark: Type.String(),
  dueDate: Type.String(),
  appliedAt: IsoTime,
  answeredAt: Type.Union([IsoTime, Type.Null()]),
});
export type _CheckBillApplication = Assert<Same<Static<typeof BillApplication>, BillApplicationShape>>;

export const BillEvent = Type.Object({
  id: Type.String(),
  type: literalUnion(Object.values(BILL_EVENT)),
  label: Type.String(),
  kind: Type.Union([KindSchema, Type.Null()]),
  from: Type.Union([Party, Type.Null()]),
  to: Type.Union([Party, Type.Null()]),
  range: Type.String(),
  amount: Type.String(),
  reason: Type.Union([Type.String(), Type.Null()]),
  at: IsoTime,
});
export type _CheckBillEvent = Assert<Same<Static<typeof BillEvent>, BillEventShape>>;

export const BillDetail = Type.Object({
  bill: BillPackage,
  holdings: Type.Array(Holding),
  applications: Type.Array(BillApplication),
  events: Type.Array(BillEvent),
});
export type _CheckBillDetail = Assert<Same<Static<typeof BillDetail>, BillDetailShape>>;

export const Counterparty = Type.Object({
  orgId: Type.String(),
  name: Type.String(),
  creditCode: Type.String(),
});
export type _CheckCounterparty = Assert<Same<Static<typeof Counterparty>, CounterpartyShape>>;
