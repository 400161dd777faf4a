/**
 * Pledge financing (质押融资, docs/domain.md: pledge financing): an organisation borrows from a financial
 * institution against bills it holds. The products each institution offers, the organisation's credit line
 * with it, the real-time cost, the application from draft to repayment, and its history.
 */

export const PLEDGE_FIN_URL = {
  /** `POST` (no body): every institution's pledge financing products. */
  configList: '/api/pledge-fin/config/list',
  /** `GET` (`:id` the caller's organisation): its credit lines with each institution and its settlement account. */
  orgFinanceConfig: '/api/scbill/basic-data/:id/org-finance/config',
  /** `POST`: the real-time cost of a loan (interest, fee, net amount, schedule), as the form changes. */
  costCal: '/api/scbill/pledge/cost/real-time/cal',
  /** `POST`: keeps an application as a draft (524000000), new or the caller's own draft. */
  save: '/api/pledge-fin/save',
  /** `POST`: submits an application for the organisation's internal approval. */
  create: '/api/pledge-fin',
  /** `PUT`: a second member approves or rejects a submitted application. */
  approve: '/api/pledge-fin/approve',
  /** `PUT`: withdraws an application before the money is paid out. */
  cancel: '/api/pledge-fin/cancel',
  /** `POST`, paging in the query, filters in the body: the organisation's financings, newest first. */
  pageByPledger: '/api/pledge-fin/page/by-pledger',
  /** `GET`: one financing with its bills and its schedule. */
  detail: '/api/pledge-fin/:id/detail',
  /** `GET`: who did what to a financing, when, with their opinion. */
  opHistory: '/api/pledge-fin/:id/op-history/list',
  /** `POST`: pays a scheduled interest (or the principal at the end) from the settlement account. */
  interestPayment: '/api/pledge-fin/interest-payment',
  /**
   * `GET`: the financing's loan contract and pledge contract, drafted once it is approved; the sign page
   * signs them by the e-contract batch sign.
   */
  contracts: '/api/pledge-fin/:id/contracts',
  /**
   * `PUT`: asks the institution to pay out again a financing whose pay-out its bank refused (放款中); refused
   * while another attempt is under way or once it is paid out.
   */
  payoutRetry: '/api/pledge-fin/payout/retry',
  /**
   * `PUT`: asks the institution to transfer again what the proceeds of a bill that matured pledged left
   * over for the borrower, when its bank refused the transfer; refused once nothing is owed.
   */
  restRetry: '/api/pledge-fin/rest/retry',
  /**
   * `PUT`: asks the institution again to sign its side of the financing's contracts, when its e-sign
   * service failed to; refused while its signature is under way or made.
   */
  countersignRetry: '/api/pledge-fin/countersign/retry',
} as const;

/**
 * The states of a financing. The spec shows three numbers (524000000 open-add, 524000080 sign, 524000240
 * interest); the others are named in the same series, each step a multiple of 40 so the order reads from
 * the number.
 */
export const PLEDGE_FIN_STATE = {
  /** 待提交: a draft the applicant is still filling in (the open-add page). */
  draft: '524000000',
  /** 待审批: submitted, waiting for a second member's approval. */
  approving: '524000040',
  /** 待签约: approved; the loan and pledge contracts are to be signed (the sign page). */
  signing: '524000080',
  /** 放款中: both contracts signed; the bills are being pledged and the money paid out. */
  lending: '524000160',
  /** 还息中: the money is paid out; interest falls due on the schedule (the interest page). */
  repaying: '524000240',
  /** 已结清: principal and interest repaid, the bills released. */
  settled: '524000320',
  /** 已驳回: the approver refused it; the bills are free again. */
  rejected: '524000900',
  /** 已取消: withdrawn by the applicant before the money was paid out. */
  cancelled: '524000920',
} as const;
export type PledgeFinState = (typeof PLEDGE_FIN_STATE)[keyof typeof PLEDGE_FIN_STATE];
export const PLEDGE_FIN_STATES: readonly PledgeFinState[] = Object.values(PLEDGE_FIN_STATE);

export const PLEDGE_FIN_STATE_LABEL: Record<PledgeFinState, string> = {
  '524000000': '待提交',
  '524000040': '待审批',
  '524000080': '待签约',
  '524000160': '放款中',
  '524000240': '还息中',
  '524000320': '已结清',
  '524000900': '已驳回',
  '524000920': '已取消',
};

/** The states whose bills are taken by the financing and whose principal counts against the credit line. */
export const PLEDGE_FIN_OPEN_STATES: readonly PledgeFinState[] = [
  PLEDGE_FIN_STATE.approving,
  PLEDGE_FIN_STATE.signing,
  PLEDGE_FIN_STATE.lending,
  PLEDGE_FIN_STATE.repaying,
];

