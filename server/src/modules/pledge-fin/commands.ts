import { API_ERROR } from '@contract/errors';
import { NOTICE_TYPE } from '@contract/notice';
import {
  APPROVAL_RESULT,
  OPINION_MAX,
  PLEDGE_FIN_ACTION,
  PLEDGE_FIN_BILLS_MAX,
  PLEDGE_FIN_OPEN_STATES,
  PLEDGE_FIN_STATE,
  PURPOSE_MAX,
  pledgeFinDetailLink,
  type PledgeFinAction,
  type PledgeFinState,
} from '@contract/pledge-fin';
import type {
  PledgeFinApproveRequest,
  PledgeFinCancelRequest,
  PledgeFinCreateRequest,
  PledgeFinSaveRequest,
} from '@contract/pledge-fin-schemas';
import { REALTIME_EVENT } from '@contract/realtime';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import { lockWithinTransaction } from '../../db/locks';
import type { Database, PledgeFinancingTable } from '../../db/schema';
import { isCalendarDate } from '../../lib/calendar-date';
import { fail } from '../../lib/errors';
import { newId, randomHexUpper } from '../../lib/hash';
import { fenToYuan, yuanText } from '../../lib/money';
import type { Realtime } from '../../lib/realtime-hub';
import { shanghaiDate, shanghaiParts } from '../../lib/shanghai-time';
import {
  BILL_LOCK_STATUS,
  endLock,
  holdPackages,
  lockHolding,
  locksOf,
  type CommandScope,
  type LockOwner,
} from '../bills/service';
import { closeNotices, postNotice } from '../notice/service';
import { requireFunction } from '../org-function/service';
import { loanDays, principalOf } from './cost';
import { PLEDGE_FIN_MSG } from './messages';
import {
  financingOf,
  lineFen,
  productById,
  usedLineFen,
  type FinancingRow,
  type ProductRow,
} from './queries';
import { isPledgeable, mayAct, pledgeValueFen, requireState, stateRefused, TRANSITIONS } from './rules';

/**
 * The writes of pledge financing (docs/domain.md, pledge financing). Each command runs in the caller's
 * transaction, asks whether the organisation has 质押融资 open, checks everything it can before writing,
 * changes the state in one conditional update (so of two acts at once exactly one wins), writes the history
 * and announces the change with the transaction.
 */

/** Who acts, when, and the hub that tells the organisation's screens (none in the demo seed). */
export interface PledgeFinContext {
  trx: Db;
  orgId: string;
  /** Null for the institution's acts (the pay-out) and the platform's (a financing ended for its bills). */
  userId: string | null;
  now: number;
  realtime?: Realtime | null;
}

const FUNCTION = 'PLEDGE_FIN';

/** The acting member of an act only a member makes. */
function memberOf(ctx: PledgeFinContext): string {
  if (ctx.userId === null) throw new Error('a member’s act made without one');
  return ctx.userId;
}

function purposeOf(text: string | undefined, required: boolean): string {
  const purpose = (text ?? '').trim();
  if (required && purpose === '') throw fail(API_ERROR.badRequest, PLEDGE_FIN_MSG.purposeRequired);
  if (purpose.length > PURPOSE_MAX) throw fail(API_ERROR.badRequest, PLEDGE_FIN_MSG.purposeTooLong);
  return purpose;
}

async function productOf(trx: Db, id: string): Promise<ProductRow> {
  const product = await productById(trx, id);
  if (!product) throw fail(API_ERROR.pledgeFinProductInvalid, PLEDGE_FIN_MSG.productInvalid);
  return product;
}

/** The product's terms a financing copies, so a later change of the product leaves it as it was asked for. */
const termsOf = (product: ProductRow) => ({
  product_id: product.id,
  institution_org_id: product.institution_org_id,
  annual_rate: product.annual_rate,
  pledge_ratio: product.pledge_ratio,
  fee_rate: product.fee_rate,
  repayment_mode: product.repayment_mode,
  day_basis: product.day_basis,
  penalty_rate: product.penalty_rate,
});

