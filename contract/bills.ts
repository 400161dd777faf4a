/**
 * The bill ledger: supply-chain bill packages, their holdings as sub-ticket ranges, the two-layer status and the
 * applications (issue, acceptance, receipt, endorsement) the counterparty signs or refuses. The spec does not
 * show these calls; docs/domain.md explains the design. Plain values only: the SPA imports this file at run
 * time; the shapes are declared in bills-schemas.ts.
 */
export const BILL_URL = {
  issue: '/api/scbill/bills/issue',
  endorse: '/api/scbill/bills/endorse',
  /** `{id}` of a package. */
  detail: '/api/scbill/bills/:id',
  acceptance: '/api/scbill/bills/:id/acceptance',
  delivery: '/api/scbill/bills/:id/delivery',
  revoke: '/api/scbill/bills/:id/revoke',
  held: '/api/scbill/bills/held',
  issued: '/api/scbill/bills/issued',
  pending: '/api/scbill/bill-applications/pending',
  mine: '/api/scbill/bill-applications/mine',
  /** `{id}` of an application. */
  sign: '/api/scbill/bill-applications/:id/sign',
  refuse: '/api/scbill/bill-applications/:id/refuse',
  withdraw: '/api/scbill/bill-applications/:id/withdraw',
  /** 签收 or 驳回 of several pending applications with one confirmation. */
  batchSign: '/api/scbill/bill-applications/batch-sign',
  batchRefuse: '/api/scbill/bill-applications/batch-refuse',
  counterparties: '/api/scbill/bill-counterparties',
  /** The caller's verified settlement accounts a bill may be signed into. */
  accounts: '/api/scbill/bill-accounts',
  /** 应付票据: what the caller, as acceptor, pays by date (`from`, `to`: due dates, inclusive). */
  payable: '/api/scbill/bills/payable',
} as const;

/** The 待签收 workbench of the web app (its hash route, src/config/paths.ts signWorkbench). */
export const SIGN_WORKBENCH_HASH_PATH = '/chain-bill/sign-workbench';
/** The workbench's query parameter naming the bill (package id) it opens on. */
export const SIGN_WORKBENCH_BILL_PARAM = 'bill';
/** Where the to-do notice of an application leads its receiver: the workbench open on that bill. */
export const signWorkbenchLink = (packageId: string): string =>
  `${SIGN_WORKBENCH_HASH_PATH}?${SIGN_WORKBENCH_BILL_PARAM}=${encodeURIComponent(packageId)}`;

/** Digit 1 of a package number: 7 is a supply-chain commercial bill. */
export const BILL_KIND_SUPPLY_CHAIN_COMMERCIAL = '7';
export const PACKAGE_NO_LENGTH = 30;
export const PACKAGE_NO_PATTERN = /^[78]\d{29}$/;
/** Sub-ticket numbers are written as 12 zero-padded digits: the largest face is 999,999,999,999 fen. */
export const SUB_TICKET_DIGITS = 12;
export const MAX_FACE_FEN = 10 ** SUB_TICKET_DIGITS - 1;
/** Since 2023 the longest term of a commercial draft is 6 months from issue to maturity. */
export const BILL_TERM_MAX_MONTHS = 6;
export const BILL_REMARK_MAX = 200;
export const REFUSAL_REASON_MAX = 200;

/** Bill status, the first layer (SHCPE CS01..CS06), with the labels enterprise screens use. */
export const BILL_STATUS = {
  issued: 'CS01',
  accepted: 'CS02',
  received: 'CS03',
  matured: 'CS04',
  terminated: 'CS05',
  settled: 'CS06',
} as const;
export type BillStatus = (typeof BILL_STATUS)[keyof typeof BILL_STATUS];
export const BILL_STATUS_LABEL: Record<BillStatus, string> = {
  CS01: '已出票',
  CS02: '已承兑',
  CS03: '已收票',
  CS04: '已到期',
  CS05: '已终止',
  CS06: '已结清',
};

