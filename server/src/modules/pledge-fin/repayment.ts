import Big from 'big.js';
import { API_ERROR } from '@contract/errors';
import { NOTICE_TYPE } from '@contract/notice';
import {
  PLEDGE_FIN_ACTION,
  PLEDGE_FIN_REMARK,
  PLEDGE_FIN_STATE,
  pledgeFinInterestLink,
} from '@contract/pledge-fin';
import type {
  PledgeFinDuePayment,
  PledgeFinInterestPaymentRequest,
  PledgeFinPayment,
} from '@contract/pledge-fin-schemas';
import type { SettlementGateway } from '../../adapters/settlement/gateway';
import type { Db } from '../../db/database';
import { daysBetween } from '../../lib/calendar-date';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import type { DayCountBasis } from '../../lib/interest';
import { fenToYuan, yuanText, yuanToFen } from '../../lib/money';
import { isoTime, shanghaiDate } from '../../lib/shanghai-time';
import { closeNotices, postNotice } from '../notice/service';
import { requireFunction } from '../org-function/service';
import { answerRelease, applyRelease } from '../pledge/service';
import { payBetween, settlementAccountOf } from '../settlement/service';
import { announceNotices, ledgerScope, lockFinancing, logAct, move, type PledgeFinContext } from './commands';
import { PLEDGE_FIN_MSG } from './messages';
import { requireState } from './rules';
import { costOfFinancing, financingOf, type FinancingRow } from './queries';

/**
 * Repaying a pledge financing (docs/domain.md, pledge financing): the scheduled payments in order, each from
 * the organisation's settlement account to the institution's, with penalty interest for the days it is late;
 * the last carries the principal, settles the loan (已结清) and releases the bills.
 */

/** A financing's to-do while it is being repaid: it closes with the last payment. */
export const repaySubject = (id: string) => `pledge-financing-repay:${id}`;

/** What was paid of a scheduled payment before it was paid whole, in fen. */
interface PaidInParts {
  interestFen: number;
  penaltyFen: number;
  principalFen: number;
}

export interface Due {
  seq: number;
  dueDate: string;
  /** What remains owed of its interest, principal and penalty to date, and their sum. */
  interestFen: number;
  principalFen: number;
  overdueDays: number;
  penaltyFen: number;
  amountFen: number;
  last: boolean;
  /** The schedule's figures, and what the proceeds of a matured pledged bill paid of them already. */
  scheduledInterestFen: number;
  scheduledPrincipalFen: number;
  paid: PaidInParts;
}

const PERCENT = 100;

/**
 * The penalty interest of a scheduled payment from its due date to `today`: what is overdue of its interest
 * and principal x the penalty rate x the days / the basis, the overdue amount falling with each part paid
 * from the day it was paid; summed in big.js and rounded half up to the fen once. With no part paid it is
 * the interest of the whole payment over the days late, as lib/interest computes it.
 */
function penaltyToDate(
  overdueFen: number,
  parts: { on: string; interestFen: number; principalFen: number }[],
  dueDate: string,
  today: string,
  rate: string,
  basis: DayCountBasis,
): number {
  let owed = new Big(overdueFen);
  let from = dueDate;
  let accrued = new Big(0);
  const accrue = (to: string) => {
    if (to <= from) return;
    accrued = accrued.plus(
      owed
        .times(rate)
        .times(daysBetween(from, to))
        .div(basis * PERCENT),
    );
    from = to;
  };
  for (const part of parts) {
    accrue(part.on);
    owed = owed.minus(part.interestFen).minus(part.principalFen);
  }
  accrue(today);
  return Number(accrued.round(0, Big.roundHalfUp).toFixed(0));
}

/**
 * Records a part of the scheduled payment `due` paid by the proceeds of a matured pledged bill, which fall
 * short of it: the amount goes to its interest, then its penalty, then its principal. Returns the split.
 */
export async function recordPart(
  trx: Db,
  financingId: string,
  due: Due,
  amountFen: number,
  paid: { at: number; paymentId: string },
): Promise<PaidInParts> {
  let left = new Big(amountFen);
  const take = (owed: number) => {
    const part = left.gt(owed) ? new Big(owed) : left;
    left = left.minus(part);
    return part.toNumber();
  };
  const split = {
    interestFen: take(due.interestFen),
    penaltyFen: take(due.penaltyFen),
    principalFen: take(due.principalFen),
  };
  await trx
    .insertInto('pledge_fin_part_payments')
    .values({
      id: newId(),
      financing_id: financingId,
      seq: due.seq,
      interest_fen: split.interestFen,
      penalty_fen: split.penaltyFen,
      principal_fen: split.principalFen,
      paid_at: paid.at,
      payment_id: paid.paymentId,
    })
    .execute();
  return split;
}

