import { BILL_EVENT, BILL_STATUS, CIRCULATION, type BillEventType } from '@contract/bills';
import { CLEARING, CLEARING_LABEL, type Clearing } from '@contract/discount';
import { API_ERROR } from '@contract/errors';
import { NOTICE_TYPE } from '@contract/notice';
import type { OpType } from '@contract/shell';
import {
  DEBTOR_ROLE_LABEL,
  NON_REFUSAL_REASON,
  RECOURSE_KIND,
  RECOURSE_KIND_LABEL,
  RECOURSE_REMARK,
  RECOURSE_SIGN_LINK,
  RECOURSE_STATUS,
  RECOURSE_TODO_LINK,
  type DebtorRole,
  type NonRefusalReason,
  type RecourseStatus,
} from '@contract/recourse';
import type { SettlementGateway } from '../../adapters/settlement/gateway';
import type { Db } from '../../db/database';
import type { BillPledgeTable, RecourseNoticeTable } from '../../db/schema';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { yuanText, yuanToFen } from '../../lib/money';
import { shanghaiDate } from '../../lib/shanghai-time';
import { verifiedSettlementAccountOf } from '../bank-account/service';
import {
  announce,
  announceNotices,
  answeringSide,
  callerHolding,
  endAnswer,
  enteredRecord,
  holdingOf,
  isMatured,
  ledgerCommand,
  logOperation,
  onlyAnswer,
  orgName,
  rangeOf,
  recordEvent,
  setStatus,
  transfer,
  type CheckContext,
  type Checked,
  type CommandContext,
  type HoldingRow,
  type PackageRow,
  type Answering,
  type TwoSided,
} from '../bills/service';
import { closeNotices, postNotice, type NewNotice } from '../notice/service';
import { pledgeeProceeds } from '../payment/service';
import { endPledgeWithBill, pledgeById, pledgeInForceOn } from '../pledge/service';
import { payBetween } from '../settlement/service';
import { CLEARING_FAILURE, RECOURSE_MSG } from './messages';
import {
  chainOf,
  claimFen,
  faceBasis,
  inChain,
  nonRefusalStanding,
  noticeBasis,
  reachable,
  settlesRange,
  standingOf,
  type ChainParty,
  type Range,
  type Standing,
} from './rules';

/**
 * 追索 as ledger acts (docs/domain.md, recourse). The holder of a range under recourse (TF0402) sends notices
 * to earlier parties; a party agrees to pay (同意清偿), the holder refuses that or signs it. The signature
 * moves the money (线上, in the same transaction) and settles the range (the acceptor or the drawer paid) or
 * passes it to the payer, under recourse still, for the payer's own recourse. A notice locks no range: it
 * lives in recourse_notices, and at most one 同意清偿 waits per range (a unique index holds that too).
 */

export type NoticeRow = RecourseNoticeTable;

const todoSubject = (id: string) => `recourse-notice:${id}`;
const agreementSubject = (id: string) => `recourse-agreement:${id}`;

const billText = (pkg: PackageRow, range: Range, amountFen: number) =>
  `票据包号${pkg.package_no}，子票区间${rangeOf(pkg, range)}，金额${yuanText(amountFen)}元`;

const rangeOfNotice = (notice: NoticeRow): Range => ({
  sub_start: Number(notice.sub_start),
  sub_end: Number(notice.sub_end),
});

/**
 * The pledge in force on a holding whose pledgee is `orgId`: the institution that presented the pledged range
 * at maturity and was refused holds the right of recourse on it, the range staying the pledgor's.
 */
async function pledgedTo(trx: Db, holdingId: string, orgId: string): Promise<BillPledgeTable | null> {
  const pledge = await pledgeInForceOn(trx, holdingId);
  return pledge?.pledgee_org_id === orgId ? pledge : null;
}

/**
 * The current holding of exactly the range that the pursuer holds, or that is pledged to it (its pledgee's
 * recourse), under recourse; 409 saying why otherwise.
 */
async function pursuedHolding(trx: Db, packageId: string, orgId: string, range: Range): Promise<HoldingRow> {
  const holding = await trx
    .selectFrom('bill_holdings')
    .selectAll()
    .where('package_id', '=', packageId)
    .where('ended_at', 'is', null)
    .where('sub_start', '=', range.sub_start)
    .where('sub_end', '=', range.sub_end)
    .executeTakeFirst();
  if (!holding || (holding.org_id !== orgId && !(await pledgedTo(trx, holding.id, orgId))))
    throw fail(API_ERROR.billNotHeld, RECOURSE_MSG.holdingNotFound);
  if (holding.circ_status === CIRCULATION.frozen) throw fail(API_ERROR.billLocked, RECOURSE_MSG.frozen);
  if (holding.circ_status !== CIRCULATION.recourse)
    throw fail(API_ERROR.billStateInvalid, RECOURSE_MSG.notInRecourse);
  return holding;
}

