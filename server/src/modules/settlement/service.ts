import type { PaymentResult, SettlementGateway } from '../../adapters/settlement/gateway';
import { SandboxSettlementGateway } from '../../adapters/settlement/sandbox';
import type { Db } from '../../db/database';
import { DEMO_ORGS } from '../../db/seed';
import { DEMO_INSTITUTIONS } from '../institution/service';
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
 * The demo's opening balances at the sandbox bank: the core enterprise enough to pay every bill it
 * accepted, the suppliers some, the institutions plenty to discount and lend with.
 */
export const DEMO_OPENING_BALANCES_FEN: ReadonlyArray<{ orgId: string; amountFen: number }> = [
  { orgId: DEMO_ORGS.shanghai.id, amountFen: 5_000_000_000 },
  { orgId: DEMO_ORGS.suzhou.id, amountFen: 200_000_000 },
  { orgId: DEMO_ORGS.ningbo.id, amountFen: 200_000_000 },
  ...Object.values(DEMO_INSTITUTIONS).map((institution) => ({
    orgId: institution.orgId,
    amountFen: 1_000_000_000_000,
  })),
];

/** Books the demo's opening balances at the sandbox bank, once each (their references are fixed). */
export async function seedDemoBalances(db: Db, now: number): Promise<void> {
  const bank = new SandboxSettlementGateway(() => now);
  for (const { orgId, amountFen } of DEMO_OPENING_BALANCES_FEN) {
    const account = await settlementAccountOf(db, orgId);
    if (!account) throw new Error(`demo organisation ${orgId} has no settlement account`);
    await bank.deposit(
      account,
      amountFen,
      { reference: `demo-opening:${account.accountNo}`, remark: SETTLEMENT_MSG.openingRemark },
      db,
    );
  }
}