/**
 * Records the scheduled payment `due` of a financing as paid whole: by the member `paidBy`, or by nobody when
 * the proceeds of a bill that matured pledged paid it (pledge-fin/proceeds.ts). The row holds the payment's
 * interest and principal and all the penalty paid on it, any parts paid before included.
 */
export async function recordPayment(
  trx: Db,
  financingId: string,
  due: Due,
  paid: { paidBy: string | null; at: number; paymentId: string },
): Promise<void> {
  await trx
    .insertInto('pledge_fin_payments')
    .values({
      id: newId(),
      financing_id: financingId,
      seq: due.seq,
      due_date: due.dueDate,
      interest_fen: due.scheduledInterestFen,
      principal_fen: due.scheduledPrincipalFen,
      overdue_days: due.overdueDays,
      penalty_fen: new Big(due.paid.penaltyFen).plus(due.penaltyFen).toNumber(),
      paid_by: paid.paidBy,
      paid_at: paid.at,
      payment_id: paid.paymentId,
    })
    .execute();
}

/**
 * The scheduled payments of a financing being repaid still open as of `today`, in order, each with what
 * remains owed of it; empty when none is (not lent, or all paid). Late (the day after its due date on), a
 * payment carries penalty interest (penaltyToDate) less what was paid of that penalty already.
 */
export async function openDues(db: Db, row: FinancingRow, today: string): Promise<Due[]> {
  if (row.state !== PLEDGE_FIN_STATE.repaying || row.penalty_rate === null) return [];
  const cost = costOfFinancing(row);
  if (!cost) return [];
  const penaltyRate = row.penalty_rate;
  const paid = await db
    .selectFrom('pledge_fin_payments')
    .select('seq')
    .where('financing_id', '=', row.id)
    .execute();
  const paidSeqs = new Set(paid.map((p) => Number(p.seq)));
  const parts = await db
    .selectFrom('pledge_fin_part_payments')
    .select(['seq', 'interest_fen', 'penalty_fen', 'principal_fen', 'paid_at'])
    .where('financing_id', '=', row.id)
    .orderBy('paid_at')
    .orderBy('id')
    .execute();
  return cost.schedule
    .filter((payment) => !paidSeqs.has(payment.seq))
    .map((next) => {
      const mine = parts
        .filter((part) => Number(part.seq) === next.seq)
        .map((part) => ({
          on: shanghaiDate(Number(part.paid_at)),
          interestFen: Number(part.interest_fen),
          penaltyFen: Number(part.penalty_fen),
          principalFen: Number(part.principal_fen),
        }));
      const sum = (key: keyof PaidInParts) => mine.reduce((total, part) => total.plus(part[key]), new Big(0));
      const paidInParts: PaidInParts = {
        interestFen: sum('interestFen').toNumber(),
        penaltyFen: sum('penaltyFen').toNumber(),
        principalFen: sum('principalFen').toNumber(),
      };
      const interest = yuanToFen(next.interest) ?? 0;
      const principal = yuanToFen(next.principal) ?? 0;
      const overdueDays = Math.max(0, daysBetween(next.endDate, today));
      const penalty = penaltyToDate(
        interest + principal,
        mine,
        next.endDate,
        today,
        penaltyRate,
        Number(row.day_basis) as DayCountBasis,
      );
      const interestLeft = new Big(interest).minus(paidInParts.interestFen);
      const principalLeft = new Big(principal).minus(paidInParts.principalFen);
      // A part paid at most the penalty accrued on its day, and the accrual only grows: never below nought.
      const penaltyLeft = new Big(penalty).minus(paidInParts.penaltyFen);
      const penaltyOwed = penaltyLeft.lt(0) ? new Big(0) : penaltyLeft;
      return {
        seq: next.seq,
        dueDate: next.endDate,
        interestFen: interestLeft.toNumber(),
        principalFen: principalLeft.toNumber(),
        overdueDays,
        penaltyFen: penaltyOwed.toNumber(),
        amountFen: interestLeft.plus(principalLeft).plus(penaltyOwed).toNumber(),
        last: next.seq === cost.schedule.length,
        scheduledInterestFen: interest,
        scheduledPrincipalFen: principal,
        paid: paidInParts,
      };
    });
}

/** The next payment of a financing being repaid, as of `today`; null when none is due (not lent, or all paid). */
export async function nextDue(db: Db, row: FinancingRow, today: string): Promise<Due | null> {
  return (await openDues(db, row, today))[0] ?? null;
}