/** The 同意清偿 waiting on the range, if any. */
const agreedOn = (trx: Db, packageId: string, range: Range) =>
  trx
    .selectFrom('recourse_notices')
    .selectAll()
    .where('package_id', '=', packageId)
    .where('sub_start', '=', range.sub_start)
    .where('status', '=', RECOURSE_STATUS.agreed)
    .executeTakeFirst();

type Side = 'debtor' | 'pursuer';

/**
 * The operation log's line of one side's act on a notice (business type 追索): the holder's notice and
 * signature, the party's 同意清偿; the counterparty is the other side.
 */
async function logNoticeAct(
  ctx: CommandContext,
  pkg: PackageRow,
  notice: NoticeRow,
  by: Side,
  opType: OpType,
  status: 'processing' | 'success' | 'failed',
): Promise<void> {
  const [orgId, other] =
    by === 'debtor'
      ? [notice.debtor_org_id, notice.pursuer_org_id]
      : [notice.pursuer_org_id, notice.debtor_org_id];
  await logOperation(ctx, {
    orgId,
    bizId: notice.id,
    bizType: 'recourse',
    opType,
    pkg,
    range: rangeOfNotice(notice),
    counterpartyName: await orgName(ctx.trx, other),
    status,
  });
}

/** Ends the line an act on the notice left processing (the notice, an 同意清偿) once it is answered. */
async function endLogged(
  ctx: CommandContext,
  orgId: string,
  noticeId: string,
  opType: OpType,
  status: 'success' | 'failed',
): Promise<void> {
  await ctx.trx
    .updateTable('bill_operations')
    .set({ status })
    .where('org_id', '=', orgId)
    .where('biz_id', '=', noticeId)
    .where('biz_type', '=', 'recourse')
    .where('op_type', '=', opType)
    .where('status', '=', 'processing')
    .execute();
}

// ---- the notice

/** Whom a notice goes to and the costs it claims. */
export interface NoticeTerms {
  debtorOrgIds: string[];
  costs?: string | undefined;
  costsNote?: string | undefined;
}

export interface NotifyInput extends NoticeTerms {
  holdingId: string;
  nonRefusalReason?: NonRefusalReason | undefined;
  attachmentId?: string | undefined;
}

interface NotifyChecked extends Checked {
  pkg: PackageRow;
  holding: HoldingRow;
  standing: Standing;
  debtors: ChainParty[];
  costsFen: number;
  /** A first 非拒付追索: the range at rest is put under recourse. */
  startsRecourse: boolean;
}

/** Where the holder stands on the holding: under recourse already, or starting a 非拒付追索 before maturity. */
async function standingFor(
  ctx: CheckContext,
  pkg: PackageRow,
  holding: HoldingRow,
  input: NotifyInput,
): Promise<{ standing: Standing; startsRecourse: boolean }> {
  if (holding.ended_at !== null) throw fail(API_ERROR.billNotHeld, RECOURSE_MSG.holdingNotFound);
  if (holding.circ_status === CIRCULATION.frozen) throw fail(API_ERROR.billLocked, RECOURSE_MSG.frozen);
  if (holding.bill_status === BILL_STATUS.settled)
    throw fail(API_ERROR.billStateInvalid, RECOURSE_MSG.settled);
  const proofGiven = input.nonRefusalReason !== undefined || input.attachmentId !== undefined;
  if (holding.circ_status === CIRCULATION.recourse) {
    const standing = await standingOf(ctx.trx, pkg, holding.org_id, holding);
    if (!standing) throw fail(API_ERROR.billStateInvalid, RECOURSE_MSG.notInRecourse);
    if (proofGiven && standing.kind === RECOURSE_KIND.refusal)
      throw fail(API_ERROR.badRequest, RECOURSE_MSG.proofNotAllowed);
    return { standing, startsRecourse: false };
  }
  const atRest =
    holding.circ_status === CIRCULATION.negotiable || holding.circ_status === CIRCULATION.notTransferable;
  if (!proofGiven) throw fail(API_ERROR.billStateInvalid, RECOURSE_MSG.notInRecourse);
  if (holding.bill_status !== BILL_STATUS.received || !atRest)
    throw fail(API_ERROR.billStateInvalid, RECOURSE_MSG.nonRefusalNotAtRest);
  if (isMatured(pkg, ctx.now)) throw fail(API_ERROR.billStateInvalid, RECOURSE_MSG.nonRefusalMatured);
  if (!input.nonRefusalReason || !input.attachmentId)
    throw fail(API_ERROR.recourseProofRequired, RECOURSE_MSG.proofRequired);
  const proof = await ctx.trx
    .selectFrom('recourse_attachments')
    .select('id')
    .where('id', '=', input.attachmentId)
    .where('org_id', '=', ctx.actor.orgId)
    .executeTakeFirst();
  if (!proof) throw fail(API_ERROR.recourseProofRequired, RECOURSE_MSG.proofNotFound);
  return {
    standing: nonRefusalStanding(
      shanghaiDate(ctx.now),
      faceBasis(pkg, {
        sub_start: Number(holding.sub_start),
        sub_end: Number(holding.sub_end),
      }),
    ),
    startsRecourse: true,
  };
}

