import { APPLICATION_KIND, APPLICATION_STATUS, BILL_STATUS, CIRCULATION } from '@contract/bills';
import { NOTICE_TYPE } from '@contract/notice';
import { CLEARING, CLEARING_LABEL, type Clearing } from '@contract/discount';
import { API_ERROR } from '@contract/errors';
import {
  PAYMENT_REFUSAL,
  PAYMENT_REMARK,
  PRESENTED_BY,
  REFUSAL_NO_FUNDS,
  REFUSAL_NOT_DUE,
  REFUSAL_OTHER,
  REFUSED_BY,
  type PaymentRefusalCode,
  type PresentedBy,
  type RefusedBy,
} from '@contract/payment';
import type { SettlementGateway } from '../../adapters/settlement/gateway';
import type { Db } from '../../db/database';
import type { BillPledgeTable } from '../../db/schema';
import { ApiFailure, fail } from '../../lib/errors';
import { listenerListByDatabase } from '../../lib/listeners';
import { yuanText } from '../../lib/money';
import { shanghaiDate } from '../../lib/shanghai-time';
import {
  announce,
  announceNotices,
  applicationFor,
  callerHolding,
  closeApplication,
  enteredRecord,
  holdingOf,
  ledgerBatch,
  ledgerCommand,
  openApplication,
  openWholeApplications,
  orgName,
  packagesOf,
  rangeOf,
  setStatus,
  unlock,
  type Actor,
  type Applicant,
  type ApplicationRow,
  type CheckContext,
  type CommandScope,
  type Checked,
  type CommandContext,
  type HoldingRow,
  type PackageRow,
} from '../bills/service';
import { holidayCalendar } from '../holiday/service';
import { postNotice } from '../notice/service';
import { endPledgeWithBill, pledgeById, pledgeInForceOn } from '../pledge/service';
import { payBetween } from '../settlement/service';
import { CLEARING_FAILURE, PAYMENT_MSG } from './messages';
import { answerDue, presentationTime } from './rules';

/**
 * 提示付款 as a ledger act (docs/domain.md, payment). The holder presents a whole received holding at rest
 * to the acceptor, which locks it; the acceptor answers 付款 (线上: the money moves from its settlement account
 * to the presenter's in the same transaction as the range is settled, CS06 TF0501) or 拒付 with a reason
 * code (the range stays the holder's, TF0402, for recourse; 票据未到期 before maturity returns it instead).
 * A 线上 payment the bank refuses is a refusal for lack of funds, committed as such.
 */

export interface PresentInput {
  holdingId: string;
  overdueReason?: string | undefined;
  /** Day-end's presentation on the maturity date, on the holder's behalf. */
  by?: PresentedBy;
}

interface PresentChecked extends Checked {
  pkg: PackageRow;
  holding: HoldingRow;
  overdue: boolean;
  overdueReason: string | null;
  presentedOn: string;
  answerDue: string;
}

/** Why a current range cannot be presented by anyone: locked by an application, settled, under recourse. */
function requireUnanswered(holding: HoldingRow): void {
  if (holding.circ_status === CIRCULATION.locked)
    throw fail(API_ERROR.billLocked, PAYMENT_MSG.notPresentable);
  if (holding.bill_status === BILL_STATUS.settled)
    throw fail(API_ERROR.billStateInvalid, PAYMENT_MSG.settled);
  if (holding.circ_status === CIRCULATION.recourse) {
    throw fail(API_ERROR.billStateInvalid, PAYMENT_MSG.refusedBefore);
  }
}

/** Why a received holding of the caller's cannot be presented, before anything is asked. */
function requirePresentable(pkg: PackageRow, holding: HoldingRow): void {
  if (holding.ended_at !== null) throw fail(API_ERROR.billNotHeld, PAYMENT_MSG.notHeld);
  requireUnanswered(holding);
  const atRest =
    holding.circ_status === CIRCULATION.negotiable || holding.circ_status === CIRCULATION.notTransferable;
  if (holding.bill_status !== BILL_STATUS.received || !atRest) {
    throw fail(API_ERROR.billStateInvalid, PAYMENT_MSG.notPresentable);
  }
  if (holding.org_id === pkg.acceptor_org_id)
    throw fail(API_ERROR.billStateInvalid, PAYMENT_MSG.ownAcceptance);
}