function distinctIds(ids: readonly string[]): string[] {
  if (ids.length > PLEDGE_FIN_BILLS_MAX) throw fail(API_ERROR.badRequest, PLEDGE_FIN_MSG.tooManyBills);
  if (new Set(ids).size !== ids.length) throw fail(API_ERROR.badRequest, PLEDGE_FIN_MSG.billsRepeated);
  return [...ids];
}

/** The caller's current holdings of these ids with their packages, in the order given; 404 for any other. */
async function heldBills(trx: Db, orgId: string, holdingIds: readonly string[]) {
  if (holdingIds.length === 0) return [];
  const rows = await trx
    .selectFrom('bill_holdings as h')
    .innerJoin('bill_packages as p', 'p.id', 'h.package_id')
    .select([
      'h.id',
      'h.package_id',
      'h.amount_fen',
      'h.bill_status',
      'h.circ_status',
      'p.package_no',
      'p.due_date',
      'p.no_transfer',
    ])
    .where('h.id', 'in', holdingIds)
    .where('h.org_id', '=', orgId)
    .where('h.ended_at', 'is', null)
    .execute();
  const byId = new Map(rows.map((row) => [row.id, row]));
  return holdingIds.map((id) => {
    const row = byId.get(id);
    if (!row) throw fail(API_ERROR.notFound, PLEDGE_FIN_MSG.holdingNotFound);
    return row;
  });
}

type HeldBillRow = Awaited<ReturnType<typeof heldBills>>[number];

/**
 * The chosen bills, each one the organisation may pledge today and none backing another open financing.
 * Each holding is locked for the rest of the transaction first, so two financings choosing the same bill at
 * once are decided one after the other.
 */
async function pledgeableBills(
  trx: Db,
  orgId: string,
  holdingIds: readonly string[],
  today: string,
  financingId: string,
): Promise<HeldBillRow[]> {
  for (const id of [...holdingIds].sort()) {
    await lockWithinTransaction(trx as Transaction<Database>, `pledge-fin-holding:${id}`);
  }
  const bills = await heldBills(trx, orgId, holdingIds);
  // Another financing's bill is locked too: say which financing holds it before saying it is locked.
  const taken = await trx
    .selectFrom('pledge_fin_bills as b')
    .innerJoin('pledge_financings as f', 'f.id', 'b.financing_id')
    .select('b.holding_id')
    .where('b.holding_id', 'in', holdingIds)
    .where('f.id', '!=', financingId)
    .where('f.state', 'in', PLEDGE_FIN_OPEN_STATES)
    .executeTakeFirst();
  if (taken) {
    const bill = bills.find((b) => b.id === taken.holding_id);
    throw fail(API_ERROR.pledgeFinBillTaken, PLEDGE_FIN_MSG.billTaken(bill?.package_no ?? ''));
  }
  for (const bill of bills) {
    if (!isPledgeable(bill, today)) {
      throw fail(API_ERROR.pledgeFinBillIneligible, PLEDGE_FIN_MSG.billIneligible(bill.package_no));
    }
  }
  return bills;
}

/** The ledger scope of the acting member, for the ledger's commands run within a financing's command. */
export const ledgerScope = (ctx: PledgeFinContext): CommandScope => ({
  trx: ctx.trx,
  now: ctx.now,
  actor: { orgId: ctx.orgId, userId: ctx.userId },
  realtime: ctx.realtime ?? null,
});

/**
 * Takes the financing's lock, after its bills' packages in order of key (docs/domain.md, the order of
 * locks): every act on a financing holds it, and one that settles or ends the financing enters those
 * packages next (releasing, pledging or unlocking its bills), so it must not hold the financing while a
 * payment holding one of them waits for it.
 */
export async function lockFinancing(trx: Db, financingId: string): Promise<void> {
  await holdPackages(trx, await packagesOfFinancing(trx, [financingId]));
  await lockWithinTransaction(trx as Transaction<Database>, `pledge-fin:${financingId}`);
}

/** The packages of the financings' bills. */
export async function packagesOfFinancing(trx: Db, financingIds: readonly string[]): Promise<string[]> {
  if (financingIds.length === 0) return [];
  const rows = await trx
    .selectFrom('pledge_fin_bills')
    .select('package_id')
    .distinct()
    .where('financing_id', 'in', financingIds)
    .execute();
  return rows.map((row) => row.package_id);
}

