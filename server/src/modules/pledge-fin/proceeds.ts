import Big from 'big.js';
import { PLEDGE_FIN_ACTION, PLEDGE_FIN_STATE, type PledgeFinState } from '@contract/pledge-fin';
import type { SettlementGateway } from '../../adapters/settlement/gateway';

import { yuanText } from '../../lib/money';
import { shanghaiDate } from '../../lib/shanghai-time';
import type { CommandContext } from '../bills/service';
import { closeNotices } from '../notice/service';
import type { PledgeeProceeds } from '../payment/service';
import { announceNotices, lockFinancing, logAct, move, type PledgeFinContext } from './commands';
import { PLEDGE_FIN_MSG } from './messages';
import { financingOf } from './queries';
import { payRest } from './rest';
import { nextDue, recordPart, recordPayment, releaseBills, repaySubject } from './repayment';

/**
 * A bill of a pledge financing that matured pledged, paid to the institution that presented it
 * (docs/domain.md, a bill that matures while pledged): the proceeds repay what the loan owes, the scheduled
 * payments still open in order, each with its interest, the principal with the last and the penalty interest
 * of the days it is late. Every fen is applied: proceeds short of the next payment pay part of it, its
 * interest first, then its penalty, then its principal, and it stays open for the borrower to pay the rest.
 * Proceeds beyond what the loan owes are the borrower's, paid by the institution into its settlement account
 * (rest.ts: owed to the borrower while the bank refuses the transfer).
 * The last payment covered settles the loan (REPAY, 已结清): the other bills are released and the to-do
 * closes, as when the borrower repays. Runs in the transaction that settles the bill, after the pledge ended
 * with it; a bill pledged outside a financing is none of its business.
 */
export async function repayFromProceeds(
  settlement: SettlementGateway,
  scope: CommandContext,
  proceeds: PledgeeProceeds,
): Promise<void> {
  const link = await scope.trx
    .selectFrom('pledge_fin_bills')
    .innerJoin('pledge_financings', 'pledge_financings.id', 'pledge_fin_bills.financing_id')
    .select(['pledge_financings.id', 'pledge_financings.org_id'])
    .where('pledge_fin_bills.pledge_id', '=', proceeds.pledge.application_id)
    .executeTakeFirst();
  if (!link) return;
  // One act on a financing at a time, as the borrower's own payments.
  await lockFinancing(scope.trx, link.id);
  const ctx: PledgeFinContext = {
    trx: scope.trx,
    orgId: link.org_id,
    userId: null,
    now: scope.now,
    realtime: scope.realtime,
  };
  let row = (await financingOf(ctx.trx, link.org_id, link.id))!;
  const today = shanghaiDate(ctx.now);
  const institutionOrgId = proceeds.pledge.pledgee_org_id;
  const paymentRef = proceeds.paymentId ?? `pledgee-proceeds:${proceeds.pledge.application_id}`;
  let left = new Big(proceeds.amountFen);
  const notes: string[] = [];
  let settled = false;
  while (row.state === PLEDGE_FIN_STATE.repaying) {
    const due = await nextDue(ctx.trx, row, today);
    if (!due || left.eq(0)) break;
    if (left.lt(due.amountFen)) {
      const part = await recordPart(ctx.trx, row.id, due, left.toNumber(), {
        at: ctx.now,
        paymentId: paymentRef,
      });
      const owes = new Big(due.amountFen).minus(left).toNumber();
      await logAct(
        ctx,
        row.id,
        PLEDGE_FIN_ACTION.payInterest,
        row.state as PledgeFinState,
        row.state as PledgeFinState,
        PLEDGE_FIN_MSG.paidFromProceeds(
          PLEDGE_FIN_MSG.paidPart(
            due.seq,
            yuanText(left.toNumber()),
            yuanText(part.interestFen),
            yuanText(part.penaltyFen),
            yuanText(part.principalFen),
            yuanText(owes),
          ),
        ),
      );
      left = new Big(0);
      break;
    }
    await recordPayment(ctx.trx, row.id, due, { paidBy: null, at: ctx.now, paymentId: paymentRef });
    left = left.minus(due.amountFen);
    const note = PLEDGE_FIN_MSG.paidFromProceeds(
      PLEDGE_FIN_MSG.paid(
        due.seq,
        yuanText(due.interestFen),
        due.principalFen === 0 ? null : yuanText(due.principalFen),
        yuanText(due.penaltyFen),
        due.overdueDays,
      ),
    );
    const action = due.last ? PLEDGE_FIN_ACTION.repay : PLEDGE_FIN_ACTION.payInterest;
    const to: PledgeFinState = await move(ctx, row, action, PLEDGE_FIN_MSG.act.payInterest, {}, note);
    row = { ...row, state: to };
    notes.push(note);
    if (due.last) settled = true;
  }
  if (settled) {
    await releaseBills(ctx, row, institutionOrgId);
    if ((await closeNotices(ctx.trx, repaySubject(row.id), ctx.now)).length > 0) await announceNotices(ctx);
  }
  const restFen = left.toNumber();
  // The bill stays paid either way: a refused transfer leaves the rest owed to the borrower until it is paid.
  if (restFen > 0) {
    await payRest(ctx, settlement, row, {
      pledgeId: proceeds.pledge.application_id,
      institutionOrgId,
      proceedsFen: proceeds.amountFen,
      amountFen: restFen,
    });
  }
}