/**
 * A presentation's terms on the day it is made, once the range may be presented: refused once the payment
 * right has lapsed, and past the presentation period (逾期) without its written reason; refused before
 * maturity with `earlyRefusal` when one is given. Answers its answer's last day and what the user confirms.
 */
async function presentation(
  ctx: CheckContext,
  pkg: PackageRow,
  holding: HoldingRow,
  overdueReason: string | undefined,
  earlyRefusal?: string,
): Promise<PresentChecked> {
  const calendar = await holidayCalendar(ctx.trx);
  const today = shanghaiDate(ctx.now);
  const time = presentationTime(calendar, pkg.due_date, today);
  if (time === 'early' && earlyRefusal) throw fail(API_ERROR.billStateInvalid, earlyRefusal);
  if (time === 'lapsed') throw fail(API_ERROR.paymentLapsed, PAYMENT_MSG.lapsed);
  const reason = overdueReason?.trim() ?? '';
  const overdue = time === 'overdue';
  if (overdue && !reason) throw fail(API_ERROR.paymentReasonRequired, PAYMENT_MSG.overdueReasonRequired);
  return {
    pkg,
    holding,
    overdue,
    overdueReason: overdue ? reason : null,
    presentedOn: today,
    answerDue: answerDue(calendar, pkg.due_date, today),
    summary: {
      operation: overdue ? PAYMENT_MSG.presentOverdue : PAYMENT_MSG.present,
      packageNo: pkg.package_no,
      amountFen: holding.amount_fen,
      counterparty: await orgName(ctx.trx, pkg.acceptor_org_id),
      range: rangeOf(pkg, holding),
    },
  };
}

export const presentPayment = ledgerCommand(
  async (ctx, input: PresentInput): Promise<PresentChecked> => {
    const { pkg, row: holding } = await enteredRecord(
      ctx,
      () => callerHolding(ctx, input.holdingId),
      PAYMENT_MSG.notPresentable,
    );
    requirePresentable(pkg, holding);
    return presentation(ctx, pkg, holding, input.overdueReason);
  },
  (ctx, checked, input): Promise<ApplicationRow> =>
    openPresentation(ctx, checked, input.by ?? PRESENTED_BY.holder),
);

/**
 * The presentation made: the whole range locked by its application to the acceptor (the applicant the
 * holder, or the institution that presents in its place), and its terms beside it.
 */
async function openPresentation(
  ctx: CommandContext,
  checked: PresentChecked,
  by: PresentedBy,
  applicant: Applicant = ctx.actor,
): Promise<ApplicationRow> {
  const { pkg, holding } = checked;
  const application = await openApplication(
    ctx,
    pkg,
    holding,
    APPLICATION_KIND.payment,
    pkg.acceptor_org_id,
    holding.amount_fen,
    checked.overdueReason ?? '',
    applicant,
  );
  await recordPresentation(ctx, application, checked, by);
  return application;
}

/** The presentation's terms beside its application: who presented it, when, and its answer's last day. */
async function recordPresentation(
  ctx: CommandContext,
  application: ApplicationRow,
  checked: Pick<PresentChecked, 'presentedOn' | 'overdue' | 'overdueReason' | 'answerDue'>,
  by: PresentedBy,
): Promise<void> {
  await ctx.trx
    .insertInto('payment_applications')
    .values({
      application_id: application.id,
      presenter_org_id: application.applicant_org_id,
      acceptor_org_id: application.receiver_org_id,
      presented_by: by,
      presented_on: checked.presentedOn,
      overdue: checked.overdue ? 1 : 0,
      overdue_reason: checked.overdueReason,
      answer_due: checked.answerDue,
      clearing: null,
      refused_by: null,
      refusal_code: null,
      refusal_text: null,
      payment_id: null,
      created_at: ctx.now,
      answered_at: null,
    })
    .execute();
}

