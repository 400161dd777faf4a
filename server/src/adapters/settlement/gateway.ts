import { API_ERROR } from '@contract/errors';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';

/**
 * The payment system that holds the settlement accounts (结算账户) money moves between when a bill is
 * discounted, paid at maturity, pursued or financed: a bank's corporate payment interface (银企直连), or the
 * sandbox bank. app.ts picks the implementation; modules call it as `app.adapters.settlement`. Amounts are
 * integer fen.
 */

/** An account as a payment names it: number, holder and the branch it is kept at (CNAPS). */
export interface AccountRef {
  accountNo: string;
  accountName: string;
  branchNo: string;
}

export interface PaymentOrder {
  from: AccountRef;
  to: AccountRef;
  /** Positive whole fen. */
  amountFen: number;
  /**
   * The platform's reference of this payment, at most 64 characters (e.g. `discount:<application id>`). One
   * reference is one payment: ordered again, the first answer comes back and nothing moves twice, refused
   * or paid; a new attempt needs a new reference.
   */
  reference: string;
  /** What the statement lines of both accounts say, e.g. 贴现款. */
  remark: string;
}

/** Why a payment was refused; a provider maps its own codes onto these. */
export type PaymentRefusal =
  /** The payer's balance is below the amount (in the sandbox: also an account the bank never credited). */
  | 'insufficient_funds'
  /** The payee's bank refused the account (closed, frozen, unknown). */
  | 'payee_refused'
  /** The same account on both sides. */
  | 'same_account'
  /** The reference was used before for another payment (another amount or other accounts). */
  | 'reference_reused';

export type PaymentResult =
  | { status: 'paid'; paymentId: string; paidAt: number }
  | { status: 'refused'; reason: PaymentRefusal; paymentId: string | null };

export interface StatementLine {
  id: string;
  paymentId: string;
  at: number;
  /** Money in (a credit) or out (a debit). */
  direction: 'in' | 'out';
  amountFen: number;
  /** The account's balance once this line was booked. */
  balanceAfterFen: number;
  counterpartyName: string;
  counterpartyAccountNo: string;
  reference: string;
  remark: string;
}

export interface Statement {
  balanceFen: number;
  /** Newest first. */
  lines: StatementLine[];
  /** Lines of the account in all. */
  total: number;
}

export interface SettlementGateway {
  /**
   * Moves `amountFen` from one account to the other, or refuses. `within` is the transaction of the command
   * that pays: a provider that keeps its books in the platform's database (the sandbox bank) writes there,
   * so the payment and the ledger's move commit or roll back together (delivery versus payment). A real
   * provider's call inside it holds the command's transaction for the HTTP call (README, real providers).
   */
  pay(order: PaymentOrder, within: Db): Promise<PaymentResult>;
  /** The account's balance and a page of its lines, newest first (`page` from 0). */
  statement(accountNo: string, page: { page: number; size: number }, within: Db): Promise<Statement>;
}

const SETTLEMENT_UNAVAILABLE = '资金结算服务暂不可用，请稍后重试';

export const settlementUnavailable = () => fail(API_ERROR.serviceUnavailable, SETTLEMENT_UNAVAILABLE);

/** No payment provider configured (SANDBOX=off): nothing moves, every call is refused with 503. */
export class UnavailableSettlementGateway implements SettlementGateway {
  async pay(): Promise<PaymentResult> {
    throw settlementUnavailable();
  }
  async statement(): Promise<Statement> {
    throw settlementUnavailable();
  }
}
