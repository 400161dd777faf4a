import { Type, type Static } from 'typebox';
import { literalUnion } from './common-schemas';
import {
  APPROVAL_RESULT,
  OPINION_MAX,
  PLEDGE_FIN_ACTION,
  PLEDGE_FIN_BILLS_MAX,
  PLEDGE_FIN_STATES,
  PURPOSE_MAX,
  REPAYMENT_MODES,
} from './pledge-fin';
import { PLEDGE_STATUSES } from './pledge';

/**
 * The wire shapes of pledge-fin.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type that the SPA imports with `import type`.
 */

/** Text the server checks itself, so a mistake is answered with its own code and a Chinese message. */
const Typed = (maxLength: number) => Type.String({ maxLength });
/** Yuan with two decimals, e.g. "1000000.00". */
const Yuan = Type.String();
const Id = Type.String({ maxLength: 64 });
const NullableText = Type.Union([Type.String(), Type.Null()]);
const Party = Type.Object({ orgId: Type.String(), name: Type.String() });

/** One product of an institution, as `POST /api/pledge-fin/config/list` lists it. */
export const PledgeFinProduct = Type.Object({
  id: Type.String(),
  institution: Party,
  name: Type.String(),
  /** Per cent a year, 4 decimals ("3.8500"). */
  annualRate: Type.String(),
  /** Per cent of a bill's face lent against it, 2 decimals ("80.00"). */
  pledgeRatio: Type.String(),
  minAmount: Yuan,
  maxAmount: Yuan,
  /** The longest loan from its value date, in days. */
  maxTermDays: Type.Integer(),
  /** Per cent of the principal, charged once at pay-out, 4 decimals. */
  feeRate: Type.String(),
  repaymentMode: literalUnion(REPAYMENT_MODES),
  /** 360 or 365. */
  dayBasis: Type.Integer(),
  /** Per cent a year charged on an overdue payment, 4 decimals. */
  penaltyRate: Type.String(),
});
export type PledgeFinProduct = Static<typeof PledgeFinProduct>;

/** One credit line of the organisation with an institution. */
export const CreditLine = Type.Object({
  institution: Party,
  line: Yuan,
  /** The principal of the financings submitted and not yet settled, rejected or cancelled. */
  used: Yuan,
  available: Yuan,
});
export type CreditLine = Static<typeof CreditLine>;

/** `GET /api/scbill/basic-data/{id}/org-finance/config` */
export const OrgFinanceConfig = Type.Object({
  orgId: Type.String(),
  creditLines: Type.Array(CreditLine),
  /** Where the loan is paid out and interest is paid from; null until a verified default account is set. */
  settlementAccount: Type.Union([
    Type.Object({ accountNo: Type.String(), accountName: Type.String(), bankName: Type.String() }),
    Type.Null(),
  ]),
});
export type OrgFinanceConfig = Static<typeof OrgFinanceConfig>;

/** `POST /api/scbill/pledge/cost/real-time/cal` */
export const PledgeCostRequest = Type.Object({
  principal: Typed(32),
  /** Per cent a year, at most four decimals; the product's when absent and a product is named. */
  annualRate: Type.Optional(Typed(16)),
  /** YYYY-MM-DD: the day the money is paid out, counted. */
  valueDate: Typed(16),
  /** YYYY-MM-DD: the loan's maturity, not counted. */
  maturityDate: Typed(16),
  /** Takes the rate, fee rate, repayment mode and day basis from the product where the body names none. */
  productId: Type.Optional(Id),
  feeRate: Type.Optional(Typed(16)),
  repaymentMode: Type.Optional(literalUnion(REPAYMENT_MODES)),
  dayBasis: Type.Optional(Typed(8)),
});
export type PledgeCostRequest = Static<typeof PledgeCostRequest>;

/** One payment of the schedule: the interest of a period, and the principal with the last. */
export const SchedulePayment = Type.Object({
  seq: Type.Integer(),
  /** The period's first day (counted) and its end (not counted), which is also the day it falls due. */
  startDate: Type.String(),
  endDate: Type.String(),
  days: Type.Integer(),
  interest: Yuan,
  principal: Yuan,
  /** interest + principal */
  amount: Yuan,
});
export type SchedulePayment = Static<typeof SchedulePayment>;