export interface PledgeePresentInput {
  /** The pledge (its application's id). */
  pledgeId: string;
  overdueReason?: string | undefined;
}

interface PledgeePresentChecked extends PresentChecked {
  pledge: BillPledgeTable;
}

/**
 * 提示付款 by the pledgee (docs/domain.md, a bill that matures while pledged). From the bill's maturity the
 * rights of a range still pledged are the pledgee's: the institution, acting through its adapter or day-end
 * in its place (the actor is the institution, with no member), presents the whole pledged range to the
 * acceptor. The range stays where the pledgor holds it, locked by the presentation as by any; the
 * application is the pledgee's, so the acceptor's 付款 pays the pledgee. Answered, the range is settled and
 * the pledge ends with it, or refused and under recourse, the right the pledgee's.
 */
export const presentAsPledgee = ledgerCommand(
  async (ctx, input: PledgeePresentInput): Promise<PledgeePresentChecked> => {
    const { pkg, row: pledge } = await enteredRecord(
      ctx,
      async () => {
        const pledge = await pledgeById(ctx.trx, input.pledgeId);
        return pledge?.pledgee_org_id === ctx.actor.orgId ? pledge : undefined;
      },
      PAYMENT_MSG.pledgeNotFound,
    );
    if (pledge.holding_id === null || pledge.released_at !== null) {
      throw fail(API_ERROR.billStateInvalid, PAYMENT_MSG.notPledged);
    }
    const holding = await holdingOf(ctx.trx, pledge.holding_id);
    if (holding.ended_at !== null) throw fail(API_ERROR.billStateInvalid, PAYMENT_MSG.notPledged);
    requireUnanswered(holding);
    if (holding.circ_status !== CIRCULATION.pledged || holding.bill_status !== BILL_STATUS.received) {
      throw fail(API_ERROR.billStateInvalid, PAYMENT_MSG.notPresentable);
    }
    // The pledgee's right to present begins at maturity; before it, the range is the pledgor's to present.
    const presented = await presentation(
      ctx,
      pkg,
      holding,
      input.overdueReason,
      PAYMENT_MSG.pledgeeBeforeMaturity,
    );
    return { ...presented, pledge };
  },
  (ctx, checked): Promise<ApplicationRow> =>
    openPresentation(ctx, checked, PRESENTED_BY.pledgee, { institutionOrgId: checked.pledge.pledgee_org_id }),
);

/** A holding day-end presents, and whose act the presentation is (the holder's administrator). */
export interface PresentOnBehalf {
  holdingId: string;
  actor: Actor;
}

export interface PresentedBatch {
  presented: number;
  skipped: number;
}

/**
 * 自动提示付款 of many holdings in one transaction (day-end). Each holding is checked as presentPayment checks
 * it, after its package is entered; one that no longer passes is left exactly as it is and counted as
 * skipped, and the batch goes on: a range locked by an application (endorsed or discounted on its last day),
 * frozen by an authority's order, pledged (its pledgee presents it), settled, under recourse, no longer the
 * holder's, or held by its acceptor; and one past its presentation period, which only its holder may present
 * with a written reason (逾期提示付款). The rest are presented as presentPayment presents one: the range
 * locked, the application with its history entry, operation and the acceptor's to-do, the realtime events,
 * the payment record, and at the end every package entered is checked.
 */