/**
 * The packages a command entering `packageIds` holds with them: every bill of each open financing one of
 * those packages' bills backs, since an act of the financing under its lock may enter them all (onPackageCompanions).
 */
export const financingCompanions = (trx: Db, packageIds: readonly string[]) => companionsOf(trx, packageIds);

/** The packages of every open financing one of the packages' bills backs. */
export async function companionsOf(trx: Db, packageIds: readonly string[]): Promise<string[]> {
  if (packageIds.length === 0) return [];
  const rows = await trx
    .selectFrom('pledge_fin_bills as b')
    .innerJoin('pledge_financings as f', 'f.id', 'b.financing_id')
    .innerJoin('pledge_fin_bills as other', 'other.financing_id', 'b.financing_id')
    .select('other.package_id')
    .distinct()
    .where('b.package_id', 'in', packageIds)
    .where('f.state', 'in', PLEDGE_FIN_OPEN_STATES)
    .execute();
  return rows.map((row) => row.package_id);
}

/** The financing's locks on the ledger are named after it. */
export const lockOwner = (financingId: string): LockOwner => ({ type: 'pledge-financing', id: financingId });

/** In one order of packages, so two commands locking bills of the same packages never wait on each other. */
export const byPackage = <T extends { package_id: string }>(rows: readonly T[]) =>
  [...rows].sort((a, b) => (a.package_id < b.package_id ? -1 : a.package_id > b.package_id ? 1 : 0));

/**
 * Locks each chosen bill on the ledger (TF0302) for the financing, in the ledger's transaction and under its
 * invariant: from now on nothing else (an endorsement, a discount, a pledge) can take it until the financing
 * ends or pledges it.
 */
async function lockBills(ctx: PledgeFinContext, financingId: string, bills: readonly HeldBillRow[]) {
  for (const bill of byPackage(bills)) {
    await lockHolding(ledgerScope(ctx), {
      holdingId: bill.id,
      owner: lockOwner(financingId),
      operation: PLEDGE_FIN_MSG.lockOperation,
    });
  }
}

/** Ends the financing's active locks: its bills rest again, joined with what the holder keeps alike. */
export async function unlockBills(ctx: PledgeFinContext, financingId: string): Promise<void> {
  for (const lock of byPackage(await locksOf(ctx.trx, lockOwner(financingId)))) {
    await endLock(ledgerScope(ctx), { lockId: lock.id, join: true });
  }
}

/**
 * The financing's bills are still locked for it and none has matured: an authority's freeze breaks a lock,
 * and a bill matures whatever waits on it. Refused with the first bill that no longer qualifies.
 */
export async function requireLockedBills(ctx: PledgeFinContext, financingId: string): Promise<void> {
  const bills = await ctx.trx
    .selectFrom('pledge_fin_bills as b')
    .innerJoin('bill_packages as p', 'p.id', 'b.package_id')
    .leftJoin('bill_locks as l', (join) =>
      join
        .onRef('l.holding_id', '=', 'b.holding_id')
        .on('l.owner_type', '=', lockOwner(financingId).type)
        .on('l.owner_id', '=', financingId)
        .on('l.status', '=', BILL_LOCK_STATUS.active),
    )
    .select(['p.package_no', 'p.due_date', 'l.id as lock_id'])
    .where('b.financing_id', '=', financingId)
    .orderBy('b.seq')
    .execute();
  const today = shanghaiDate(ctx.now);
  for (const bill of bills) {
    if (bill.lock_id === null || bill.due_date <= today) {
      throw fail(API_ERROR.pledgeFinBillIneligible, PLEDGE_FIN_MSG.billIneligible(bill.package_no));
    }
  }
}

async function writeBills(trx: Db, financingId: string, bills: readonly HeldBillRow[]): Promise<void> {
  await trx.deleteFrom('pledge_fin_bills').where('financing_id', '=', financingId).execute();
  if (bills.length === 0) return;
  await trx
    .insertInto('pledge_fin_bills')
    .values(
      bills.map((bill, index) => ({
        financing_id: financingId,
        holding_id: bill.id,
        package_id: bill.package_id,
        seq: index + 1,
      })),
    )
    .execute();
}