/** Circulation flag, the second layer (SHCPE TF0101..TF0501). */
export const CIRCULATION = {
  awaitingReceipt: 'TF0101',
  negotiable: 'TF0301',
  locked: 'TF0302',
  notTransferable: 'TF0303',
  pledged: 'TF0304',
  awaitingRedemption: 'TF0305',
  collecting: 'TF0401',
  recourse: 'TF0402',
  ended: 'TF0501',
  /**
   * 已冻结 (docs/domain.md, freezes): a range an authority's order froze. SHCPE's published flags name no
   * frozen state, so this code is the platform's own; nothing may be done with the range until it is lifted.
   */
  frozen: 'FZ01',
} as const;
export type CirculationFlag = (typeof CIRCULATION)[keyof typeof CIRCULATION];
export const CIRCULATION_LABEL: Record<CirculationFlag, string> = {
  TF0101: '待收票',
  TF0301: '可流通',
  TF0302: '已锁定',
  TF0303: '不可转让',
  TF0304: '已质押',
  TF0305: '待赎回',
  TF0401: '托收在途',
  TF0402: '追索中',
  TF0501: '已结束',
  FZ01: '已冻结',
};
/** The colour of each status tag (antd preset colours). */
export const BILL_STATUS_COLOR: Record<BillStatus, string> = {
  CS01: 'blue',
  CS02: 'cyan',
  CS03: 'green',
  CS04: 'orange',
  CS05: 'default',
  CS06: 'purple',
};
export const CIRCULATION_COLOR: Record<CirculationFlag, string> = {
  TF0101: 'gold',
  TF0301: 'green',
  TF0302: 'red',
  TF0303: 'volcano',
  TF0304: 'magenta',
  TF0305: 'magenta',
  TF0401: 'geekblue',
  TF0402: 'red',
  TF0501: 'default',
  FZ01: 'blue',
};

/** What an application asks the counterparty to sign. */
export const APPLICATION_KIND = {
  acceptance: 'acceptance',
  receipt: 'receipt',
  endorsement: 'endorsement',
  /** To a financial institution, which answers through its adapter (docs/domain.md, discount). */
  discount: 'discount',
  /** To a financial institution, which answers through its adapter (docs/domain.md, pledge). */
  pledge: 'pledge',
  /**
   * The pledgee's request to release a pledge, which the pledgor answers. An institution asks it, and an
   * institution has no members to be an application's applicant, so it is kept on the pledge
   * (bill_pledge_releases) and appears here only as the kind of its events in the bill's history.
   */
  pledgeRelease: 'pledgeRelease',
  /** 提示付款 to the acceptor, answered 付款 or 拒付 on its own page (docs/domain.md, payment). */
  payment: 'payment',
} as const;
export type ApplicationKind = (typeof APPLICATION_KIND)[keyof typeof APPLICATION_KIND];
export const APPLICATION_KIND_LABEL: Record<ApplicationKind, string> = {
  acceptance: '提示承兑',
  receipt: '提示收票',
  endorsement: '转让背书',
  discount: '贴现',
  pledge: '质押',
  pledgeRelease: '质押解除',
  payment: '提示付款',
};
/** The older 6-digit labels enterprise screens show for a pending application. */
export const APPLICATION_PENDING_LABEL: Record<ApplicationKind, string> = {
  acceptance: '提示承兑待签收',
  receipt: '提示收票待签收',
  endorsement: '背书待签收',
  discount: '贴现待签收',
  pledge: '质押待签收',
  pledgeRelease: '质押解除待签收',
  payment: '提示付款待签收',
};

export const APPLICATION_STATUS = {
  pending: 'pending',
  signed: 'signed',
  refused: 'refused',
  withdrawn: 'withdrawn',
  /** 清退: still waiting when its bill matured, closed by the day-end (docs/domain.md, the business day). */
  cleared: 'cleared',
} as const;
export type ApplicationStatus = (typeof APPLICATION_STATUS)[keyof typeof APPLICATION_STATUS];
export const APPLICATION_STATUS_LABEL: Record<ApplicationStatus, string> = {
  pending: '待签收',
  signed: '已签收',
  refused: '已驳回',
  withdrawn: '已撤回',
  cleared: '已清退',
};
export const APPLICATION_STATUS_COLOR: Record<ApplicationStatus, string> = {
  pending: 'gold',
  signed: 'green',
  refused: 'red',
  withdrawn: 'default',
  cleared: 'default',
};