/**
 * What a notice checks once the pursuer's standing on the holding is known: its window, the costs, and that
 * each party named is one it may reach and not already waiting on a notice of its; `barred` are parties it
 * may not pursue whatever the chain says (a pledgee's pledgor).
 */
async function checkedNotice(
  ctx: CheckContext,
  pkg: PackageRow,
  holding: HoldingRow,
  { standing, startsRecourse }: { standing: Standing; startsRecourse: boolean },
  input: NoticeTerms,
  barred: readonly string[] = [],
): Promise<NotifyChecked> {
  if (shanghaiDate(ctx.now) > standing.lastDay) {
    throw fail(
      API_ERROR.recourseLapsed,
      standing.further ? RECOURSE_MSG.lapsedFurther : RECOURSE_MSG.lapsedRefusal,
    );
  }
  const costsFen = yuanToFen(input.costs?.trim() || '0');
  if (costsFen === null) throw fail(API_ERROR.amountInvalid, RECOURSE_MSG.costsInvalid);
  if (new Set(input.debtorOrgIds).size !== input.debtorOrgIds.length)
    throw fail(API_ERROR.badRequest, RECOURSE_MSG.debtorDuplicate);
  const range: Range = { sub_start: Number(holding.sub_start), sub_end: Number(holding.sub_end) };
  const chain = await chainOf(ctx.trx, pkg, range);
  const allowed = reachable(chain, ctx.actor.orgId, standing);
  const debtors: ChainParty[] = [];
  for (const orgId of input.debtorOrgIds) {
    const party = barred.includes(orgId) ? undefined : allowed.find((p) => p.orgId === orgId);
    if (!party) {
      const discharged = standing.overdue && inChain(chain, orgId) && orgId !== ctx.actor.orgId;
      throw fail(
        API_ERROR.recourseDebtorInvalid,
        discharged ? RECOURSE_MSG.debtorDischarged : RECOURSE_MSG.debtorInvalid,
      );
    }
    const open = await ctx.trx
      .selectFrom('recourse_notices')
      .select('id')
      .where('package_id', '=', pkg.id)
      .where('pursuer_org_id', '=', ctx.actor.orgId)
      .where('debtor_org_id', '=', orgId)
      .where('sub_start', '=', range.sub_start)
      .where('status', 'in', [RECOURSE_STATUS.notified, RECOURSE_STATUS.agreed])
      .executeTakeFirst();
    if (open) throw fail(API_ERROR.conflict, RECOURSE_MSG.alreadyNotified(await orgName(ctx.trx, orgId)));
    debtors.push(party);
  }
  const names = await Promise.all(debtors.map((d) => orgName(ctx.trx, d.orgId)));
  return {
    pkg,
    holding,
    standing,
    debtors,
    costsFen,
    startsRecourse,
    summary: {
      operation:
        standing.kind === RECOURSE_KIND.nonRefusal ? RECOURSE_MSG.notifyNonRefusal : RECOURSE_MSG.notify,
      packageNo: pkg.package_no,
      amountFen: Number(holding.amount_fen),
      counterparty: names.join('、'),
      range: rangeOf(pkg, range),
    },
  };
}