export async function logAct(
  ctx: PledgeFinContext,
  financingId: string,
  action: PledgeFinAction,
  from: PledgeFinState | null,
  to: PledgeFinState,
  opinion: string | null = null,
): Promise<void> {
  const last = await ctx.trx
    .selectFrom('pledge_fin_history')
    .select((eb) => eb.fn.max<number | null>('seq').as('seq'))
    .where('financing_id', '=', financingId)
    .executeTakeFirst();
  await ctx.trx
    .insertInto('pledge_fin_history')
    .values({
      id: newId(),
      financing_id: financingId,
      action,
      from_state: from,
      to_state: to,
      user_id: ctx.userId,
      opinion,
      at: ctx.now,
      seq: Number(last?.seq ?? 0) + 1,
    })
    .execute();
  await ctx.realtime?.publishToOrg(
    ctx.orgId,
    { type: REALTIME_EVENT.pledgeFin, payload: { financingId, state: to } },
    ctx.trx,
  );
}

/**
 * Moves the financing by `action` from the state it was read in, with `set`: refused 409 when the act is
 * not allowed from that state, or when another act changed it first.
 */
export async function move(
  ctx: PledgeFinContext,
  row: FinancingRow,
  action: PledgeFinAction,
  actName: string,
  set: Partial<PledgeFinancingTable> = {},
  opinion: string | null = null,
): Promise<PledgeFinState> {
  const from = row.state as PledgeFinState;
  requireState(row, TRANSITIONS[action].from, actName);
  const to = TRANSITIONS[action].to;
  const result = await ctx.trx
    .updateTable('pledge_financings')
    .set({ ...set, state: to, updated_at: ctx.now })
    .where('id', '=', row.id)
    .where('state', '=', from)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    const now = await financingOf(ctx.trx, ctx.orgId, row.id);
    // Another act moved it first: refused with the state it moved it to.
    throw stateRefused(now?.state ?? from, actName);
  }
  await logAct(ctx, row.id, action, from, to, opinion);
  // Signed or cancelled, the institution's failed signature no longer waits for a retry.
  if (
    from === PLEDGE_FIN_STATE.signing &&
    (await closeNotices(ctx.trx, countersignSubject(row.id), ctx.now)).length > 0
  )
    await announceNotices(ctx);
  return to;
}

/** A financing's to-do while the institution's signature failed: it closes on a retry or once it is signed. */
export const countersignSubject = (id: string) => `pledge-financing-countersign:${id}`;

async function ownFinancing(ctx: PledgeFinContext, id: string): Promise<FinancingRow> {
  const row = await financingOf(ctx.trx, ctx.orgId, id);
  if (!row) throw fail(API_ERROR.notFound, PLEDGE_FIN_MSG.financingNotFound);
  return row;
}

/** What a financing's to-do is about, so the answer closes it. */
const todoSubject = (id: string) => `pledge-financing:${id}`;

/** The organisation's bells reload: a to-do arrived or closed. */
export const announceNotices = (ctx: PledgeFinContext) =>
  ctx.realtime?.publishToOrg(ctx.orgId, { type: REALTIME_EVENT.notice, payload: {} }, ctx.trx);

/**
 * The borrower's to-do about `subject` is replaced: the open one closes and, given a `todo`, a new one leads
 * its members to the financing's page; the bells reload.
 */
export async function renewBorrowerTodo(
  ctx: PledgeFinContext,
  row: FinancingRow,
  subject: string,
  todo: { title: string; content: string } | null,
): Promise<void> {
  await closeNotices(ctx.trx, subject, ctx.now);
  if (todo) {
    await postNotice(
      ctx.trx,
      {
        orgId: row.org_id,
        userId: null,
        type: NOTICE_TYPE.todo,
        title: todo.title,
        content: todo.content,
        link: pledgeFinDetailLink(row.id),
        subject,
      },
      ctx.now,
    );
  }
  await announceNotices(ctx);
}