export const PledgeCost = Type.Object({
  principal: Yuan,
  annualRate: Type.String(),
  valueDate: Type.String(),
  maturityDate: Type.String(),
  dayBasis: Type.Integer(),
  /** From the value date to maturity, the first day counted and the last not. */
  days: Type.Integer(),
  /** principal x rate x days / basis, rounded half up to the fen once. */
  interest: Yuan,
  feeRate: Type.String(),
  /** principal x fee rate, rounded half up to the fen, deducted from the pay-out. */
  fee: Yuan,
  /** What reaches the settlement account: principal - fee. */
  netAmount: Yuan,
  repaymentMode: literalUnion(REPAYMENT_MODES),
  schedule: Type.Array(SchedulePayment),
});
export type PledgeCost = Static<typeof PledgeCost>;

/** `POST /api/pledge-fin/save`: a draft keeps whatever is filled in so far. */
export const PledgeFinSaveRequest = Type.Object({
  /** The draft to update; a new draft when absent. */
  id: Type.Optional(Id),
  productId: Type.Optional(Id),
  holdingIds: Type.Optional(Type.Array(Id, { maxItems: PLEDGE_FIN_BILLS_MAX })),
  amount: Type.Optional(Typed(32)),
  maturityDate: Type.Optional(Typed(16)),
  purpose: Type.Optional(Typed(PURPOSE_MAX * 2)),
});
export type PledgeFinSaveRequest = Static<typeof PledgeFinSaveRequest>;

/** `POST /api/pledge-fin`: a submission names everything. */
export const PledgeFinCreateRequest = Type.Object({
  /** The draft submitted; a new application when absent. */
  id: Type.Optional(Id),
  productId: Id,
  holdingIds: Type.Array(Id, { maxItems: PLEDGE_FIN_BILLS_MAX }),
  amount: Typed(32),
  maturityDate: Typed(16),
  purpose: Typed(PURPOSE_MAX * 2),
});
export type PledgeFinCreateRequest = Static<typeof PledgeFinCreateRequest>;

/** `PUT /api/pledge-fin/approve` */
export const PledgeFinApproveRequest = Type.Object({
  id: Id,
  result: literalUnion(Object.values(APPROVAL_RESULT)),
  /** Required to reject. */
  opinion: Type.Optional(Typed(OPINION_MAX * 2)),
});
export type PledgeFinApproveRequest = Static<typeof PledgeFinApproveRequest>;

/** `PUT /api/pledge-fin/cancel` */
export const PledgeFinCancelRequest = Type.Object({
  id: Id,
  reason: Type.Optional(Typed(OPINION_MAX * 2)),
});
export type PledgeFinCancelRequest = Static<typeof PledgeFinCancelRequest>;

/** `PUT /api/pledge-fin/payout/retry`: the financing whose pay-out is tried again. */
export const PledgeFinPayoutRetryRequest = Type.Object({ id: Id });
export type PledgeFinPayoutRetryRequest = Static<typeof PledgeFinPayoutRetryRequest>;

/** `PUT /api/pledge-fin/rest/retry`: the financing whose rest of the proceeds is transferred again. */
export const PledgeFinRestRetryRequest = Type.Object({ id: Id });
export type PledgeFinRestRetryRequest = Static<typeof PledgeFinRestRetryRequest>;

/** `PUT /api/pledge-fin/countersign/retry`: the financing whose contracts the institution is asked to sign. */
export const PledgeFinCountersignRetryRequest = Type.Object({ id: Id });
export type PledgeFinCountersignRetryRequest = Static<typeof PledgeFinCountersignRetryRequest>;

/** The body of `POST /api/pledge-fin/page/by-pledger?{page,size}`: filters, blank ones ignored. */
export const PledgeFinFilter = Type.Object({
  finNo: Type.Optional(Typed(64)),
  state: Type.Optional(Typed(16)),
  institutionOrgId: Type.Optional(Typed(64)),
});
export type PledgeFinFilter = Static<typeof PledgeFinFilter>;

/** One bill of a financing. */
export const PledgeFinBill = Type.Object({
  holdingId: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  range: Type.String(),
  amount: Yuan,
  acceptorName: Type.String(),
  maturityDate: Type.String(),
  /** amount x the product's pledge ratio, rounded down to the fen. */
  pledgeValue: Yuan,
  /**
   * Where its pledge to the institution stands once made (已质押, 已解除, or 已兑付 when the acceptor paid the
   * institution the bill at maturity); null before the pay-out pledged it.
   */
  pledgeStatus: Type.Union([literalUnion(PLEDGE_STATUSES), Type.Null()]),
});
export type PledgeFinBill = Static<typeof PledgeFinBill>;