/** The notices' rows and everything an act writes with them, for a holder's notice and a pledgee's alike. */
async function sendNotices(
  ctx: CommandContext,
  checked: NotifyChecked,
  input: NoticeTerms & Pick<NotifyInput, 'nonRefusalReason' | 'attachmentId'>,
): Promise<NoticeRow[]> {
  const { pkg, standing } = checked;
  let holding = checked.holding;
  if (checked.startsRecourse) {
    holding = await setStatus(ctx, holding, BILL_STATUS.received, CIRCULATION.recourse);
  }
  const range: Range = { sub_start: Number(holding.sub_start), sub_end: Number(holding.sub_end) };
  const amountFen = Number(holding.amount_fen);
  const pursuerName = await orgName(ctx.trx, ctx.actor.orgId);
  const claim = claimFen(standing.basis, shanghaiDate(ctx.now), checked.costsFen);
  const rows: NoticeRow[] = [];
  for (const debtor of checked.debtors) {
    const row: NoticeRow = {
      id: newId(),
      package_id: pkg.id,
      pursuer_org_id: ctx.actor.orgId,
      sub_start: range.sub_start,
      sub_end: range.sub_end,
      amount_fen: amountFen,
      debtor_org_id: debtor.orgId,
      debtor_role: debtor.role,
      guaranteed_org_id: debtor.guaranteedOrgId,
      debtor_rank: debtor.rank,
      kind: standing.kind,
      non_refusal_reason:
        standing.kind === RECOURSE_KIND.nonRefusal ? (input.nonRefusalReason ?? null) : null,
      attachment_id: standing.kind === RECOURSE_KIND.nonRefusal ? (input.attachmentId ?? null) : null,
      overdue: standing.overdue ? 1 : 0,
      since: standing.since,
      basis_fen: standing.basis.amountFen,
      basis_from: standing.basis.from,
      basis_kind: standing.basis.kind,
      costs_fen: checked.costsFen,
      costs_note: input.costsNote?.trim() || null,
      status: RECOURSE_STATUS.notified,
      agreed_amount_fen: null,
      clearing: null,
      agreed_on: null,
      agreed_at: null,
      agreed_by: null,
      reject_reason: null,
      payment_id: null,
      // Null for a pledgee, an institution acting through its adapter.
      applicant_user_id: ctx.actor.userId,
      notified_at: ctx.now,
      closed_at: null,
    };
    await ctx.trx.insertInto('recourse_notices').values(row).execute();
    await logNoticeAct(ctx, pkg, row, 'pursuer', 'apply', 'processing');
    const reason = [
      RECOURSE_KIND_LABEL[standing.kind],
      DEBTOR_ROLE_LABEL[debtor.role as DebtorRole],
      row.non_refusal_reason ? NON_REFUSAL_REASON[row.non_refusal_reason as NonRefusalReason] : null,
    ]
      .filter(Boolean)
      .join('，');
    await recordEvent(ctx, {
      packageId: pkg.id,
      type: BILL_EVENT.recourseNotified,
      from: ctx.actor.orgId,
      to: debtor.orgId,
      range,
      reason,
    });
    await postNotice(
      ctx.trx,
      {
        orgId: debtor.orgId,
        userId: null,
        type: NOTICE_TYPE.todo,
        title: RECOURSE_MSG.todoTitle,
        content: RECOURSE_MSG.todo(pursuerName, billText(pkg, range, amountFen), yuanText(claim)),
        link: RECOURSE_TODO_LINK,
        subject: todoSubject(row.id),
      },
      ctx.now,
    );
    rows.push(row);
  }
  const debtorIds = checked.debtors.map((d) => d.orgId);
  await announceNotices(ctx, debtorIds);
  await announce(ctx, pkg.id, [ctx.actor.orgId, ...debtorIds]);
  return rows;
}

export const notifyRecourse = ledgerCommand(async (ctx, input: NotifyInput): Promise<NotifyChecked> => {
  const { pkg, row: holding } = await enteredRecord(
    ctx,
    () => callerHolding(ctx, input.holdingId),
    RECOURSE_MSG.holdingNotFound,
  );
  return checkedNotice(ctx, pkg, holding, await standingFor(ctx, pkg, holding, input), input);
}, sendNotices);

export interface PledgeeNotifyInput extends NoticeTerms {
  pledgeId: string;
}

/**
 * A pledgee's notice (docs/domain.md, recourse by a pledgee): the institution whose presentation of a range
 * that matured pledged was refused pursues the range's earlier parties through its adapter, as a refused
 * holder does; the range stays the pledgor's, under recourse, and the pledgor is no party it pursues.
 */