/** The checkers are told a financing waits for them: a to-do for the organisation's members. */
async function askApproval(ctx: PledgeFinContext, id: string, product: ProductRow, amountFen: number) {
  const [financing, applicant, institution] = await Promise.all([
    financingOf(ctx.trx, ctx.orgId, id),
    ctx.trx.selectFrom('users').select('name').where('id', '=', memberOf(ctx)).executeTakeFirst(),
    ctx.trx
      .selectFrom('organizations')
      .select('name')
      .where('id', '=', product.institution_org_id)
      .executeTakeFirst(),
  ]);
  await postNotice(
    ctx.trx,
    {
      orgId: ctx.orgId,
      userId: null,
      type: NOTICE_TYPE.todo,
      title: PLEDGE_FIN_MSG.todoTitle,
      content: PLEDGE_FIN_MSG.todoContent(
        applicant?.name ?? '',
        financing?.fin_no ?? '',
        yuanText(amountFen),
        institution?.name ?? '',
      ),
      link: pledgeFinDetailLink(id),
      subject: todoSubject(id),
    },
    ctx.now,
  );
  await announceNotices(ctx);
}

/** The financing no longer waits for approval: its to-do closes for everyone. */
async function closeApproval(ctx: PledgeFinContext, id: string) {
  if ((await closeNotices(ctx.trx, todoSubject(id), ctx.now)).length > 0) await announceNotices(ctx);
}

function finNumber(now: number): string {
  const p = shanghaiParts(now);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `RZ${p.year}${pad(p.month)}${pad(p.day)}${randomHexUpper(4)}`;
}

/** A new financing in the draft state, its creation recorded in the history; its id. */
async function newDraft(ctx: PledgeFinContext, purpose: string): Promise<FinancingRow> {
  const row: FinancingRow = {
    id: newId(),
    org_id: ctx.orgId,
    fin_no: finNumber(ctx.now),
    state: PLEDGE_FIN_STATE.draft,
    product_id: null,
    institution_org_id: null,
    principal_fen: null,
    annual_rate: null,
    pledge_ratio: null,
    fee_rate: null,
    repayment_mode: null,
    day_basis: null,
    penalty_rate: null,
    value_date: null,
    maturity_date: null,
    purpose,
    created_by: memberOf(ctx),
    submitted_by: null,
    submitted_at: null,
    approved_by: null,
    approved_at: null,
    opinion: null,
    created_at: ctx.now,
    updated_at: ctx.now,
    fee_fen: null,
    net_fen: null,
    paid_out_at: null,
    payout_payment_id: null,
  };
  await ctx.trx.insertInto('pledge_financings').values(row).execute();
  return row;
}

/**
 * `POST /api/pledge-fin/save`: keeps what the applicant filled in as a draft (524000000), new or one of the
 * organisation's drafts. Only what is there is checked: the product exists, the bills are the
 * organisation's current holdings, the amount and date are well formed. Returns the draft's id.
 */
export async function saveDraft(ctx: PledgeFinContext, body: PledgeFinSaveRequest): Promise<string> {
  await requireFunction(ctx.trx, ctx.orgId, FUNCTION);
  const purpose = purposeOf(body.purpose, false);
  const product = body.productId === undefined ? undefined : await productOf(ctx.trx, body.productId);
  const holdingIds = body.holdingIds === undefined ? undefined : distinctIds(body.holdingIds);
  const bills = holdingIds === undefined ? undefined : await heldBills(ctx.trx, ctx.orgId, holdingIds);
  const amount = body.amount === undefined || body.amount.trim() === '' ? null : principalOf(body.amount);
  const maturity = body.maturityDate === undefined || body.maturityDate === '' ? null : body.maturityDate;
  if (maturity !== null && !isCalendarDate(maturity)) {
    throw fail(API_ERROR.pledgeFinDateInvalid, PLEDGE_FIN_MSG.maturityDateInvalid);
  }
  const row = body.id === undefined ? await newDraft(ctx, purpose) : await ownFinancing(ctx, body.id);
  await move(ctx, row, PLEDGE_FIN_ACTION.save, PLEDGE_FIN_MSG.act.save, {
    ...(product ? termsOf(product) : {}),
    ...(body.amount === undefined ? {} : { principal_fen: amount }),
    ...(body.maturityDate === undefined ? {} : { maturity_date: maturity }),
    value_date: shanghaiDate(ctx.now),
    purpose,
  });
  if (bills) await writeBills(ctx.trx, row.id, bills);
  return row.id;
}