/** The states the applicant may still cancel from: before any money is paid out. */
export const PLEDGE_FIN_CANCELLABLE: readonly PledgeFinState[] = [
  PLEDGE_FIN_STATE.draft,
  PLEDGE_FIN_STATE.approving,
  PLEDGE_FIN_STATE.signing,
];

/** The start page's sub-page for each state the spec names; every other state opens the detail. */
export const PLEDGE_FIN_START_PAGE: Readonly<Record<string, 'open-add' | 'sign' | 'interest'>> = {
  [PLEDGE_FIN_STATE.draft]: 'open-add',
  [PLEDGE_FIN_STATE.signing]: 'sign',
  [PLEDGE_FIN_STATE.repaying]: 'interest',
};

/** Where a financing's to-do leads: its detail on the start page (src/config/paths.ts pledgeFinancingStart). */
export const pledgeFinDetailLink = (id: string): string =>
  `/chain-bill/pledge-business/pledge-financing-start/sub-page/detail/${encodeURIComponent(id)}`;

/** Where a lent financing's to-do leads: its interest page, where the scheduled payments are paid. */
export const pledgeFinInterestLink = (id: string): string =>
  `/chain-bill/pledge-business/pledge-financing-start/sub-page/interest/${encodeURIComponent(id)}`;

/** How interest is paid: monthly or quarterly on the 20th, or all of it with the principal. */
export const REPAYMENT_MODE = {
  monthly: 'MONTHLY',
  quarterly: 'QUARTERLY',
  atMaturity: 'AT_MATURITY',
} as const;
export type RepaymentMode = (typeof REPAYMENT_MODE)[keyof typeof REPAYMENT_MODE];
export const REPAYMENT_MODES: readonly RepaymentMode[] = Object.values(REPAYMENT_MODE);
export const REPAYMENT_MODE_LABEL: Record<RepaymentMode, string> = {
  MONTHLY: '按月付息，到期还本',
  QUARTERLY: '按季付息，到期还本',
  AT_MATURITY: '利随本清',
};

/** Banks settle periodic interest on the 20th (结息日). */
export const INTEREST_SETTLEMENT_DAY = 20;
/** Quarterly interest falls on the 20th of these months. */
export const QUARTER_END_MONTHS: readonly number[] = [3, 6, 9, 12];

/** The year the annual rate is spread over when a product names none. */
export const DEFAULT_DAY_BASIS = 360;
export const DAY_BASES: readonly number[] = [360, 365];

/** Rates are per cent with at most this many decimals; at or above the cap they are typing mistakes. */
export const PLEDGE_FIN_RATE_DECIMALS = 4;
export const PLEDGE_FIN_RATE_MAX_PERCENT = 24;

/** The largest principal the calculator takes, in fen: ten trillion yuan, far beyond any credit line. */
export const PLEDGE_FIN_PRINCIPAL_MAX_FEN = 1_000_000_000_000_000;

/** No loan runs longer than this from its value date (a bill runs a year at most). */
export const PLEDGE_FIN_TERM_MAX_DAYS = 366;

/** At most this many bills back one financing. */
export const PLEDGE_FIN_BILLS_MAX = 20;

/** What a purpose, an opinion and a cancellation reason may hold. */
export const PURPOSE_MAX = 100;
export const OPINION_MAX = 200;

/** The approver's answer. */
export const APPROVAL_RESULT = { approve: 'APPROVE', reject: 'REJECT' } as const;
export type ApprovalResult = (typeof APPROVAL_RESULT)[keyof typeof APPROVAL_RESULT];

/** What the history records of each act. */
export const PLEDGE_FIN_ACTION = {
  save: 'SAVE',
  submit: 'SUBMIT',
  approve: 'APPROVE',
  reject: 'REJECT',
  cancel: 'CANCEL',
  sign: 'SIGN',
  payOut: 'PAY_OUT',
  payInterest: 'PAY_INTEREST',
  repay: 'REPAY',
} as const;
export type PledgeFinAction = (typeof PLEDGE_FIN_ACTION)[keyof typeof PLEDGE_FIN_ACTION];
export const PLEDGE_FIN_ACTION_LABEL: Record<PledgeFinAction, string> = {
  SAVE: '保存草稿',
  SUBMIT: '提交申请',
  APPROVE: '审批通过',
  REJECT: '审批驳回',
  CANCEL: '取消申请',
  SIGN: '签署合同',
  PAY_OUT: '放款',
  PAY_INTEREST: '支付利息',
  REPAY: '归还本金',
};

/** What the pay-out and the repayments say on both statements. */
export const PLEDGE_FIN_REMARK = {
  payOut: '质押融资放款',
  interest: '质押融资利息',
  principal: '质押融资还本',
  /** What the pledgee pays the borrower of the proceeds of a matured bill beyond what the loan owed. */
  proceedsRest: '质押票据到期款余额',
};