export async function presentPayments(
  scope: Omit<CommandScope, 'actor'>,
  items: readonly PresentOnBehalf[],
): Promise<PresentedBatch> {
  return ledgerBatch(scope, async (ctx) => {
    const byHolding = new Map(items.map((item) => [item.holdingId, item]));
    const read = items.length
      ? await ctx.trx
          .selectFrom('bill_holdings')
          .select(['id', 'package_id'])
          .where('id', 'in', [...byHolding.keys()])
          .execute()
      : [];
    // Entered before what decides is read.
    const packages = await packagesOf(
      ctx,
      read.map((row) => row.package_id),
    );
    const holdings = read.length
      ? await ctx.trx
          .selectFrom('bill_holdings')
          .selectAll()
          .where('id', 'in', [...byHolding.keys()])
          .execute()
      : [];
    const calendar = await holidayCalendar(ctx.trx);
    const today = shanghaiDate(ctx.now);
    const presentable: Array<{ pkg: PackageRow; holding: HoldingRow; by: Actor }> = [];
    for (const holding of holdings) {
      const pkg = packages.get(holding.package_id);
      const item = byHolding.get(holding.id)!;
      if (!pkg || holding.org_id !== item.actor.orgId) continue;
      try {
        requirePresentable(pkg, holding);
      } catch (error) {
        if (error instanceof ApiFailure) continue;
        throw error;
      }
      if (presentationTime(calendar, pkg.due_date, today) !== 'inPeriod') continue;
      presentable.push({ pkg, holding, by: item.actor });
    }
    const applications = await openWholeApplications(
      ctx,
      APPLICATION_KIND.payment,
      presentable.map(({ pkg, holding, by }) => ({
        pkg,
        holding,
        receiverOrgId: pkg.acceptor_org_id,
        remark: '',
        by,
      })),
    );
    const rows = applications.map((application, index) => ({
      application_id: application.id,
      presenter_org_id: application.applicant_org_id,
      acceptor_org_id: application.receiver_org_id,
      presented_by: PRESENTED_BY.system,
      presented_on: today,
      overdue: 0,
      overdue_reason: null,
      answer_due: answerDue(calendar, presentable[index]!.pkg.due_date, today),
      clearing: null,
      refused_by: null,
      refusal_code: null,
      refusal_text: null,
      payment_id: null,
      created_at: ctx.now,
      answered_at: null,
    }));
    for (let from = 0; from < rows.length; from += PAYMENT_INSERT_CHUNK) {
      await ctx.trx
        .insertInto('payment_applications')
        .values(rows.slice(from, from + PAYMENT_INSERT_CHUNK))
        .execute();
    }
    return { presented: applications.length, skipped: items.length - applications.length };
  });
}

/** Payment records one INSERT writes at most (each column of each row is a bound parameter). */
const PAYMENT_INSERT_CHUNK = 500;

interface AnswerChecked extends Checked {
  application: ApplicationRow;
  pkg: PackageRow;
}

/** The presentation, when the caller is its acceptor and it still waits; 404/403/409 otherwise. */
async function answerablePayment(ctx: CheckContext, id: string, operation: string): Promise<AnswerChecked> {
  const { pkg, row: application } = await enteredRecord(
    ctx,
    async () => {
      const found = await applicationFor(ctx.trx, ctx.actor.orgId, id).catch(() => null);
      return found?.kind === APPLICATION_KIND.payment ? found : undefined;
    },
    PAYMENT_MSG.notPayment,
  );
  if (application.receiver_org_id !== ctx.actor.orgId)
    throw fail(API_ERROR.forbidden, PAYMENT_MSG.notAcceptor);
  if (application.status !== APPLICATION_STATUS.pending) {
    const closed = PAYMENT_MSG.closed[application.status as keyof typeof PAYMENT_MSG.closed];
    throw fail(API_ERROR.billApplicationAnswered, closed ?? PAYMENT_MSG.notPayment);
  }
  return {
    application,
    pkg,
    summary: {
      operation,
      packageNo: pkg.package_no,
      amountFen: application.amount_fen,
      counterparty: await orgName(ctx.trx, application.applicant_org_id),
      range: rangeOf(pkg, application),
    },
  };
}

const billText = (pkg: PackageRow, application: ApplicationRow) =>
  `票据包号${pkg.package_no}，子票区间${rangeOf(pkg, application)}，金额${yuanText(application.amount_fen)}元`;

/** The refusal's words as the history and the presenter's notice show them: the code's label and the text. */
const refusalWords = (code: PaymentRefusalCode, text: string | null) =>
  text ? `${PAYMENT_REFUSAL[code]}（${text}）` : PAYMENT_REFUSAL[code];