export const notifyAsPledgee = ledgerCommand(
  async (ctx, input: PledgeeNotifyInput): Promise<NotifyChecked> => {
    const { pkg, row: pledge } = await enteredRecord(
      ctx,
      async () => {
        const pledge = await pledgeById(ctx.trx, input.pledgeId);
        return pledge?.pledgee_org_id === ctx.actor.orgId ? pledge : undefined;
      },
      RECOURSE_MSG.pledgeNotFound,
    );
    if (pledge.holding_id === null || pledge.released_at !== null)
      throw fail(API_ERROR.billStateInvalid, RECOURSE_MSG.notInRecourse);
    const holding = await holdingOf(ctx.trx, pledge.holding_id);
    if (holding.ended_at !== null) throw fail(API_ERROR.billStateInvalid, RECOURSE_MSG.notInRecourse);
    if (holding.circ_status === CIRCULATION.frozen) throw fail(API_ERROR.billLocked, RECOURSE_MSG.frozen);
    if (holding.circ_status !== CIRCULATION.recourse)
      throw fail(API_ERROR.billStateInvalid, RECOURSE_MSG.notInRecourse);
    const standing = await standingOf(ctx.trx, pkg, ctx.actor.orgId, holding);
    if (!standing) throw fail(API_ERROR.billStateInvalid, RECOURSE_MSG.notInRecourse);
    return checkedNotice(ctx, pkg, holding, { standing, startsRecourse: false }, input, [
      pledge.pledgor_org_id,
    ]);
  },
  sendNotices,
);

// ---- the answers

interface AnswerChecked extends Answering<NoticeRow> {
  holding: HoldingRow;
}

/** A notice between the holder pursuing (追索人) and the debtor it was sent to (被追索人), about one range. */
const NOTICE: TwoSided<NoticeRow, Side> = {
  read: (trx, id) => trx.selectFrom('recourse_notices').selectAll().where('id', '=', id).executeTakeFirst(),
  sides: (row) => ({ debtor: row.debtor_org_id, pursuer: row.pursuer_org_id }),
  notFound: RECOURSE_MSG.notFound,
  notOnSide: { debtor: RECOURSE_MSG.notDebtor, pursuer: RECOURSE_MSG.notPursuer },
  closed: (notice, side) => {
    const waitingFor = side === 'debtor' ? RECOURSE_STATUS.notified : RECOURSE_STATUS.agreed;
    if (notice.status === waitingFor) return null;
    const closed =
      side === 'pursuer' && notice.status === RECOURSE_STATUS.notified
        ? RECOURSE_MSG.notAgreed
        : RECOURSE_MSG.notWaiting[notice.status as keyof typeof RECOURSE_MSG.notWaiting];
    return closed ?? RECOURSE_MSG.notFound;
  },
  about: (notice) => ({
    range: rangeOfNotice(notice),
    amountFen: Number(notice.agreed_amount_fen ?? notice.amount_fen),
  }),
};

/** A notice the caller answers from `side`, its range still the pursuer's under recourse; 404/403/409 otherwise. */
async function answerable(
  ctx: CheckContext,
  id: string,
  side: Side,
  operation: string,
): Promise<AnswerChecked> {
  const answering = await answeringSide(ctx, NOTICE, id, side, operation);
  const notice = answering.row;
  const holding = await pursuedHolding(
    ctx.trx,
    answering.pkg.id,
    notice.pursuer_org_id,
    rangeOfNotice(notice),
  );
  return { ...answering, holding };
}

/** How an answer moves a notice on, between waiting (待清偿) and agreed (已同意清偿). */
interface NoticeMove {
  /** The status the notice must still have (409 `refusal` when another answer moved it first), and the change. */
  from: RecourseStatus;
  changed: Partial<NoticeRow>;
  refusal: string;
  /** Who answers: the event runs from that side to the other, which gets the to-do `todo`. */
  by: Side;
  event: BillEventType;
  reason: string;
  /** The to-do the answer settles. */
  settles: string;
  todo: Pick<NewNotice, 'title' | 'content' | 'link' | 'subject'>;
}

async function moveNotice(
  ctx: CommandContext,
  pkg: PackageRow,
  notice: NoticeRow,
  move: NoticeMove,
): Promise<NoticeRow> {
  await onlyAnswer(
    ctx.trx
      .updateTable('recourse_notices')
      .set(move.changed)
      .where('id', '=', notice.id)
      .where('status', '=', move.from),
    move.refusal,
  );
  const [from, to] =
    move.by === 'debtor'
      ? [notice.debtor_org_id, notice.pursuer_org_id]
      : [notice.pursuer_org_id, notice.debtor_org_id];
  await endAnswer(ctx, {
    event: {
      packageId: pkg.id,
      type: move.event,
      from,
      to,
      range: rangeOfNotice(notice),
      reason: move.reason,
    },
    settles: move.settles,
    notices: [{ orgId: to, type: NOTICE_TYPE.todo, ...move.todo }],
    parties: [notice.pursuer_org_id, notice.debtor_org_id],
  });
  return { ...notice, ...move.changed };
}

export interface AgreeInput {
  id: string;
  amount: string;
  clearing: Clearing;
}

interface AgreeChecked extends AnswerChecked {
  amountFen: number;
}