/**
 * `POST /api/pledge-fin`: submits an application (or the organisation's draft) for internal approval
 * (524000040), every rule checked in the order the form asks: the product, the purpose, the bills
 * (pledgeable, not taken), the amount (the product's range, the bills' pledge value), the maturity (after
 * today, within the product's term, no later than the earliest bill) and the credit line left. The line is
 * locked for the organisation and institution meanwhile, so two submissions cannot both take its last part.
 */
export async function submitFinancing(ctx: PledgeFinContext, body: PledgeFinCreateRequest): Promise<string> {
  const { trx, orgId } = ctx;
  await requireFunction(trx, orgId, FUNCTION);
  const existing = body.id === undefined ? undefined : await ownFinancing(ctx, body.id);
  if (existing) requireState(existing, TRANSITIONS[PLEDGE_FIN_ACTION.submit].from, PLEDGE_FIN_MSG.act.submit);
  const product = await productOf(trx, body.productId);
  const purpose = purposeOf(body.purpose, true);
  const holdingIds = distinctIds(body.holdingIds);
  if (holdingIds.length === 0) throw fail(API_ERROR.badRequest, PLEDGE_FIN_MSG.billsRequired);
  const today = shanghaiDate(ctx.now);
  const financingId = existing?.id ?? '';
  const bills = await pledgeableBills(trx, orgId, holdingIds, today, financingId);

  const amountFen = principalOf(body.amount);
  if (amountFen < Number(product.min_fen) || amountFen > Number(product.max_fen)) {
    throw fail(
      API_ERROR.amountInvalid,
      PLEDGE_FIN_MSG.amountOutOfProduct(fenToYuan(product.min_fen), fenToYuan(product.max_fen)),
    );
  }
  const pledgeValue = bills.reduce(
    (sum, bill) => sum + pledgeValueFen(Number(bill.amount_fen), product.pledge_ratio),
    0,
  );
  if (amountFen > pledgeValue) {
    throw fail(API_ERROR.pledgeFinOverPledgeValue, PLEDGE_FIN_MSG.overPledgeValue(fenToYuan(pledgeValue)));
  }

  const days = loanDays(today, body.maturityDate);
  if (days > Number(product.max_term_days)) {
    throw fail(
      API_ERROR.pledgeFinDateInvalid,
      PLEDGE_FIN_MSG.beyondProductTerm(Number(product.max_term_days)),
    );
  }
  const earliest = bills.map((bill) => bill.due_date).sort()[0]!;
  if (body.maturityDate > earliest) {
    throw fail(API_ERROR.pledgeFinDateInvalid, PLEDGE_FIN_MSG.beyondEarliestBill(earliest));
  }

  await lockWithinTransaction(
    trx as Transaction<Database>,
    `pledge-fin-line:${orgId}:${product.institution_org_id}`,
  );
  const available =
    (await lineFen(trx, orgId, product.institution_org_id)) -
    (await usedLineFen(trx, orgId, product.institution_org_id, existing?.id));
  if (amountFen > available) {
    throw fail(
      API_ERROR.pledgeFinOverCreditLine,
      PLEDGE_FIN_MSG.overCreditLine(fenToYuan(Math.max(0, available))),
    );
  }

  const row = existing ?? (await newDraft(ctx, purpose));
  await move(ctx, row, PLEDGE_FIN_ACTION.submit, PLEDGE_FIN_MSG.act.submit, {
    ...termsOf(product),
    principal_fen: amountFen,
    value_date: today,
    maturity_date: body.maturityDate,
    purpose,
    submitted_by: ctx.userId,
    submitted_at: ctx.now,
  });
  await writeBills(trx, row.id, bills);
  await lockBills(ctx, row.id, bills);
  await askApproval(ctx, row.id, product, amountFen);
  return row.id;
}