/** What the loan still owes as of `today`: every open payment's rest, penalty to date included. */
export const owedOf = (dues: Due[]): number =>
  dues.reduce((total, due) => total.plus(due.amountFen), new Big(0)).toNumber();

export const dueView = (due: Due): PledgeFinDuePayment => ({
  seq: due.seq,
  dueDate: due.dueDate,
  interest: fenToYuan(due.interestFen),
  principal: fenToYuan(due.principalFen),
  overdueDays: due.overdueDays,
  penalty: fenToYuan(due.penaltyFen),
  amount: fenToYuan(due.amountFen),
  last: due.last,
  paidSoFar: fenToYuan(
    new Big(due.paid.interestFen).plus(due.paid.penaltyFen).plus(due.paid.principalFen).toNumber(),
  ),
});

/** The payments made, in order. */
export async function paymentsOf(db: Db, financingId: string): Promise<PledgeFinPayment[]> {
  const rows = await db
    .selectFrom('pledge_fin_payments as p')
    .leftJoin('users as u', 'u.id', 'p.paid_by')
    .selectAll('p')
    .select('u.name as payer_name')
    .where('p.financing_id', '=', financingId)
    .orderBy('p.seq')
    .execute();
  return rows.map((row) => ({
    seq: Number(row.seq),
    dueDate: row.due_date,
    interest: fenToYuan(row.interest_fen),
    principal: fenToYuan(row.principal_fen),
    overdueDays: Number(row.overdue_days),
    penalty: fenToYuan(row.penalty_fen),
    amount: fenToYuan(Number(row.interest_fen) + Number(row.principal_fen) + Number(row.penalty_fen)),
    paidAt: isoTime(Number(row.paid_at)),
    payerName: row.payer_name ?? PLEDGE_FIN_MSG.proceedsPayer,
  }));
}

export interface PaymentChecked {
  row: FinancingRow;
  due: Due;
  institutionName: string;
}

/**
 * Everything that refuses a payment and can be told before it is confirmed, reading only: the financing is the
 * organisation's (404 otherwise), being repaid, the payment named is the next one, and the settlement account
 * holds the amount.
 */
export async function checkPayment(
  ctx: PledgeFinContext,
  settlement: SettlementGateway,
  body: PledgeFinInterestPaymentRequest,
): Promise<PaymentChecked> {
  await requireFunction(ctx.trx, ctx.orgId, 'PLEDGE_FIN');
  const row = await financingOf(ctx.trx, ctx.orgId, body.id);
  if (!row) throw fail(API_ERROR.notFound, PLEDGE_FIN_MSG.financingNotFound);
  requireState(row, PLEDGE_FIN_STATE.repaying, PLEDGE_FIN_MSG.act.payInterest);
  const due = await nextDue(ctx.trx, row, shanghaiDate(ctx.now));
  if (!due) throw fail(API_ERROR.pledgeFinStateInvalid, PLEDGE_FIN_MSG.nothingDue);
  if (body.seq !== due.seq) throw fail(API_ERROR.conflict, PLEDGE_FIN_MSG.payInOrder(due.seq));
  const account = await settlementAccountOf(ctx.trx, ctx.orgId);
  if (!account) throw fail(API_ERROR.conflict, PLEDGE_FIN_MSG.noSettlementAccount);
  const { balanceFen } = await settlement.statement(account.accountNo, { page: 0, size: 1 }, ctx.trx);
  if (balanceFen < due.amountFen) {
    throw fail(API_ERROR.conflict, PLEDGE_FIN_MSG.balanceShort(yuanText(due.amountFen)));
  }
  const institution = await ctx.trx
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', row.institution_org_id ?? '')
    .executeTakeFirst();
  return { row, due, institutionName: institution?.name ?? '' };
}

/** What the member confirms by QR or SMS: the payment and its amount. */
export const paymentOperation = ({ institutionName, due }: PaymentChecked) =>
  PLEDGE_FIN_MSG.paymentOperation(institutionName, due.seq, yuanText(due.amountFen));

/**
 * `POST /api/pledge-fin/interest-payment`: pays the next scheduled payment from the organisation's settlement
 * account to the institution's (a statement line on both), in the command's transaction. One payment of a
 * financing at a time: the second of two at once finds the first paid and is refused. The last payment
 * settles the loan and releases the pledges, the institution asking and the organisation signing each
 * release in the same transaction. A bill already matured cannot be released (its pledgee presents it, see
 * docs/domain.md) and stays pledged.
 */