/** 同意清偿: at most the claim of the day, and only while no other party's waits on the range. */
export const agreeRecourse = ledgerCommand(
  async (ctx, input: AgreeInput): Promise<AgreeChecked> => {
    const amountFen = yuanToFen(input.amount);
    if (amountFen === null || amountFen < 1) throw fail(API_ERROR.amountInvalid, RECOURSE_MSG.amountInvalid);
    const checked = await answerable(ctx, input.id, 'debtor', RECOURSE_MSG.agree);
    const { row: notice, pkg } = checked;
    if (await agreedOn(ctx.trx, pkg.id, rangeOfNotice(notice)))
      throw fail(API_ERROR.recourseAgreementPending, RECOURSE_MSG.agreementPending);
    const claim = claimFen(noticeBasis(notice, pkg), shanghaiDate(ctx.now), Number(notice.costs_fen));
    if (amountFen > claim)
      throw fail(API_ERROR.amountInvalid, RECOURSE_MSG.amountAboveClaim(yuanText(claim)));
    return { ...checked, amountFen, summary: { ...checked.summary, amountFen } };
  },
  async (ctx, { pkg, row: notice, amountFen }, input): Promise<NoticeRow> => {
    const changed: Partial<NoticeRow> = {
      status: RECOURSE_STATUS.agreed,
      agreed_amount_fen: amountFen,
      clearing: input.clearing,
      agreed_on: shanghaiDate(ctx.now),
      agreed_at: ctx.now,
      agreed_by: ctx.actor.userId,
    };
    const agreed = await moveNotice(ctx, pkg, notice, {
      from: RECOURSE_STATUS.notified,
      changed,
      refusal: RECOURSE_MSG.agreementPending,
      by: 'debtor',
      event: BILL_EVENT.recourseAgreed,
      reason: `清偿金额${yuanText(amountFen)}元，${CLEARING_LABEL[input.clearing]}`,
      settles: todoSubject(notice.id),
      todo: {
        title: RECOURSE_MSG.agreedTitle,
        content: RECOURSE_MSG.agreedTodo(
          await orgName(ctx.trx, notice.debtor_org_id),
          billText(pkg, rangeOfNotice(notice), Number(notice.amount_fen)),
          yuanText(amountFen),
          CLEARING_LABEL[input.clearing],
        ),
        link: RECOURSE_SIGN_LINK,
        subject: agreementSubject(notice.id),
      },
    });
    await logNoticeAct(ctx, pkg, agreed, 'debtor', 'agree', 'processing');
    return agreed;
  },
);

/**
 * Returns an agreed notice to waiting (the holder's refusal, or a 线上 payment the bank refused): the party
 * is told why and may agree again; another party may now agree. The operation log shows the party's 同意清偿
 * failed and the holder's act that ended it (`holderAct`: its rejection, or its signature the bank refused).
 */
async function reopen(
  ctx: CommandContext,
  pkg: PackageRow,
  notice: NoticeRow,
  reason: string,
  holderAct: { opType: OpType; status: 'success' | 'failed' },
): Promise<NoticeRow> {
  await endLogged(ctx, notice.debtor_org_id, notice.id, 'agree', 'failed');
  await logNoticeAct(ctx, pkg, notice, 'pursuer', holderAct.opType, holderAct.status);
  const changed: Partial<NoticeRow> = {
    status: RECOURSE_STATUS.notified,
    agreed_amount_fen: null,
    clearing: null,
    agreed_on: null,
    agreed_at: null,
    agreed_by: null,
    reject_reason: reason,
  };
  return moveNotice(ctx, pkg, notice, {
    from: RECOURSE_STATUS.agreed,
    changed,
    refusal: RECOURSE_MSG.notAgreed,
    by: 'pursuer',
    event: BILL_EVENT.recourseRejected,
    reason,
    settles: agreementSubject(notice.id),
    todo: {
      title: RECOURSE_MSG.rejectedTitle,
      content: RECOURSE_MSG.rejectedNotice(
        await orgName(ctx.trx, notice.pursuer_org_id),
        billText(pkg, rangeOfNotice(notice), Number(notice.amount_fen)),
        reason,
      ),
      link: RECOURSE_TODO_LINK,
      subject: todoSubject(notice.id),
    },
  });
}

export interface RejectInput {
  id: string;
  reason: string;
}

export const rejectRecourse = ledgerCommand(
  async (ctx, input: RejectInput): Promise<AnswerChecked> => {
    if (!input.reason.trim()) throw fail(API_ERROR.badRequest, RECOURSE_MSG.reasonRequired);
    return answerable(ctx, input.id, 'pursuer', RECOURSE_MSG.reject);
  },
  async (ctx, { pkg, row: notice }, input) =>
    reopen(ctx, pkg, notice, input.reason.trim(), { opType: 'reject', status: 'success' }),
);

