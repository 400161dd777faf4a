/**
 * 提示付款 (docs/domain.md, payment): the holder presents a received holding to the acceptor, which answers
 * 付款 or 拒付; day-end presents what nobody presented on the maturity date and refuses what the acceptor left
 * unanswered. Plain values only: the SPA imports this file at run time; the shapes are in payment-schemas.ts.
 */

export const PAYMENT_URL = {
  /** `POST`: the holder presents a whole holding (a ledger act). */
  present: '/api/scbill/payment/present',
  /** `POST` (`:id` the application's): the acceptor pays, 线上 through the settlement accounts or 线下. */
  pay: '/api/scbill/payment/:id/pay',
  /** `POST` (`:id` the application's): the acceptor refuses with a reason code and its words. */
  refuse: '/api/scbill/payment/:id/refuse',
  /** `GET`: the organisation's presentations, made (`side=presenter`) or to answer (`side=acceptor`). */
  list: '/api/scbill/payment/list',
  /** `GET`: the organisation's received holdings due (or overdue) that it may present now. */
  candidates: '/api/scbill/payment/candidates',
} as const;

/** The 提示付款 page of the web app (its hash route, src/config/paths.ts payPrompt). */
export const PAY_PROMPT_HASH_PATH = '/chain-bill/pay-prompt';
/** The acceptor's to-do of a presentation opens the page on what it must answer. */
export const PAYMENT_TODO_LINK = `${PAY_PROMPT_HASH_PATH}?side=acceptor`;

/**
 * The presentation period: 10 calendar days from the maturity date, its last day moved to a business day
 * (Negotiable Instruments Law art. 53; Civil Code art. 201 for the counting).
 */
export const PRESENTATION_PERIOD_DAYS = 10;

/**
 * The acceptor answers by the end of the third business day counted from the day after the request, or after
 * the maturity date for a request made before it (票交所发〔2022〕2号); unanswered, day-end refuses it.
 */
export const PAYMENT_ANSWER_BUSINESS_DAYS = 3;

export const OVERDUE_REASON_MAX = 200;
export const PAYMENT_REFUSAL_TEXT_MAX = 200;

/** What the payment says on both statements. */
export const PAYMENT_REMARK = '票据到期付款';

/**
 * The acceptor's reasons for 拒付 (the codes SHCPE's refusal messages carry). DC07 answers a presentation
 * before maturity: the holder may present again at maturity. DC08 is the platform's when the acceptor's
 * account cannot pay; DC09 with the platform's words when the acceptor let the answer period pass.
 */
export const PAYMENT_REFUSAL = {
  DC00: '与自己有直接债权债务关系的持票人未履行约定义务',
  DC01: '持票人以欺诈、偷盗或者胁迫等手段取得票据',
  DC02: '持票人明知有欺诈、偷盗或者胁迫等情形，出于恶意取得票据',
  DC03: '持票人明知债务人与出票人或者持票人的前手之间存在抗辩事由而取得票据',
  DC04: '持票人因重大过失取得不符合《票据法》规定的票据',
  DC05: '超过提示付款期',
  DC06: '被法院冻结或收到法院止付通知书',
  DC07: '票据未到期',
  DC08: '承兑人账户余额不足',
  DC09: '其他',
} as const;
export type PaymentRefusalCode = keyof typeof PAYMENT_REFUSAL;
export const PAYMENT_REFUSAL_CODES = Object.keys(PAYMENT_REFUSAL) as PaymentRefusalCode[];
/** The reason that leaves the range to be presented again at maturity. */
export const REFUSAL_NOT_DUE: PaymentRefusalCode = 'DC07';
export const REFUSAL_NO_FUNDS: PaymentRefusalCode = 'DC08';
export const REFUSAL_OTHER: PaymentRefusalCode = 'DC09';

/**
 * How a presentation was made: by the holder, by day-end on the maturity date on the holder's behalf, or by
 * the pledgee of a bill that matured pledged (the institution's adapter, or day-end in its place).
 */
export const PRESENTED_BY = { holder: 'holder', system: 'system', pledgee: 'pledgee' } as const;
export type PresentedBy = (typeof PRESENTED_BY)[keyof typeof PRESENTED_BY];
export const PRESENTED_BY_LABEL: Record<PresentedBy, string> = {
  holder: '持票人提示',
  system: '到期自动提示',
  pledgee: '质权人提示',
};

/** Who refused: the acceptor, the bank (the acceptor's balance was short), day-end (no answer in time). */
export const REFUSED_BY = { acceptor: 'acceptor', funds: 'funds', timeout: 'timeout' } as const;
export type RefusedBy = (typeof REFUSED_BY)[keyof typeof REFUSED_BY];

/** Where a presentation stands. */
export const PAYMENT_STATE = {
  pending: 'pending',
  paid: 'paid',
  refused: 'refused',
  withdrawn: 'withdrawn',
} as const;
export type PaymentState = (typeof PAYMENT_STATE)[keyof typeof PAYMENT_STATE];
export const PAYMENT_STATES = Object.values(PAYMENT_STATE);
export const PAYMENT_STATE_LABEL: Record<PaymentState, string> = {
  pending: '待应答',
  paid: '已付款',
  refused: '已拒付',
  withdrawn: '已撤回',
};
export const PAYMENT_STATE_COLOR: Record<PaymentState, string> = {
  pending: 'gold',
  paid: 'green',
  refused: 'red',
  withdrawn: 'default',
};

export const PAYMENT_SIDES = ['presenter', 'acceptor'] as const;
export type PaymentSide = (typeof PAYMENT_SIDES)[number];