/**
 * `PUT /api/pledge-fin/approve`: a member other than the one who submitted it approves (524000080, to be
 * signed) or rejects (524000900, the bills free again) a financing waiting for approval. A rejection needs
 * the opinion. An approval looks at the bills again: one no longer pledgeable (endorsed meanwhile, matured)
 * refuses it, and the approver rejects instead.
 */
export async function answerApproval(
  ctx: PledgeFinContext,
  body: PledgeFinApproveRequest,
): Promise<PledgeFinState> {
  await requireFunction(ctx.trx, ctx.orgId, FUNCTION);
  const row = await ownFinancing(ctx, body.id);
  const action =
    body.result === APPROVAL_RESULT.approve ? PLEDGE_FIN_ACTION.approve : PLEDGE_FIN_ACTION.reject;
  requireState(row, TRANSITIONS[action].from, PLEDGE_FIN_MSG.act.approve);
  if (row.submitted_by === ctx.userId)
    throw fail(API_ERROR.pledgeFinSelfApproval, PLEDGE_FIN_MSG.selfApproval);
  const opinion = (body.opinion ?? '').trim();
  if (opinion.length > OPINION_MAX) throw fail(API_ERROR.badRequest, PLEDGE_FIN_MSG.opinionTooLong);
  if (action === PLEDGE_FIN_ACTION.reject && opinion === '') {
    throw fail(API_ERROR.badRequest, PLEDGE_FIN_MSG.opinionRequired);
  }
  if (action === PLEDGE_FIN_ACTION.approve) await requireLockedBills(ctx, row.id);
  const state = await move(
    ctx,
    row,
    action,
    PLEDGE_FIN_MSG.act.approve,
    { approved_by: ctx.userId, approved_at: ctx.now, opinion: opinion === '' ? null : opinion },
    opinion === '' ? null : opinion,
  );
  if (action === PLEDGE_FIN_ACTION.reject) await unlockBills(ctx, row.id);
  await closeApproval(ctx, row.id);
  return state;
}

/** `PUT /api/pledge-fin/cancel`: the applicant's organisation withdraws a financing before the money is paid out. */
export async function cancelFinancing(
  ctx: PledgeFinContext,
  body: PledgeFinCancelRequest,
): Promise<PledgeFinState> {
  await requireFunction(ctx.trx, ctx.orgId, FUNCTION);
  const row = await ownFinancing(ctx, body.id);
  const reason = (body.reason ?? '').trim();
  if (reason.length > OPINION_MAX) throw fail(API_ERROR.badRequest, PLEDGE_FIN_MSG.opinionTooLong);
  const state = await move(
    ctx,
    row,
    PLEDGE_FIN_ACTION.cancel,
    PLEDGE_FIN_MSG.act.cancel,
    {},
    reason === '' ? null : reason,
  );
  await unlockBills(ctx, row.id);
  await closeApproval(ctx, row.id);
  return state;
}

/**
 * The day-end's cancel of a financing still waiting for approval or signing whose bill has matured by the
 * business day closing: nobody can pledge it any more, and its lock would keep it from being presented for
 * payment. The platform cancels it with the reason, the bills rest again and its to-do closes. False when
 * it has moved on meanwhile.
 */
export async function cancelForMaturedBill(
  ctx: PledgeFinContext,
  id: string,
  businessDate: string,
): Promise<boolean> {
  const row = await financingOf(ctx.trx, ctx.orgId, id);
  if (!row || !mayAct(PLEDGE_FIN_ACTION.cancel, row.state) || row.state === PLEDGE_FIN_STATE.draft) {
    return false;
  }
  const matured = await ctx.trx
    .selectFrom('pledge_fin_bills as b')
    .innerJoin('bill_packages as p', 'p.id', 'b.package_id')
    .select('p.package_no')
    .where('b.financing_id', '=', id)
    .where('p.due_date', '<=', businessDate)
    .orderBy('b.seq')
    .executeTakeFirst();
  if (!matured) return false;
  await move(
    { ...ctx, userId: null },
    row,
    PLEDGE_FIN_ACTION.cancel,
    PLEDGE_FIN_MSG.act.cancel,
    {},
    PLEDGE_FIN_MSG.maturedCancel(matured.package_no),
  );
  await unlockBills(ctx, id);
  await closeApproval(ctx, id);
  return true;
}
