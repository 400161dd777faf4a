import { Type, type Static } from 'typebox';
import { BILL_ACT } from './bills';
import { CLEARINGS } from './discount';
import { literalUnion } from './common-schemas';
import { PageQuery } from './envelope-schemas';
import {
  OVERDUE_REASON_MAX,
  PAYMENT_REFUSAL_CODES,
  PAYMENT_REFUSAL_TEXT_MAX,
  PAYMENT_SIDES,
  PAYMENT_STATES,
  PRESENTED_BY,
  REFUSED_BY,
} from './payment';

/**
 * The wire shapes of payment.ts's domain, each declared once: a TypeBox schema the server validates with,
 * and its type that the SPA imports with `import type`.
 */

const Yuan = Type.String();
const DateText = Type.String({ maxLength: 16 });

/** `POST /api/scbill/payment/present` */
export const PaymentPresentRequest = Type.Object({
  /** The holding presented, all of it. */
  holdingId: Type.String({ maxLength: 64 }),
  /** 逾期提示付款 only (after the presentation period): why it is late. The server checks it is given. */
  overdueReason: Type.Optional(Type.String({ maxLength: OVERDUE_REASON_MAX })),
});
export type PaymentPresentRequest = Static<typeof PaymentPresentRequest>;

/** `POST /api/scbill/payment/:id/pay`: 线上 (SM00) when absent. */
export const PaymentPayRequest = Type.Object({
  clearing: Type.Optional(literalUnion(CLEARINGS)),
});
export type PaymentPayRequest = Static<typeof PaymentPayRequest>;

/** `POST /api/scbill/payment/:id/refuse` */
export const PaymentRefuseRequest = Type.Object({
  code: literalUnion(PAYMENT_REFUSAL_CODES),
  /** The acceptor's words; required with DC09 (其他). */
  text: Type.Optional(Type.String({ maxLength: PAYMENT_REFUSAL_TEXT_MAX })),
});
export type PaymentRefuseRequest = Static<typeof PaymentRefuseRequest>;

/** `GET /api/scbill/payment/list` */
export const PaymentListQuery = Type.Object({
  page: PageQuery.properties.page,
  size: PageQuery.properties.size,
  side: literalUnion(PAYMENT_SIDES),
  state: Type.Optional(literalUnion(PAYMENT_STATES)),
  /** A fragment of the package number. */
  packageNo: Type.Optional(Type.String({ maxLength: 30 })),
  /** Maturity between these dates, both inclusive (YYYY-MM-DD). */
  dueFrom: Type.Optional(DateText),
  dueTo: Type.Optional(DateText),
});
export type PaymentListQuery = Static<typeof PaymentListQuery>;

/** One presentation as either side sees it. */
export const PaymentRecord = Type.Object({
  /** The application's id. */
  id: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  range: Type.String(),
  amount: Yuan,
  maturityDate: Type.String(),
  presenter: Type.Object({ orgId: Type.String(), name: Type.String() }),
  acceptor: Type.Object({ orgId: Type.String(), name: Type.String() }),
  presentedBy: literalUnion(Object.values(PRESENTED_BY)),
  /** The Shanghai date of the presentation. */
  presentedOn: Type.String(),
  overdue: Type.Boolean(),
  overdueReason: Type.Union([Type.String(), Type.Null()]),
  /** The last day of the acceptor's answer; day-end refuses what is still waiting after it. */
  answerDue: Type.String(),
  /** ISO time: that day's close, when the day-end refuses what is still waiting. */
  answerDueAt: Type.String(),
  /**
   * Seconds from the server's clock to `answerDueAt` when the answer is read, 0 once passed; null once the
   * presentation is answered. A countdown runs from it (the server's clock, which the sandbox may move).
   */
  answerLeftSeconds: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  state: literalUnion(PAYMENT_STATES),
  clearing: Type.Union([literalUnion(CLEARINGS), Type.Null()]),
  refusedBy: Type.Union([literalUnion(Object.values(REFUSED_BY)), Type.Null()]),
  refusalCode: Type.Union([literalUnion(PAYMENT_REFUSAL_CODES), Type.Null()]),
  refusalText: Type.Union([Type.String(), Type.Null()]),
  /** ISO times. */
  presentedAt: Type.String(),
  answeredAt: Type.Union([Type.String(), Type.Null()]),
  /** What the caller may do now: pay, refusePayment (the acceptor), withdraw (the presenter). */
  actions: Type.Array(literalUnion(Object.values(BILL_ACT))),
});
export type PaymentRecord = Static<typeof PaymentRecord>;

/** `GET /api/scbill/payment/candidates` */
export const PaymentCandidateQuery = Type.Object({
  page: PageQuery.properties.page,
  size: PageQuery.properties.size,
});
export type PaymentCandidateQuery = Static<typeof PaymentCandidateQuery>;

/** A received holding of the caller's, due, that it may present now (逾期提示付款 with a reason when overdue). */
export const PaymentCandidate = Type.Object({
  holdingId: Type.String(),
  packageId: Type.String(),
  packageNo: Type.String(),
  range: Type.String(),
  amount: Yuan,
  maturityDate: Type.String(),
  acceptor: Type.Object({ orgId: Type.String(), name: Type.String() }),
  /** The presentation period's last day (10 days on, moved to a business day). */
  periodEnd: Type.String(),
  /** Past the period: only 逾期提示付款, with a written reason. */
  overdue: Type.Boolean(),
  /** The last day it may be presented at all (its rights lapse after it). */
  lastDay: Type.String(),
});
export type PaymentCandidate = Static<typeof PaymentCandidate>;