/** The pledgor of a range its pledgee presented learns the answer: the presentation is not its own. */
async function tellPledgor(
  ctx: CommandContext,
  pledgorOrgId: string,
  application: ApplicationRow,
  notice: { title: string; content: string },
): Promise<void> {
  await postNotice(
    ctx.trx,
    { orgId: pledgorOrgId, userId: null, type: NOTICE_TYPE.announcement, ...notice },
    ctx.now,
  );
  await announceNotices(ctx, [pledgorOrgId]);
  await announce(ctx, application.package_id, [pledgorOrgId]);
}

/**
 * Closes a waiting presentation as refused: the range stays the presenter's, under recourse (TF0402), or at
 * rest again when the acceptor refused an early presentation as 票据未到期.
 */
export async function refuseWaiting(
  ctx: CommandContext,
  application: ApplicationRow,
  pkg: PackageRow,
  refusal: { by: RefusedBy; code: PaymentRefusalCode; text: string | null },
): Promise<void> {
  const words = refusalWords(refusal.code, refusal.text);
  await closeApplication(ctx, application, APPLICATION_STATUS.refused, words, null, {
    title: PAYMENT_MSG.refusedTitle,
    content: PAYMENT_MSG.refusedNotice(
      await orgName(ctx.trx, application.receiver_org_id),
      billText(pkg, application),
      words,
    ),
  });
  const holding = await holdingOf(ctx.trx, application.holding_id);
  if (holding.org_id !== application.applicant_org_id) {
    await tellPledgor(ctx, holding.org_id, application, {
      title: PAYMENT_MSG.pledgeeRefusedTitle,
      content: PAYMENT_MSG.pledgeeRefusedNotice(
        await orgName(ctx.trx, application.receiver_org_id),
        await orgName(ctx.trx, application.applicant_org_id),
        billText(pkg, application),
        words,
      ),
    });
  }
  if (refusal.code === REFUSAL_NOT_DUE) await unlock(ctx, pkg, holding, ctx.now);
  else await setStatus(ctx, holding, BILL_STATUS.received, CIRCULATION.recourse);
  await ctx.trx
    .updateTable('payment_applications')
    .set({
      refused_by: refusal.by,
      refusal_code: refusal.code,
      refusal_text: refusal.text,
      answered_at: ctx.now,
    })
    .where('application_id', '=', application.id)
    .execute();
}

export interface PayInput {
  id: string;
  clearing: Clearing;
}

/** What the pledgee of a bill that matured pledged received for it: the face of the range it presented. */
export interface PledgeeProceeds {
  /** The pledge, ended with the bill. */
  pledge: BillPledgeTable;
  amountFen: number;
  /** The acceptor's payment into the pledgee's account; null when paid 线下. */
  paymentId: string | null;
}

/**
 * What a record secured by a pledge does when the pledgee is paid (a pledge financing repays its loan from
 * the proceeds): each registers a listener, which runs in the transaction that settles the range.
 */
export type PledgeeProceedsListener = (ctx: CommandContext, proceeds: PledgeeProceeds) => Promise<void>;
const proceedsListeners = listenerListByDatabase<PledgeeProceedsListener>();

/** Registers a listener of the app whose database is `db`. */
export const onPledgeeProceeds = (db: Db, listener: PledgeeProceedsListener): (() => void) =>
  proceedsListeners.add(db, listener);

/**
 * Hands what the pledgee received for a pledged range to what the pledge secured, in the transaction that
 * paid it: the acceptor's 付款 of a presentation, or a 清偿 of the pledgee's recourse (modules/recourse).
 */
export async function pledgeeProceeds(ctx: CommandContext, proceeds: PledgeeProceeds): Promise<void> {
  for (const listener of proceedsListeners.all(ctx.trx)) await listener(ctx, proceeds);
}

export interface PaymentOutcome {
  application: ApplicationRow;
  paid: boolean;
}

