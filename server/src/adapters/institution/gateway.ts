import { API_ERROR } from '@contract/errors';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';

/**
 * A financial institution's side of the acts bills are turned into money with (docs/domain.md, financial
 * institutions): it quotes a rate, answers an application with 签收 or 驳回, and pays what it owes on a
 * signed act. A bank connects through its own interface (a host-to-host link, an open API) behind this one;
 * the sandbox institution answers by a written policy. app.ts picks the implementation; modules call it as
 * `app.adapters.institution`. Amounts are integer fen, dates YYYY-MM-DD in Shanghai.
 */

/** The acts an institution answers. */
export const INSTITUTION_ACT = { discount: 'discount', pledge: 'pledge' } as const;
export type InstitutionAct = (typeof INSTITUTION_ACT)[keyof typeof INSTITUTION_ACT];

/** Why an institution declines a quote or refuses an application; a bank maps its own codes onto these. */
export const INSTITUTION_REFUSAL = {
  /** The acceptor has no credit line with the institution. */
  acceptorNotApproved: 'acceptor_not_approved',
  /** The amount is above what the institution takes on one bill. */
  overLimit: 'over_limit',
  /** The remaining term is outside what the institution takes (matured, or too long). */
  termOutOfRange: 'term_out_of_range',
  /** The rate asked is below what the institution offers for this acceptor and term. */
  rateTooLow: 'rate_too_low',
  /** Anything else, in the institution's own words. */
  other: 'other',
} as const;
export type InstitutionRefusal = (typeof INSTITUTION_REFUSAL)[keyof typeof INSTITUTION_REFUSAL];

/** Which institution: the organisation on the platform and its head office's CNAPS number. */
export interface InstitutionRef {
  orgId: string;
  bankNo: string;
}

/** What an institution weighs of the bill part it is offered. */
export interface BillFacts {
  billNo: string;
  acceptorName: string;
  acceptorCreditCode: string;
  /** The part offered, in fen. */
  amountFen: number;
  maturityDate: string;
}

export interface QuoteRequest {
  institution: InstitutionRef;
  act: InstitutionAct;
  bill: BillFacts;
  /** The day the money would be paid. */
  onDate: string;
}

export type QuoteAnswer =
  /** `annualRate`: per cent a year, 4 decimals ("1.8500"); the offer holds until `validUntil` (ms). */
  | { status: 'offered'; annualRate: string; validUntil: number }
  | { status: 'declined'; reason: InstitutionRefusal };

/** An application the institution is to answer. */
export interface InstitutionApplication {
  /** The platform's id of the application; the answer names it. */
  applicationId: string;
  act: InstitutionAct;
  institution: InstitutionRef;
  applicantName: string;
  bill: BillFacts;
  /** The day of the application. */
  onDate: string;
  /** Per cent a year, 4 decimals (a discount's); null when the act has none (a pledge). */
  annualRate: string | null;
  /** SM00 线上 (the institution pays through the platform) or SM01 线下. */
  clearing: string;
}

export type InstitutionAnswer =
  | { applicationId: string; act: InstitutionAct; institutionOrgId: string; decision: 'sign' }
  | {
      applicationId: string;
      act: InstitutionAct;
      institutionOrgId: string;
      decision: 'refuse';
      reason: InstitutionRefusal;
      /** The institution's words, shown to the applicant. */
      remark: string;
    };

/**
 * Applies an answer on the platform. It must be safe to call twice with one answer (an institution may
 * deliver again) and answer normally when the application was already decided or withdrawn; a throw asks
 * the institution to deliver again later.
 */
export type AnswerHandler = (answer: InstitutionAnswer) => Promise<void>;

/** A settlement account as a payment names it (the settlement adapter's AccountRef). */
export interface SettleAccount {
  accountNo: string;
  accountName: string;
  branchNo: string;
}

/** How a payment the institution ordered ended (the settlement adapter's SettleResult). */
export type SettleResult =
  | { status: 'paid'; paymentId: string; paidAt: number }
  | { status: 'refused'; reason: string; paymentId: string | null };

/** The institution pays on a signed act (a discount's net amount) from its settlement account. */
export interface SettleOrder {
  applicationId: string;
  from: SettleAccount;
  to: SettleAccount;
  amountFen: number;
  /** One reference, one payment (PaymentOrder). */
  reference: string;
  remark: string;
}

export interface InstitutionGateway {
  /** The rate the institution would take the bill part at today, or why not; asks nothing of anyone. */
  quote(request: QuoteRequest, within: Db): Promise<QuoteAnswer>;
  /**
   * Hands an application to the institution, in the applying command's transaction (a sandbox that keeps
   * its queue in the platform's database commits it with the application). The answer comes later,
   * through the handler registered for the act.
   */
  submit(application: InstitutionApplication, within: Db): Promise<void>;
  /** The applicant withdrew: the institution answers it no longer. */
  withdraw(applicationId: string, within: Db): Promise<void>;
  /** Pays on a signed act, in the signing transaction, so the money and the ledger's change go together. */
  settle(order: SettleOrder, within: Db): Promise<SettleResult>;
  /** Where answers of one act go; set once by the module that owns the act. */
  answerTo(act: InstitutionAct, handler: AnswerHandler): void;
}

const INSTITUTION_UNAVAILABLE = '金融机构服务暂不可用，请稍后重试';

export const institutionUnavailable = () => fail(API_ERROR.serviceUnavailable, INSTITUTION_UNAVAILABLE);

/** No institution connected (SANDBOX=off): no quotes, no applications, every call refused with 503. */
export class UnavailableInstitutionGateway implements InstitutionGateway {
  async quote(): Promise<QuoteAnswer> {
    throw institutionUnavailable();
  }
  async submit(): Promise<void> {
    throw institutionUnavailable();
  }
  async withdraw(): Promise<void> {}
  async settle(): Promise<SettleResult> {
    throw institutionUnavailable();
  }
  answerTo(): void {}
}
