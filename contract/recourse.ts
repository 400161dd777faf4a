/**
 * 追索 and 同意清偿 (docs/domain.md, recourse): the holder of a refused range sends recourse notices to
 * earlier parties; a party pursued agrees to pay (同意清偿), the holder signs, and the range is settled or
 * passes to the payer, who may pursue its own earlier parties. Plain values only: the SPA imports this file at
 * run time; the shapes are declared in recourse-schemas.ts.
 */

export const RECOURSE_URL = {
  /** `GET`: the caller's ranges under recourse, each with the parties it may pursue and today's claim. */
  candidates: '/api/scbill/recourse/candidates',
  /** `POST`: a recourse notice to one or several earlier parties (a ledger act). */
  notify: '/api/scbill/recourse/notify',
  /** `POST`: the proof of a 非拒付追索 (the body is the file: PDF, JPEG or PNG). */
  attachment: '/api/scbill/recourse/attachments',
  /** `GET` (`:id` the attachment's): the proof, to the organisations of the notices that carry it. */
  attachmentFile: '/api/scbill/recourse/attachments/:id',
  /** `POST` (`:id` the notice's): the party pursued agrees to pay (同意清偿). */
  agree: '/api/scbill/recourse/:id/agree',
  /** `POST`: the holder refuses the party's 同意清偿, with a reason; the notice waits again. */
  reject: '/api/scbill/recourse/:id/reject',
  /** `POST`: the holder signs the 同意清偿: the money moves (线上) and the range is settled or passes on. */
  sign: '/api/scbill/recourse/:id/sign',
  /** `POST`: the holder withdraws (撤回) a notice the party has not answered. */
  withdraw: '/api/scbill/recourse/:id/withdraw',
  /** `GET`, paging, `side`, `status` and `packageNo` in the query: the caller's notices, newest first. */
  list: '/api/scbill/recourse/list',
  /**
   * Sandbox, `POST` (`:id` the pledge's): the pledgee institution, refused at maturity, sends a recourse
   * notice for the pledged range, as a bank's system would through its adapter. `GET`: what it may pursue
   * for the range (the parties it may reach, its window and today's claim), for the sandbox page's form.
   */
  sandboxNotify: '/api/sandbox/institution/pledges/:id/recourse',
  /** Sandbox, `GET`: the notices the institutions sent as pledgees, newest first, with their open acts. */
  sandboxNotices: '/api/sandbox/institution/recourse',
  /** Sandbox, `POST` (`:id` the notice's): the pledgee institution signs or refuses a 同意清偿. */
  sandboxAnswer: '/api/sandbox/institution/recourse/:id/answer',
  /** Sandbox, `POST` (`:id` the notice's): the pledgee institution withdraws a notice not yet answered. */
  sandboxWithdraw: '/api/sandbox/institution/recourse/:id/withdraw',
} as const;

/** How a pursuer that is the range's pledgee is named beside its name, in the list and its export. */
export const PLEDGEE_LABEL = '质权人';

/** The 追索 page of the web app (its hash route, src/config/paths.ts recourse). */
export const RECOURSE_HASH_PATH = '/chain-bill/recourse';
/** Where a pursued party's to-do leads: the page open on the notices it must answer. */
export const RECOURSE_TODO_LINK = `${RECOURSE_HASH_PATH}?side=debtor`;
/** Where the holder's to-do (a 同意清偿 to sign) leads. */
export const RECOURSE_SIGN_LINK = `${RECOURSE_HASH_PATH}?side=pursuer`;

/**
 * The platform's annual rate for recourse interest, per cent: the law asks for the People's Bank of China's
 * rate (Negotiable Instruments Law art. 70); this is its one-year benchmark lending rate, in force since
 * 2015-10-24. Interest runs on 360 days, from the maturity date to the day of payment.
 */
export const RECOURSE_INTEREST_RATE = '4.3500';
export const RECOURSE_DAY_COUNT_BASIS = 360;

/** 拒付追索 within six months of the refusal (Negotiable Instruments Law art. 17). */
export const RECOURSE_MONTHS = 6;
/** 再追索 within three months of the day the payer paid. */
export const FURTHER_RECOURSE_MONTHS = 3;

/** SHCPE's business types of a recourse notice: BC14 拒付追索, BC15 非拒付追索. */
export const RECOURSE_KIND = { refusal: 'BC14', nonRefusal: 'BC15' } as const;
export type RecourseKind = (typeof RECOURSE_KIND)[keyof typeof RECOURSE_KIND];
export const RECOURSE_KINDS: readonly RecourseKind[] = Object.values(RECOURSE_KIND);
export const RECOURSE_KIND_LABEL: Record<RecourseKind, string> = { BC14: '拒付追索', BC15: '非拒付追索' };

