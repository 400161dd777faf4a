import type { PaymentResult, SettlementGateway } from '../../adapters/settlement/gateway';
import { SandboxSettlementGateway } from '../../adapters/settlement/sandbox';
import type { Db } from '../../db/database';
import { settlementAccountOf } from './accounts';
import { SETTLEMENT_MSG } from './messages';

/**
 * Money between organisations (docs/domain.md, money between accounts): what other modules may use. A
 * command that moves money resolves both sides' settlement accounts and orders the payment through
 * `app.adapters.settlement` in its own transaction:
 *
 *   const paid = await payBetween(trx, app.adapters.settlement, {
 *     fromOrgId, toOrgId, amountFen, reference: `discount:${applicationId}`, remark: '贴现款',
 *   });
 *   if (paid.status === 'refused') ... // paid.reason: no_account | insufficient_funds | payee_refused | ...
 */
export { accountOwnerOf, settlementAccountOf, type SettlementAccountRef } from './accounts';

export interface PaymentBetween {
  fromOrgId: string;
  toOrgId: string;
  amountFen: number;
  /** One reference, one payment (see PaymentOrder): e.g. `payment:<application id>`. */
  reference: string;
  remark: string;
}

export type PaymentBetweenResult =
  | PaymentResult
  /** One side has no settlement account the payment can use. */
  | { status: 'refused'; reason: 'no_account'; paymentId: null };

/** Pays from one organisation's settlement account to another's, in `trx`. */
export async function payBetween(
  trx: Db,
  settlement: SettlementGateway,
  payment: PaymentBetween,
): Promise<PaymentBetweenResult> {
  const [from, to] = await Promise.all([
    settlementAccountOf(trx, payment.fromOrgId),
    settlementAccountOf(trx, payment.toOrgId),
  ]);
  if (!from || !to) return { status: 'refused', reason: 'no_account', paymentId: null };
  return settlement.pay(
    { from, to, amountFen: payment.amountFen, reference: payment.reference, remark: payment.remark },
    trx,
  );
}

/**
 * Books an opening balance at the sandbox bank for an organisation's settlement account, once (the
 * reference is fixed per account): how a sandbox or demo database starts with money to move.
 */
export async function depositOpeningBalance(
  db: Db,
  orgId: string,
  amountFen: number,
  now: number,
): Promise<void> {
  const account = await settlementAccountOf(db, orgId);
  if (!account) throw new Error(`organisation ${orgId} has no settlement account`);
  await new SandboxSettlementGateway(() => now).deposit(
    account,
    amountFen,
    { reference: `demo-opening:${account.accountNo}`, remark: SETTLEMENT_MSG.openingRemark },
    db,
  );
}