/** Events of a bill's history (the chain). */
export const BILL_EVENT = {
  issued: 'issued',
  applied: 'applied',
  signed: 'signed',
  refused: 'refused',
  withdrawn: 'withdrawn',
  revoked: 'revoked',
  /** 到期清退: an application still waiting at maturity, closed by the day-end. */
  cleared: 'cleared',
  /** 保证 (docs/domain.md, guarantee): the application, the guarantor's signature, refusal, withdrawal. */
  guaranteeApplied: 'guaranteeApplied',
  guaranteed: 'guaranteed',
  guaranteeRefused: 'guaranteeRefused',
  guaranteeWithdrawn: 'guaranteeWithdrawn',
  /** 到期清退 of a guarantee application nobody answered by maturity. */
  guaranteeCleared: 'guaranteeCleared',
  /** 冻结 and 解除冻结, registered from outside the platform (docs/domain.md, freezes). */
  frozen: 'frozen',
  unfrozen: 'unfrozen',
  /**
   * 追索 (docs/domain.md, recourse): the notice, the party's 同意清偿, the holder's refusal or signature, and the
   * holder's withdrawal of a notice not yet answered.
   */
  recourseNotified: 'recourseNotified',
  recourseAgreed: 'recourseAgreed',
  recourseRejected: 'recourseRejected',
  recoursePaid: 'recoursePaid',
  recourseWithdrawn: 'recourseWithdrawn',
} as const;
export type BillEventType = (typeof BILL_EVENT)[keyof typeof BILL_EVENT];
export const BILL_EVENT_LABEL: Record<BillEventType, string> = {
  issued: '出票信息登记',
  applied: '申请',
  signed: '签收',
  refused: '驳回',
  withdrawn: '撤回',
  revoked: '撤票',
  cleared: '到期清退',
  guaranteeApplied: '保证申请',
  guaranteed: '保证签收',
  guaranteeRefused: '保证驳回',
  guaranteeWithdrawn: '保证撤回',
  guaranteeCleared: '保证到期清退',
  frozen: '冻结',
  unfrozen: '解除冻结',
  recourseNotified: '追索通知',
  recourseAgreed: '同意清偿',
  recourseRejected: '驳回同意清偿',
  recoursePaid: '追索清偿签收',
  recourseWithdrawn: '撤回追索通知',
};

/**
 * The acts a user can take on a row of the ledger's lists, each one ledger command. Which are offered in a
 * state is decided here alone (holdingActs, applicationActs): the server sends them with every row, and its
 * commands allow exactly these (server/test/modules/bills/bill-states.test.ts).
 */
export const BILL_ACT = {
  /** 重新提示承兑: after the acceptor refused or the drawer withdrew. */
  requestAcceptance: 'requestAcceptance',
  /** 再次提示收票: after the payee refused or the drawer withdrew. */
  requestReceipt: 'requestReceipt',
  /** 撤票: the drawer's, until the payee signs. */
  revoke: 'revoke',
  endorse: 'endorse',
  /** 质押 of all or the front of a negotiable range to an institution (the pledge form does it). */
  pledge: 'pledge',
  sign: 'sign',
  refuse: 'refuse',
  withdraw: 'withdraw',
  /** 提示付款 (or 逾期提示付款 with a reason) of a whole received holding, before or after maturity. */
  presentPayment: 'presentPayment',
  /** The acceptor's answers to a 提示付款: 付款, 拒付. */
  pay: 'pay',
  refusePayment: 'refusePayment',
} as const;
export type BillAct = (typeof BILL_ACT)[keyof typeof BILL_ACT];

/** The rows selected for one batch 签收 or 驳回 on the 待签收 workbench: one confirmation for all of them. */
export const BATCH_ANSWER_MAX = 50;

/** What decides a holding's acts: its stored statuses, whether it is current, and the bill's terms. */
export interface HoldingState {
  /** The stored bill status (CS03 stays CS03 after maturity; `today` tells). */
  billStatus: string;
  circulation: string;
  current: boolean;
  noTransfer: boolean;
  /** YYYY-MM-DD */
  dueDate: string;
}

/**
 * Presentation for payment ends two years after maturity, when the holder's rights against the drawer and
 * the acceptor lapse (Negotiable Instruments Law art. 17).
 */