/** A financing as the list shows it. */
export const PledgeFinSummary = Type.Object({
  id: Type.String(),
  /** RZ + date + sequence, for people to quote. */
  finNo: Type.String(),
  state: literalUnion(PLEDGE_FIN_STATES),
  product: Type.Union([Type.Object({ id: Type.String(), name: Type.String() }), Type.Null()]),
  institution: Type.Union([Party, Type.Null()]),
  amount: Type.Union([Yuan, Type.Null()]),
  annualRate: NullableText,
  valueDate: NullableText,
  maturityDate: NullableText,
  purpose: Type.String(),
  billCount: Type.Integer(),
  applicantName: Type.String(),
  createdAt: Type.String(),
  submittedAt: NullableText,
});
export type PledgeFinSummary = Static<typeof PledgeFinSummary>;

/** A scheduled payment paid: its share of interest, the principal with the last, the penalty of the days late. */
export const PledgeFinPayment = Type.Object({
  seq: Type.Integer(),
  dueDate: Type.String(),
  interest: Yuan,
  principal: Yuan,
  overdueDays: Type.Integer(),
  penalty: Yuan,
  amount: Yuan,
  paidAt: Type.String(),
  payerName: Type.String(),
});
export type PledgeFinPayment = Static<typeof PledgeFinPayment>;

/**
 * The next scheduled payment as of today: overdue once its day has passed, with the penalty to date. Its
 * interest, principal, penalty and amount are what remains owed of it: the proceeds of a matured pledged bill
 * may have paid part of it (`paidSoFar`), its interest first, then its penalty, then its principal.
 */
export const PledgeFinDuePayment = Type.Object({
  seq: Type.Integer(),
  dueDate: Type.String(),
  interest: Yuan,
  principal: Yuan,
  overdueDays: Type.Integer(),
  penalty: Yuan,
  amount: Yuan,
  /** The last payment, with the principal: paying it settles the loan and releases the bills. */
  last: Type.Boolean(),
  /** What was paid of it already, in parts; 0.00 when nothing was. */
  paidSoFar: Yuan,
});
export type PledgeFinDuePayment = Static<typeof PledgeFinDuePayment>;

/** `POST /api/pledge-fin/interest-payment`: the financing and the number of the payment meant (the next one). */
export const PledgeFinInterestPaymentRequest = Type.Object({
  id: Id,
  seq: Type.Integer({ minimum: 1, maximum: 1000 }),
});
export type PledgeFinInterestPaymentRequest = Static<typeof PledgeFinInterestPaymentRequest>;

/** `GET /api/pledge-fin/{id}/detail` */
export const PledgeFinDetail = Type.Intersect([
  PledgeFinSummary,
  Type.Object({
    /** What was paid into the settlement account (principal less the fee), once paid out. */
    netPaidOut: Type.Union([Yuan, Type.Null()]),
    paidOutAt: NullableText,
    /** The scheduled payments made, in order. */
    payments: Type.Array(PledgeFinPayment),
    /** The next payment due, while the loan is being repaid (还息中); null otherwise. */
    nextPayment: Type.Union([PledgeFinDuePayment, Type.Null()]),
    /** The loan's balance while it is being repaid: every open payment's rest, penalty to date included. */
    owed: Type.Union([Yuan, Type.Null()]),
    /**
     * What the institution still owes the borrower of the proceeds of its bills that matured pledged, the
     * bank having refused the transfer; null when nothing is owed.
     */
    restOwed: Type.Union([Yuan, Type.Null()]),
    bills: Type.Array(PledgeFinBill),
    /** The sum of the bills' pledge values: the most that may be lent against them. */
    pledgeValue: Yuan,
    approverName: NullableText,
    opinion: NullableText,
    /** The cost as the record's terms give it; null while the draft lacks what it needs. */
    cost: Type.Union([PledgeCost, Type.Null()]),
  }),
]);
export type PledgeFinDetail = Static<typeof PledgeFinDetail>;

/** The detail's query: the entry link adds the business type it was opened for. */
export const PledgeFinDetailQuery = Type.Object({ bizType: Type.Optional(Typed(32)) });

/** One line of `GET /api/pledge-fin/{id}/op-history/list`. */
export const PledgeFinHistoryEntry = Type.Object({
  id: Type.String(),
  action: literalUnion(Object.values(PLEDGE_FIN_ACTION)),
  fromState: Type.Union([literalUnion(PLEDGE_FIN_STATES), Type.Null()]),
  toState: literalUnion(PLEDGE_FIN_STATES),
  operatorName: Type.String(),
  opinion: NullableText,
  at: Type.String(),
});
export type PledgeFinHistoryEntry = Static<typeof PledgeFinHistoryEntry>;