/** The holder's view of a notice it may still withdraw: the party has not answered it. */
const WITHDRAWABLE: TwoSided<NoticeRow, Side> = {
  ...NOTICE,
  closed: (notice) => {
    if (notice.status === RECOURSE_STATUS.notified) return null;
    if (notice.status === RECOURSE_STATUS.agreed) return RECOURSE_MSG.answered;
    return (
      RECOURSE_MSG.notWaiting[notice.status as keyof typeof RECOURSE_MSG.notWaiting] ?? RECOURSE_MSG.notFound
    );
  },
};

/**
 * 撤回: the holder takes back a notice the party has not answered (no 同意清偿 waits on it, none was signed);
 * the party's to-do closes and it is told. Against the party's 同意清偿 at the same moment exactly one wins:
 * both move the notice on from 待清偿 only. The holder may notify the party again later.
 */
export const withdrawRecourse = ledgerCommand(
  async (ctx, id: string): Promise<Answering<NoticeRow>> =>
    answeringSide(ctx, WITHDRAWABLE, id, 'pursuer', RECOURSE_MSG.withdraw),
  async (ctx, { pkg, row: notice }): Promise<NoticeRow> => {
    const changed: Partial<NoticeRow> = { status: RECOURSE_STATUS.withdrawn, closed_at: ctx.now };
    await onlyAnswer(
      ctx.trx
        .updateTable('recourse_notices')
        .set(changed)
        .where('id', '=', notice.id)
        .where('status', '=', RECOURSE_STATUS.notified),
      RECOURSE_MSG.answered,
    );
    await logNoticeAct(ctx, pkg, notice, 'pursuer', 'withdraw', 'success');
    await endLogged(ctx, notice.pursuer_org_id, notice.id, 'apply', 'failed');
    const range = rangeOfNotice(notice);
    await endAnswer(ctx, {
      event: {
        packageId: pkg.id,
        type: BILL_EVENT.recourseWithdrawn,
        from: notice.pursuer_org_id,
        to: notice.debtor_org_id,
        range,
      },
      settles: todoSubject(notice.id),
      notices: [
        {
          orgId: notice.debtor_org_id,
          type: NOTICE_TYPE.announcement,
          title: RECOURSE_MSG.withdrawnTitle,
          content: RECOURSE_MSG.withdrawnNotice(
            await orgName(ctx.trx, notice.pursuer_org_id),
            billText(pkg, range, Number(notice.amount_fen)),
          ),
        },
      ],
      parties: [notice.pursuer_org_id, notice.debtor_org_id],
    });
    return { ...notice, ...changed };
  },
);

export interface SignOutcome {
  notice: NoticeRow;
  paid: boolean;
}