export const PAYMENT_RIGHTS_YEARS = 2;

/** A received range rests at one of these while it may still be presented for payment. */
const PRESENTABLE_CIRCULATION: ReadonlySet<string> = new Set([
  CIRCULATION.negotiable,
  CIRCULATION.notTransferable,
]);

/** The last day a holding maturing on `dueDate` may be presented (its lapse, calendar months on). */
export const presentationLastDay = (dueDate: string): string => {
  const [y = 0, m = 1, d = 1] = dueDate.split('-').map(Number);
  const target = new Date(Date.UTC(y + PAYMENT_RIGHTS_YEARS, m - 1, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
};

/**
 * The acts on a holding; none on a frozen one until the freeze is lifted. Before receipt only the drawer
 * holds the bill (CS01 registered, CS02 accepted): it
 * may ask again (when nothing is pending and the bill has not matured) or withdraw the bill. A received,
 * transferable range may be endorsed or pledged until its maturity date; a received range at rest
 * (transferable or 不得转让) may be presented for payment, before maturity too, until its rights lapse. A
 * pledged range (TF0304) allows nothing until its pledgee releases it; a settled (TF0501), refused or pursued
 * (TF0402) or locked range allows nothing either.
 */
export function holdingActs(holding: HoldingState, today: string): BillAct[] {
  if (!holding.current || holding.circulation === CIRCULATION.frozen) return [];
  const matured = today >= holding.dueDate;
  if (holding.billStatus === BILL_STATUS.issued || holding.billStatus === BILL_STATUS.accepted) {
    const again =
      holding.billStatus === BILL_STATUS.issued ? BILL_ACT.requestAcceptance : BILL_ACT.requestReceipt;
    const waiting = holding.circulation === CIRCULATION.locked;
    return waiting || matured ? [BILL_ACT.revoke] : [again, BILL_ACT.revoke];
  }
  if (holding.billStatus !== BILL_STATUS.received) return [];
  const acts: BillAct[] = [];
  if (holding.circulation === CIRCULATION.negotiable && !holding.noTransfer && !matured) {
    acts.push(BILL_ACT.endorse, BILL_ACT.pledge);
  }
  if (PRESENTABLE_CIRCULATION.has(holding.circulation) && today <= presentationLastDay(holding.dueDate)) {
    acts.push(BILL_ACT.presentPayment);
  }
  return acts;
}

/**
 * The acts on an application, for the side that sees it: the receiver signs (not on or after the maturity
 * date) or refuses, the applicant withdraws; once answered, none. A 提示付款 is answered by the acceptor
 * with 付款 or 拒付, at any date while it waits.
 */
export function applicationActs(
  application: { status: string; side: 'receiver' | 'applicant'; dueDate: string; kind?: string },
  today: string,
): BillAct[] {
  if (application.status !== APPLICATION_STATUS.pending) return [];
  if (application.side === 'applicant') return [BILL_ACT.withdraw];
  if (application.kind === APPLICATION_KIND.payment) return [BILL_ACT.pay, BILL_ACT.refusePayment];
  return today >= application.dueDate ? [BILL_ACT.refuse] : [BILL_ACT.sign, BILL_ACT.refuse];
}

/** `000000000001-000120000000`. */
export const subTicketRange = (start: number, end: number): string =>
  `${String(start).padStart(SUB_TICKET_DIGITS, '0')}-${String(end).padStart(SUB_TICKET_DIGITS, '0')}`;

/** The range of a package that may not be split (docs/domain.md): it is not divided into sub-tickets. */
export const WHOLE_PACKAGE_RANGE = '0';

/** A range as the platform shows and sends it: `0` for a bill that may not be split, else its sub-tickets. */
export const billRange = (splittable: boolean, start: number, end: number): string =>
  splittable ? subTicketRange(start, end) : WHOLE_PACKAGE_RANGE;

/** The range that leaves when `amountFen` of the holding `[start, end]` is endorsed: always its front. */
export const leavingRange = (start: number, amountFen: number): [number, number] => [
  start,
  start + amountFen - 1,
];

/** The longest counterparty text a bill list's filter takes. */
export const COUNTERPARTY_FILTER_MAX = 64;