/** The payment acts, with the settlement gateway 线上 付款 moves money through. */
export function paymentCommands(settlement: SettlementGateway) {
  /**
   * 付款: 线上 orders the face of the range from the acceptor's settlement account to the presenter's; the
   * bank's refusal (the balance is short) is committed as 拒付 for lack of funds, not thrown, so the presenter
   * is told and may pursue. Paid, the range is settled where it is.
   */
  const payPresentation = ledgerCommand(
    async (ctx, input: PayInput) => answerablePayment(ctx, input.id, PAYMENT_MSG.pay),
    async (ctx, { application, pkg }, input): Promise<PaymentOutcome> => {
      let paymentId: string | null = null;
      if (input.clearing === CLEARING.online) {
        const paid = await payBetween(ctx.trx, settlement, {
          fromOrgId: application.receiver_org_id,
          toOrgId: application.applicant_org_id,
          amountFen: application.amount_fen,
          reference: `payment:${application.id}`,
          remark: PAYMENT_REMARK,
        });
        if (paid.status === 'refused') {
          const why = CLEARING_FAILURE[paid.reason] ?? paid.reason;
          await refuseWaiting(ctx, application, pkg, {
            by: REFUSED_BY.funds,
            code: paid.reason === 'insufficient_funds' ? REFUSAL_NO_FUNDS : REFUSAL_OTHER,
            text: PAYMENT_MSG.clearingFailure(why),
          });
          return { application, paid: false };
        }
        paymentId = paid.paymentId;
      }
      await closeApplication(ctx, application, APPLICATION_STATUS.signed, null, null, {
        title: PAYMENT_MSG.paidTitle,
        content: PAYMENT_MSG.paidNotice(
          await orgName(ctx.trx, application.receiver_org_id),
          billText(pkg, application),
          CLEARING_LABEL[input.clearing],
        ),
      });
      const holding = await holdingOf(ctx.trx, application.holding_id);
      const pledge = await pledgeInForceOn(ctx.trx, holding.id);
      await setStatus(ctx, holding, BILL_STATUS.settled, CIRCULATION.ended);
      if (pledge) {
        await endPledgeWithBill(ctx, pledge);
        await pledgeeProceeds(ctx, { pledge, amountFen: Number(application.amount_fen), paymentId });
        await tellPledgor(ctx, pledge.pledgor_org_id, application, {
          title: PAYMENT_MSG.pledgeePaidTitle,
          content: PAYMENT_MSG.pledgeePaidNotice(
            await orgName(ctx.trx, application.receiver_org_id),
            await orgName(ctx.trx, pledge.pledgee_org_id),
            billText(pkg, application),
          ),
        });
      }
      await ctx.trx
        .updateTable('payment_applications')
        .set({ clearing: input.clearing, payment_id: paymentId, answered_at: ctx.now })
        .where('application_id', '=', application.id)
        .execute();
      return { application, paid: true };
    },
  );
  return { payPresentation };
}

export interface RefuseInput {
  id: string;
  code: PaymentRefusalCode;
  text?: string | undefined;
}

/** 拒付 with a reason code and the acceptor's words (required with 其他); 票据未到期 only before maturity. */
export const refusePresentation = ledgerCommand(
  async (ctx, input: RefuseInput) => {
    const text = input.text?.trim() ?? '';
    if (input.code === REFUSAL_OTHER && !text) {
      throw fail(API_ERROR.paymentReasonRequired, PAYMENT_MSG.refusalTextRequired);
    }
    const checked = await answerablePayment(ctx, input.id, PAYMENT_MSG.refuse);
    if (input.code === REFUSAL_NOT_DUE && shanghaiDate(ctx.now) >= checked.pkg.due_date) {
      throw fail(API_ERROR.badRequest, PAYMENT_MSG.notDueOnlyBeforeMaturity);
    }
    return checked;
  },
  async (ctx, { application, pkg }, input): Promise<PaymentOutcome> => {
    await refuseWaiting(ctx, application, pkg, {
      by: REFUSED_BY.acceptor,
      code: input.code,
      text: input.text?.trim() || null,
    });
    return { application, paid: false };
  },
);