export async function payInstallment(
  ctx: PledgeFinContext,
  settlement: SettlementGateway,
  body: PledgeFinInterestPaymentRequest,
): Promise<void> {
  await lockFinancing(ctx.trx, body.id);
  const { row, due } = await checkPayment(ctx, settlement, body);
  const institutionOrgId = row.institution_org_id ?? '';
  const paid = await payBetween(ctx.trx, settlement, {
    fromOrgId: ctx.orgId,
    toOrgId: institutionOrgId,
    amountFen: due.amountFen,
    reference: `pledge-fin:${row.id}:${due.seq}`,
    remark: due.last ? PLEDGE_FIN_REMARK.principal : PLEDGE_FIN_REMARK.interest,
  });
  if (paid.status === 'refused') throw fail(API_ERROR.conflict, PLEDGE_FIN_MSG.paymentRefused(paid.reason));
  await recordPayment(ctx.trx, row.id, due, {
    paidBy: ctx.userId ?? null,
    at: ctx.now,
    paymentId: paid.paymentId,
  });
  const note = PLEDGE_FIN_MSG.paid(
    due.seq,
    yuanText(due.interestFen),
    due.principalFen === 0 ? null : yuanText(due.principalFen),
    yuanText(due.penaltyFen),
    due.overdueDays,
  );
  if (!due.last) {
    await move(ctx, row, PLEDGE_FIN_ACTION.payInterest, PLEDGE_FIN_MSG.act.payInterest, {}, note);
    return;
  }
  await move(ctx, row, PLEDGE_FIN_ACTION.repay, PLEDGE_FIN_MSG.act.payInterest, {}, note);
  await releaseBills(ctx, { ...row, state: PLEDGE_FIN_STATE.settled }, institutionOrgId);
  if ((await closeNotices(ctx.trx, repaySubject(row.id), ctx.now)).length > 0) await announceNotices(ctx);
}

/** The institution asks each pledge's release and the organisation signs it: the bills are free again. */
export async function releaseBills(ctx: PledgeFinContext, row: FinancingRow, institutionOrgId: string) {
  const pledges = await ctx.trx
    .selectFrom('pledge_fin_bills as b')
    .innerJoin('bill_packages as p', 'p.id', 'b.package_id')
    .innerJoin('bill_pledges as g', 'g.application_id', 'b.pledge_id')
    .select(['b.pledge_id', 'p.package_no', 'p.due_date', 'b.package_id'])
    .where('b.financing_id', '=', row.id)
    // One its pledgee released already (asked and signed on the pledge page) needs nothing more.
    .where('g.released_at', 'is', null)
    .orderBy('b.package_id')
    .execute();
  const today = shanghaiDate(ctx.now);
  const matured: string[] = [];
  for (const pledge of pledges) {
    if (pledge.due_date <= today) {
      matured.push(pledge.package_no);
      continue;
    }
    const pledgeId = pledge.pledge_id!;
    // The institution may have asked already (its own system, or the sandbox page in its place).
    const waiting = await ctx.trx
      .selectFrom('bill_pledge_releases')
      .select('id')
      .where('pledge_id', '=', pledgeId)
      .where('status', '=', 'pending')
      .executeTakeFirst();
    if (!waiting) {
      await applyRelease({ ...ledgerScope(ctx), actor: { orgId: institutionOrgId, userId: null } }, pledgeId);
    }
    await answerRelease(ledgerScope(ctx), { pledgeId, decision: 'sign' });
  }
  if (matured.length > 0) {
    await logAct(
      { ...ctx, userId: null },
      row.id,
      PLEDGE_FIN_ACTION.repay,
      PLEDGE_FIN_STATE.settled,
      PLEDGE_FIN_STATE.settled,
      PLEDGE_FIN_MSG.maturedStayPledged(matured.join('、')),
    );
  }
}

/** At the pay-out: the organisation's members have the loan to repay, a to-do leading to the interest page. */
export async function askRepayment(
  ctx: PledgeFinContext,
  row: FinancingRow,
  institutionName: string,
  netFen: number,
) {
  await postNotice(
    ctx.trx,
    {
      orgId: row.org_id,
      userId: null,
      type: NOTICE_TYPE.todo,
      title: PLEDGE_FIN_MSG.repayTodoTitle,
      content: PLEDGE_FIN_MSG.repayTodo(
        row.fin_no,
        institutionName,
        yuanText(netFen),
        row.maturity_date ?? '',
      ),
      link: pledgeFinInterestLink(row.id),
      subject: repaySubject(row.id),
    },
    ctx.now,
  );
  await announceNotices(ctx);
}