/** The holder's signature, with the settlement gateway a 线上 清偿 moves money through. */
export function recourseCommands(settlement: SettlementGateway) {
  const signRecourse = ledgerCommand(
    async (ctx, id: string): Promise<AnswerChecked> => answerable(ctx, id, 'pursuer', RECOURSE_MSG.sign),
    async (ctx, { pkg, row: notice, holding }): Promise<SignOutcome> => {
      const amountFen = Number(notice.agreed_amount_fen);
      let paymentId: string | null = null;
      if (notice.clearing === CLEARING.online) {
        const paid = await payBetween(ctx.trx, settlement, {
          fromOrgId: notice.debtor_org_id,
          toOrgId: notice.pursuer_org_id,
          amountFen,
          // One agreement, one payment: an agreement made again after a refused payment is a new one.
          reference: `recourse:${notice.id}:${notice.agreed_at}`,
          remark: RECOURSE_REMARK,
        });
        if (paid.status === 'refused') {
          const why = CLEARING_FAILURE[paid.reason] ?? paid.reason;
          return {
            notice: await reopen(ctx, pkg, notice, RECOURSE_MSG.clearingFailed(why), {
              opType: 'sign',
              status: 'failed',
            }),
            paid: false,
          };
        }
        paymentId = paid.paymentId;
      }
      await onlyAnswer(
        ctx.trx
          .updateTable('recourse_notices')
          .set({ status: RECOURSE_STATUS.paid, payment_id: paymentId, closed_at: ctx.now })
          .where('id', '=', notice.id)
          .where('status', '=', RECOURSE_STATUS.agreed),
        RECOURSE_MSG.notWaiting.paid,
      );
      await logNoticeAct(ctx, pkg, notice, 'pursuer', 'sign', 'success');
      await endLogged(ctx, notice.pursuer_org_id, notice.id, 'apply', 'success');
      await endLogged(ctx, notice.debtor_org_id, notice.id, 'agree', 'success');
      const range = rangeOfNotice(notice);
      const bill = billText(pkg, range, Number(notice.amount_fen));
      await recordEvent(ctx, {
        packageId: pkg.id,
        type: BILL_EVENT.recoursePaid,
        from: notice.pursuer_org_id,
        to: notice.debtor_org_id,
        range,
        reason: `清偿金额${yuanText(amountFen)}元，${CLEARING_LABEL[notice.clearing as Clearing]}`,
      });
      // The range is paid: every other notice the holder sent for it ends.
      const others = await ctx.trx
        .selectFrom('recourse_notices')
        .selectAll()
        .where('package_id', '=', pkg.id)
        .where('pursuer_org_id', '=', notice.pursuer_org_id)
        .where('sub_start', '=', range.sub_start)
        .where('status', '=', RECOURSE_STATUS.notified)
        .execute();
      const payerName = await orgName(ctx.trx, notice.debtor_org_id);
      const told: string[] = [];
      for (const other of others) {
        await ctx.trx
          .updateTable('recourse_notices')
          .set({ status: RECOURSE_STATUS.closed, closed_at: ctx.now })
          .where('id', '=', other.id)
          .where('status', '=', RECOURSE_STATUS.notified)
          .execute();
        await endLogged(ctx, other.pursuer_org_id, other.id, 'apply', 'failed');
        told.push(...(await closeNotices(ctx.trx, todoSubject(other.id), ctx.now)), other.debtor_org_id);
        await postNotice(
          ctx.trx,
          {
            orgId: other.debtor_org_id,
            userId: null,
            type: NOTICE_TYPE.announcement,
            title: RECOURSE_MSG.closedTitle,
            content: RECOURSE_MSG.closedNotice(bill, payerName),
          },
          ctx.now,
        );
      }
      const settles = settlesRange(notice.debtor_role as DebtorRole);
      const pledge = await pledgedTo(ctx.trx, holding.id, notice.pursuer_org_id);
      if (settles) {
        await setStatus(ctx, holding, BILL_STATUS.settled, CIRCULATION.ended);
      } else {
        const account = await verifiedSettlementAccountOf(ctx.trx, notice.debtor_org_id);
        const taken = await transfer(
          ctx,
          pkg,
          holding,
          { orgId: notice.debtor_org_id, accountId: account?.id ?? null },
          BILL_STATUS.received,
          ctx.now,
        );
        await setStatus(ctx, taken, BILL_STATUS.received, CIRCULATION.recourse);
      }
      if (pledge) {
        // The pledgee was paid what the range owed it: the pledge ends as a paid one does, and what it
        // secured takes the proceeds (a pledge financing is repaid from them).
        await endPledgeWithBill(ctx, pledge);
        await pledgeeProceeds(ctx, { pledge, amountFen, paymentId });
        await postNotice(
          ctx.trx,
          {
            orgId: pledge.pledgor_org_id,
            userId: null,
            type: NOTICE_TYPE.announcement,
            title: RECOURSE_MSG.pledgeePaidTitle,
            content: RECOURSE_MSG.pledgeePaidNotice(
              await orgName(ctx.trx, notice.pursuer_org_id),
              bill,
              payerName,
              yuanText(amountFen),
              settles,
            ),
          },
          ctx.now,
        );
        told.push(pledge.pledgor_org_id);
      }
      told.push(...(await closeNotices(ctx.trx, agreementSubject(notice.id), ctx.now)));
      await postNotice(
        ctx.trx,
        {
          orgId: notice.debtor_org_id,
          userId: null,
          type: NOTICE_TYPE.announcement,
          title: RECOURSE_MSG.paidTitle,
          content: RECOURSE_MSG.paidNotice(
            await orgName(ctx.trx, notice.pursuer_org_id),
            bill,
            yuanText(amountFen),
            settles,
          ),
        },
        ctx.now,
      );
      await announceNotices(ctx, [...told, notice.debtor_org_id]);
      await announce(ctx, pkg.id, [
        notice.pursuer_org_id,
        notice.debtor_org_id,
        ...others.map((o) => o.debtor_org_id),
        ...(pledge ? [pledge.pledgor_org_id] : []),
      ]);
      return {
        notice: { ...notice, status: RECOURSE_STATUS.paid, payment_id: paymentId, closed_at: ctx.now },
        paid: true,
      };
    },
  );
  return { signRecourse };
}