/**
 * What a claim is reckoned on: the range's face from maturity (a first recourse, Negotiable Instruments Law
 * art. 70), or what the pursuer paid from the day it paid (a further recourse, art. 71).
 */
export const CLAIM_BASIS = { face: 'face', paid: 'paid' } as const;
export type ClaimBasisKind = (typeof CLAIM_BASIS)[keyof typeof CLAIM_BASIS];
export const CLAIM_BASES: readonly ClaimBasisKind[] = Object.values(CLAIM_BASIS);

/**
 * Why a holder pursues before maturity (Negotiable Instruments Law art. 61). SHCPE publishes no codes for
 * these; the NR codes are the platform's own.
 */
export const NON_REFUSAL_REASON = {
  NR01: '承兑人被依法宣告破产',
  NR02: '承兑人已解散',
  NR03: '承兑人因违法被责令终止业务活动',
} as const;
export type NonRefusalReason = keyof typeof NON_REFUSAL_REASON;
export const NON_REFUSAL_REASONS = Object.keys(NON_REFUSAL_REASON) as NonRefusalReason[];

/** The proof of a 非拒付追索: a PDF or an image of the court's ruling or the registry's record. */
export const RECOURSE_ATTACHMENT_MAX_BYTES = 5 * 1024 * 1024;

/**
 * Where a notice stands: waiting for the party, its 同意清偿 waiting for the holder, paid, ended (another party
 * paid the range), or withdrawn by the holder before the party answered.
 */
export const RECOURSE_STATUS = {
  notified: 'notified',
  agreed: 'agreed',
  paid: 'paid',
  closed: 'closed',
  withdrawn: 'withdrawn',
} as const;
export type RecourseStatus = (typeof RECOURSE_STATUS)[keyof typeof RECOURSE_STATUS];
export const RECOURSE_STATUSES: readonly RecourseStatus[] = Object.values(RECOURSE_STATUS);
export const RECOURSE_STATUS_LABEL: Record<RecourseStatus, string> = {
  notified: '待清偿',
  agreed: '同意清偿待签收',
  paid: '已清偿',
  closed: '已终止',
  withdrawn: '已撤回',
};
export const RECOURSE_STATUS_COLOR: Record<RecourseStatus, string> = {
  notified: 'gold',
  agreed: 'blue',
  paid: 'green',
  closed: 'default',
  withdrawn: 'default',
};

/** The role in which a party is pursued. */
export const DEBTOR_ROLE = {
  acceptor: 'acceptor',
  drawer: 'drawer',
  endorser: 'endorser',
  guarantor: 'guarantor',
} as const;
export type DebtorRole = (typeof DEBTOR_ROLE)[keyof typeof DEBTOR_ROLE];
export const DEBTOR_ROLES: readonly DebtorRole[] = Object.values(DEBTOR_ROLE);
export const DEBTOR_ROLE_LABEL: Record<DebtorRole, string> = {
  acceptor: '承兑人',
  drawer: '出票人',
  endorser: '背书人',
  guarantor: '保证人',
};

/** Which notices a list shows: those the caller sent, or those it is asked to pay. */
export const RECOURSE_SIDE = { pursuer: 'pursuer', debtor: 'debtor' } as const;
export type RecourseSide = (typeof RECOURSE_SIDE)[keyof typeof RECOURSE_SIDE];
export const RECOURSE_SIDES: readonly RecourseSide[] = Object.values(RECOURSE_SIDE);

/**
 * What the caller may do with a notice now: the party agrees, the holder rejects or signs the agreement, or
 * withdraws a notice the party has not answered.
 */
export const RECOURSE_ACT = { agree: 'agree', reject: 'reject', sign: 'sign', withdraw: 'withdraw' } as const;
export type RecourseAct = (typeof RECOURSE_ACT)[keyof typeof RECOURSE_ACT];
export const RECOURSE_ACTS: readonly RecourseAct[] = Object.values(RECOURSE_ACT);

export const RECOURSE_TEXT_MAX = 200;
/** The most parties one notice goes to at once. */
export const RECOURSE_DEBTORS_MAX = 20;

/** What a recourse payment says on both statements. */
export const RECOURSE_REMARK = '票据追索清偿';
