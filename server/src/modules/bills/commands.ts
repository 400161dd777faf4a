import {
  APPLICATION_KIND,
  APPLICATION_KIND_LABEL,
  APPLICATION_PENDING_LABEL,
  APPLICATION_STATUS,
  BILL_EVENT,
  BILL_STATUS,
  CIRCULATION,
  MAX_FACE_FEN,
  signWorkbenchLink,
  subTicketRange,
  type ApplicationKind,
  type BillEventType,
} from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import { NOTICE_TYPE } from '@contract/notice';
import { REALTIME_EVENT } from '@contract/realtime';
import type { BizType } from '@contract/statistics';
import type { Db } from '../../db/database';
import type { BillApplicationTable } from '../../db/schema';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { yuanText } from '../../lib/money';
import type { Realtime } from '../../lib/realtime-hub';
import { shanghaiDate } from '../../lib/shanghai-time';
import { verifiedSettlementAccountOf } from '../bank-account/service';
import { postNotice } from '../notice/service';
import { requireFunction } from '../org-function/service';
import {
  assertPackageInvariant,
  firstHolding,
  lockFront,
  restingCirculation,
  setStatus,
  transfer,
  unlock,
  type HoldingRow,
  type PackageRow,
} from './ledger';
import { BILL_MSG } from './messages';
import { MAX_DAY_SEQUENCE, packageNumber } from './package-number';
import { ORG_KIND } from '@contract/institution';

/**
 * The ledger's commands. Each runs inside the caller's transaction, for one acting member, and ends with the
 * package's invariant check; the routes and the demo seed call the same functions.
 */

export interface Actor {
  orgId: string;
  userId: string;
}

export interface CommandContext {
  trx: Db;
  now: number;
  actor: Actor;
  /** Null while seeding: nobody is connected. */
  realtime: Realtime | null;
}

export type ApplicationRow = BillApplicationTable;

// ---- reading within a command

async function packageOf(trx: Db, id: string): Promise<PackageRow> {
  const pkg = await trx.selectFrom('bill_packages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!pkg) throw fail(API_ERROR.notFound, BILL_MSG.billNotFound);
  return pkg;
}

async function holdingOf(trx: Db, id: string): Promise<HoldingRow> {
  const holding = await trx.selectFrom('bill_holdings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!holding) throw fail(API_ERROR.notFound, BILL_MSG.holdingNotFound);
  return holding;
}

async function orgName(trx: Db, orgId: string): Promise<string> {
  const org = await trx.selectFrom('organizations').select('name').where('id', '=', orgId).executeTakeFirst();
  return org?.name ?? '';
}

/**
 * A counterparty (and a drawer) is an authenticated organisation with a verified default settlement account;
 * answers its name and the account's branch number.
 */
async function readyOrganization(trx: Db, orgId: string): Promise<{ name: string; branchNo: string } | null> {
  const org = await trx
    .selectFrom('organizations')
    .select(['name', 'authorized', 'kind'])
    .where('id', '=', orgId)
    .executeTakeFirst();
  if (!org || org.authorized !== 1 || org.kind !== ORG_KIND.enterprise) return null;
  const account = await verifiedSettlementAccountOf(trx, orgId);
  return account ? { name: org.name, branchNo: account.branchNo } : null;
}

async function counterparty(trx: Db, orgId: string): Promise<{ name: string }> {
  const ready = await readyOrganization(trx, orgId);
  if (!ready) throw fail(API_ERROR.billCounterpartyInvalid, BILL_MSG.counterpartyInvalid);
  return ready;
}

// ---- what every command writes beside the holdings

async function recordEvent(
  ctx: CommandContext,
  fields: {
    packageId: string;
    type: BillEventType;
    kind?: ApplicationKind | null;
    applicationId?: string | null;
    from: string | null;
    to: string | null;
    range: { sub_start: number; sub_end: number };
    reason?: string | null;
  },
): Promise<void> {
  const last = await ctx.trx
    .selectFrom('bill_events')
    .select((eb) => eb.fn.max('seq').as('seq'))
    .where('package_id', '=', fields.packageId)
    .executeTakeFirst();
  await ctx.trx
    .insertInto('bill_events')
    .values({
      id: newId(),
      package_id: fields.packageId,
      application_id: fields.applicationId ?? null,
      type: fields.type,
      kind: fields.kind ?? null,
      from_org_id: fields.from,
      to_org_id: fields.to,
      sub_start: fields.range.sub_start,
      sub_end: fields.range.sub_end,
      amount_fen: fields.range.sub_end - fields.range.sub_start + 1,
      reason: fields.reason ?? null,
      user_id: ctx.actor.userId,
      at: ctx.now,
      seq: Number(last?.seq ?? 0) + 1,
    })
    .execute();
}

/** The business operation log behind the operation list and the dashboard's statistics. */
async function logOperation(
  ctx: CommandContext,
  fields: {
    orgId: string;
    bizId: string;
    bizType: BizType;
    opType: 'apply' | 'sign' | 'reject' | 'withdraw';
    pkg: PackageRow;
    range: { sub_start: number; sub_end: number };
    counterpartyName: string;
    status: 'processing' | 'success' | 'failed';
  },
): Promise<void> {
  const user = await ctx.trx
    .selectFrom('users')
    .select('name')
    .where('id', '=', ctx.actor.userId)
    .executeTakeFirst();
  await ctx.trx
    .insertInto('bill_operations')
    .values({
      id: newId(),
      org_id: fields.orgId,
      biz_id: fields.bizId,
      biz_type: fields.bizType,
      op_type: fields.opType,
      bill_no: fields.pkg.package_no,
      sub_start: fields.range.sub_start,
      sub_end: fields.range.sub_end,
      amount_fen: fields.range.sub_end - fields.range.sub_start + 1,
      counterparty: fields.counterpartyName,
      status: fields.status,
      operator_user_id: ctx.actor.userId,
      operator_name: user?.name ?? '',
      created_at: ctx.now,
    })
    .execute();
}

const bizTypeOf = (kind: ApplicationKind): BizType =>
  kind === APPLICATION_KIND.endorsement ? 'trans' : kind === APPLICATION_KIND.acceptance ? 'accept' : 'issue';

/** Tells both sides' open tabs that the bill changed (delivered only if the transaction commits). */
async function announce(ctx: CommandContext, packageId: string, orgIds: string[]): Promise<void> {
  if (!ctx.realtime) return;
  for (const orgId of new Set(orgIds)) {
    await ctx.realtime.publishToOrg(orgId, { type: REALTIME_EVENT.bill, payload: { packageId } }, ctx.trx);
  }
}

// ---- applications

/**
 * An application to `receiverOrgId` about the front `amountFen` of `holding`: the range is locked until the
 * receiver signs or refuses, or the applicant withdraws. The receiver gets a to-do notice.
 */
async function apply(
  ctx: CommandContext,
  pkg: PackageRow,
  holding: HoldingRow,
  kind: ApplicationKind,
  receiverOrgId: string,
  amountFen: number,
  remark: string,
): Promise<ApplicationRow> {
  const locked = await lockFront(ctx.trx, holding, amountFen, ctx.now);
  const application: ApplicationRow = {
    id: newId(),
    package_id: pkg.id,
    kind,
    applicant_org_id: holding.org_id,
    applicant_user_id: ctx.actor.userId,
    receiver_org_id: receiverOrgId,
    holding_id: locked.id,
    sub_start: locked.sub_start,
    sub_end: locked.sub_end,
    amount_fen: locked.amount_fen,
    status: APPLICATION_STATUS.pending,
    reason: null,
    remark,
    answered_by: null,
    applied_at: ctx.now,
    answered_at: null,
  };
  await ctx.trx.insertInto('bill_applications').values(application).execute();
  await recordEvent(ctx, {
    packageId: pkg.id,
    type: BILL_EVENT.applied,
    kind,
    applicationId: application.id,
    from: holding.org_id,
    to: receiverOrgId,
    range: locked,
  });
  const [applicantName, receiverName] = await Promise.all([
    orgName(ctx.trx, holding.org_id),
    orgName(ctx.trx, receiverOrgId),
  ]);
  if (kind === APPLICATION_KIND.endorsement) {
    await logOperation(ctx, {
      orgId: holding.org_id,
      bizId: application.id,
      bizType: 'trans',
      opType: 'apply',
      pkg,
      range: locked,
      counterpartyName: receiverName,
      status: 'processing',
    });
  }
  await postNotice(
    ctx.trx,
    {
      orgId: receiverOrgId,
      userId: null,
      type: NOTICE_TYPE.todo,
      title: APPLICATION_PENDING_LABEL[kind],
      content: `${applicantName}向贵司${APPLICATION_KIND_LABEL[kind]}，票据包号${pkg.package_no}，子票区间${subTicketRange(
        locked.sub_start,
        locked.sub_end,
      )}，金额${yuanText(locked.amount_fen)}元，请到待签收处理。`,
      link: signWorkbenchLink(pkg.id),
    },
    ctx.now,
  );
  if (ctx.realtime) {
    await ctx.realtime.publishToOrg(receiverOrgId, { type: REALTIME_EVENT.notice, payload: {} }, ctx.trx);
  }
  await announce(ctx, pkg.id, [holding.org_id, receiverOrgId]);
  return application;
}

/** The drawer's whole holding before receipt (there is only one until the payee signs). */
async function drawerHolding(ctx: CommandContext, pkg: PackageRow): Promise<HoldingRow> {
  const holding = await ctx.trx
    .selectFrom('bill_holdings')
    .selectAll()
    .where('package_id', '=', pkg.id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (!holding || holding.org_id !== pkg.drawer_org_id)
    throw fail(API_ERROR.billStateInvalid, BILL_MSG.wrongState);
  return holding;
}

function requireDrawer(ctx: CommandContext, pkg: PackageRow): void {
  if (pkg.drawer_org_id !== ctx.actor.orgId) throw fail(API_ERROR.notFound, BILL_MSG.billNotFound);
}

/** Amounts are positive whole fen within the largest face, whoever calls (the routes check the typed text first). */
function requireWholeFen(amountFen: number): void {
  if (!Number.isSafeInteger(amountFen) || amountFen < 1 || amountFen > MAX_FACE_FEN) {
    throw fail(API_ERROR.amountInvalid, BILL_MSG.amountInvalid);
  }
}

function requireUnlocked(holding: HoldingRow): void {
  if (holding.circ_status === CIRCULATION.locked) throw fail(API_ERROR.billLocked, BILL_MSG.locked);
}

// ---- issue registration, acceptance, receipt, revocation

export interface IssueInput {
  acceptorOrgId: string;
  payeeOrgId: string;
  amountFen: number;
  issueDate: string;
  dueDate: string;
  noTransfer: boolean;
  splittable: boolean;
  remark: string;
}

/** Issuing needs 票据签发 open, and 票据承兑 too when the drawer accepts its own bill. */
export async function requireIssueFunctions(
  trx: Db,
  drawerOrgId: string,
  acceptorOrgId: string,
): Promise<void> {
  await requireFunction(trx, drawerOrgId, 'BILL_ISSUE');
  if (acceptorOrgId === drawerOrgId) await requireFunction(trx, drawerOrgId, 'BILL_ACCEPT');
}

/** The next sequence number of a registration day, atomically (one row per day). */
async function nextSequence(trx: Db, day: string): Promise<number> {
  const row = await trx
    .insertInto('bill_package_days')
    .values({ day, last_seq: 1 })
    .onConflict((oc) =>
      oc.column('day').doUpdateSet((eb) => ({ last_seq: eb('bill_package_days.last_seq', '+', 1) })),
    )
    .returning('last_seq')
    .executeTakeFirstOrThrow();
  const seq = Number(row.last_seq);
  if (seq > MAX_DAY_SEQUENCE) throw fail(API_ERROR.conflict, BILL_MSG.wrongState);
  return seq;
}

/**
 * 出票信息登记 by the acting organisation, then at once the next step: 提示承兑 to the acceptor, or, when the
 * drawer accepts its own bill, the acceptance recorded with the registration and 提示收票 to the payee.
 */
export async function issueBill(ctx: CommandContext, input: IssueInput): Promise<PackageRow> {
  await requireIssueFunctions(ctx.trx, ctx.actor.orgId, input.acceptorOrgId);
  requireWholeFen(input.amountFen);
  const drawer = await readyOrganization(ctx.trx, ctx.actor.orgId);
  if (!drawer) throw fail(API_ERROR.billDrawerNotReady, BILL_MSG.drawerNotReady);
  if (input.payeeOrgId === ctx.actor.orgId)
    throw fail(API_ERROR.billCounterpartyInvalid, BILL_MSG.payeeIsDrawer);
  const acceptor =
    input.acceptorOrgId === ctx.actor.orgId ? drawer : await counterparty(ctx.trx, input.acceptorOrgId);
  const payee = await counterparty(ctx.trx, input.payeeOrgId);
  const registrationDay = shanghaiDate(ctx.now);
  const pkg: PackageRow = {
    id: newId(),
    package_no: packageNumber(drawer.branchNo, registrationDay, await nextSequence(ctx.trx, registrationDay)),
    drawer_org_id: ctx.actor.orgId,
    drawer_name: drawer.name,
    acceptor_org_id: input.acceptorOrgId,
    acceptor_name: acceptor.name,
    payee_org_id: input.payeeOrgId,
    payee_name: payee.name,
    drawer_branch_no: drawer.branchNo,
    amount_fen: input.amountFen,
    issue_date: input.issueDate,
    due_date: input.dueDate,
    no_transfer: input.noTransfer ? 1 : 0,
    splittable: input.splittable ? 1 : 0,
    remark: input.remark,
    created_by: ctx.actor.userId,
    created_at: ctx.now,
  };
  await ctx.trx.insertInto('bill_packages').values(pkg).execute();
  let holding = await firstHolding(ctx.trx, pkg, ctx.now);
  await recordEvent(ctx, {
    packageId: pkg.id,
    type: BILL_EVENT.issued,
    from: null,
    to: pkg.drawer_org_id,
    range: holding,
  });
  await logOperation(ctx, {
    orgId: pkg.drawer_org_id,
    bizId: pkg.id,
    bizType: 'issue',
    opType: 'apply',
    pkg,
    range: holding,
    counterpartyName: payee.name,
    status: 'success',
  });
  if (pkg.acceptor_org_id === pkg.drawer_org_id) {
    holding = await setStatus(ctx.trx, holding, BILL_STATUS.accepted, CIRCULATION.awaitingReceipt);
    await recordEvent(ctx, {
      packageId: pkg.id,
      type: BILL_EVENT.signed,
      kind: APPLICATION_KIND.acceptance,
      from: pkg.drawer_org_id,
      to: pkg.acceptor_org_id,
      range: holding,
    });
    await logOperation(ctx, {
      orgId: pkg.acceptor_org_id,
      bizId: pkg.id,
      bizType: 'accept',
      opType: 'sign',
      pkg,
      range: holding,
      counterpartyName: drawer.name,
      status: 'success',
    });
    await apply(ctx, pkg, holding, APPLICATION_KIND.receipt, pkg.payee_org_id, pkg.amount_fen, '');
  } else {
    await apply(ctx, pkg, holding, APPLICATION_KIND.acceptance, pkg.acceptor_org_id, pkg.amount_fen, '');
  }
  await assertPackageInvariant(ctx.trx, pkg.id);
  return pkg;
}

/** 提示承兑 again after a refusal: the drawer's bill is still only registered. */
export async function requestAcceptance(ctx: CommandContext, packageId: string): Promise<ApplicationRow> {
  const pkg = await packageOf(ctx.trx, packageId);
  requireDrawer(ctx, pkg);
  const holding = await drawerHolding(ctx, pkg);
  requireUnlocked(holding);
  if (holding.bill_status !== BILL_STATUS.issued) throw fail(API_ERROR.billStateInvalid, BILL_MSG.wrongState);
  const application = await apply(
    ctx,
    pkg,
    holding,
    APPLICATION_KIND.acceptance,
    pkg.acceptor_org_id,
    pkg.amount_fen,
    '',
  );
  await assertPackageInvariant(ctx.trx, pkg.id);
  return application;
}

/** 提示收票 again after a refusal: the accepted bill is still with the drawer. */
export async function requestReceipt(ctx: CommandContext, packageId: string): Promise<ApplicationRow> {
  const pkg = await packageOf(ctx.trx, packageId);
  requireDrawer(ctx, pkg);
  const holding = await drawerHolding(ctx, pkg);
  requireUnlocked(holding);
  if (holding.bill_status !== BILL_STATUS.accepted)
    throw fail(API_ERROR.billStateInvalid, BILL_MSG.wrongState);
  const application = await apply(
    ctx,
    pkg,
    holding,
    APPLICATION_KIND.receipt,
    pkg.payee_org_id,
    pkg.amount_fen,
    '',
  );
  await assertPackageInvariant(ctx.trx, pkg.id);
  return application;
}

/** 撤票: the drawer withdraws the bill before the payee has signed; an open application is withdrawn with it. */
export async function revokeBill(ctx: CommandContext, packageId: string): Promise<PackageRow> {
  const pkg = await packageOf(ctx.trx, packageId);
  requireDrawer(ctx, pkg);
  let holding = await drawerHolding(ctx, pkg);
  if (holding.bill_status !== BILL_STATUS.issued && holding.bill_status !== BILL_STATUS.accepted) {
    throw fail(API_ERROR.billStateInvalid, BILL_MSG.revokeTooLate);
  }
  const open = await ctx.trx
    .selectFrom('bill_applications')
    .selectAll()
    .where('holding_id', '=', holding.id)
    .where('status', '=', APPLICATION_STATUS.pending)
    .executeTakeFirst();
  if (open) {
    await closeApplication(ctx, open, APPLICATION_STATUS.withdrawn, null);
    holding = await holdingOf(ctx.trx, holding.id);
  }
  await setStatus(ctx.trx, holding, BILL_STATUS.terminated, CIRCULATION.ended);
  await recordEvent(ctx, {
    packageId: pkg.id,
    type: BILL_EVENT.revoked,
    from: pkg.drawer_org_id,
    to: null,
    range: holding,
  });
  await announce(ctx, pkg.id, [pkg.drawer_org_id, pkg.acceptor_org_id, pkg.payee_org_id]);
  await assertPackageInvariant(ctx.trx, pkg.id);
  return pkg;
}

// ---- endorsement

export interface EndorseInput {
  holdingId: string;
  endorseeOrgId: string;
  amountFen: number;
  remark: string;
}

/**
 * 转让背书 of all or the front part of a holding. Only the current holder may endorse (continuity: it is
 * the last receiver of that range), a 不得转让 bill never, a locked range not until it is released.
 */
export async function endorse(ctx: CommandContext, input: EndorseInput): Promise<ApplicationRow> {
  await requireFunction(ctx.trx, ctx.actor.orgId, 'BILL_ENDORSE');
  requireWholeFen(input.amountFen);
  const holding = await ctx.trx
    .selectFrom('bill_holdings')
    .selectAll()
    .where('id', '=', input.holdingId)
    .where('org_id', '=', ctx.actor.orgId)
    .executeTakeFirst();
  if (!holding) throw fail(API_ERROR.notFound, BILL_MSG.holdingNotFound);
  if (holding.ended_at !== null) throw fail(API_ERROR.billNotHeld, BILL_MSG.notHeld);
  const pkg = await packageOf(ctx.trx, holding.package_id);
  requireUnlocked(holding);
  if (pkg.no_transfer === 1) throw fail(API_ERROR.billNotTransferable, BILL_MSG.notTransferable);
  if (holding.bill_status !== BILL_STATUS.received || holding.circ_status !== CIRCULATION.negotiable) {
    throw fail(API_ERROR.billStateInvalid, BILL_MSG.notNegotiable);
  }
  if (shanghaiDate(ctx.now) >= pkg.due_date) throw fail(API_ERROR.billStateInvalid, BILL_MSG.matured);
  if (input.amountFen > holding.amount_fen) throw fail(API_ERROR.amountInvalid, BILL_MSG.amountOverHolding);
  if (pkg.splittable !== 1 && input.amountFen !== holding.amount_fen) {
    throw fail(API_ERROR.amountInvalid, BILL_MSG.notSplittable);
  }
  if (input.endorseeOrgId === ctx.actor.orgId)
    throw fail(API_ERROR.billCounterpartyInvalid, BILL_MSG.endorseeIsHolder);
  await counterparty(ctx.trx, input.endorseeOrgId);
  const application = await apply(
    ctx,
    pkg,
    holding,
    APPLICATION_KIND.endorsement,
    input.endorseeOrgId,
    input.amountFen,
    input.remark,
  );
  await assertPackageInvariant(ctx.trx, pkg.id);
  return application;
}

// ---- answers

/** Marks a pending application answered; of two answers at once exactly one gets here, the other 409. */
async function closeApplication(
  ctx: CommandContext,
  application: ApplicationRow,
  status: 'signed' | 'refused' | 'withdrawn',
  reason: string | null,
): Promise<void> {
  const result = await ctx.trx
    .updateTable('bill_applications')
    .set({ status, reason, answered_by: ctx.actor.userId, answered_at: ctx.now })
    .where('id', '=', application.id)
    .where('status', '=', APPLICATION_STATUS.pending)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw fail(API_ERROR.billApplicationAnswered, BILL_MSG.answered);
  await recordEvent(ctx, {
    packageId: application.package_id,
    type:
      status === 'signed'
        ? BILL_EVENT.signed
        : status === 'refused'
          ? BILL_EVENT.refused
          : BILL_EVENT.withdrawn,
    kind: application.kind as ApplicationKind,
    applicationId: application.id,
    from: application.applicant_org_id,
    to: application.receiver_org_id,
    range: application,
    reason,
  });
  if (application.kind === APPLICATION_KIND.endorsement) {
    await ctx.trx
      .updateTable('bill_operations')
      .set({ status: status === 'signed' ? 'success' : 'failed' })
      .where('org_id', '=', application.applicant_org_id)
      .where('biz_id', '=', application.id)
      .execute();
  }
  const pkg = await packageOf(ctx.trx, application.package_id);
  await announce(ctx, application.package_id, [
    application.applicant_org_id,
    application.receiver_org_id,
    pkg.drawer_org_id,
  ]);
}

/** The application, when the acting organisation is its applicant or receiver; the same 404 otherwise. */
export async function applicationFor(trx: Db, orgId: string, id: string): Promise<ApplicationRow> {
  const application = await trx
    .selectFrom('bill_applications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirst();
  if (!application || (application.applicant_org_id !== orgId && application.receiver_org_id !== orgId)) {
    throw fail(API_ERROR.notFound, BILL_MSG.applicationNotFound);
  }
  return application;
}

function requireReceiver(ctx: CommandContext, application: ApplicationRow): void {
  if (application.receiver_org_id !== ctx.actor.orgId) throw fail(API_ERROR.forbidden, BILL_MSG.notReceiver);
}

/** 签收: the receiver takes what the application offers; an accepted bill goes on to its payee at once. */
export async function signApplication(ctx: CommandContext, id: string): Promise<ApplicationRow> {
  const application = await applicationFor(ctx.trx, ctx.actor.orgId, id);
  requireReceiver(ctx, application);
  if (application.kind === APPLICATION_KIND.acceptance)
    await requireFunction(ctx.trx, ctx.actor.orgId, 'BILL_ACCEPT');
  await closeApplication(ctx, application, APPLICATION_STATUS.signed, null);
  const pkg = await packageOf(ctx.trx, application.package_id);
  const holding = await holdingOf(ctx.trx, application.holding_id);
  const applicantName = await orgName(ctx.trx, application.applicant_org_id);
  if (application.kind === APPLICATION_KIND.acceptance) {
    const accepted = await setStatus(ctx.trx, holding, BILL_STATUS.accepted, CIRCULATION.awaitingReceipt);
    await logOperation(ctx, {
      orgId: application.receiver_org_id,
      bizId: application.id,
      bizType: 'accept',
      opType: 'sign',
      pkg,
      range: holding,
      counterpartyName: applicantName,
      status: 'success',
    });
    await apply(ctx, pkg, accepted, APPLICATION_KIND.receipt, pkg.payee_org_id, pkg.amount_fen, '');
  } else {
    await transfer(ctx.trx, pkg, holding, application.receiver_org_id, BILL_STATUS.received, ctx.now);
    await logOperation(ctx, {
      orgId: application.receiver_org_id,
      bizId: application.id,
      bizType: bizTypeOf(application.kind as ApplicationKind),
      opType: 'sign',
      pkg,
      range: holding,
      counterpartyName: applicantName,
      status: 'success',
    });
  }
  await assertPackageInvariant(ctx.trx, pkg.id);
  return { ...application, status: APPLICATION_STATUS.signed, answered_at: ctx.now };
}

/** 驳回 with a reason: the range goes back to the applicant as it was. */
export async function refuseApplication(
  ctx: CommandContext,
  id: string,
  reason: string,
): Promise<ApplicationRow> {
  const application = await applicationFor(ctx.trx, ctx.actor.orgId, id);
  requireReceiver(ctx, application);
  await closeApplication(ctx, application, APPLICATION_STATUS.refused, reason);
  const pkg = await packageOf(ctx.trx, application.package_id);
  await unlock(ctx.trx, pkg, await holdingOf(ctx.trx, application.holding_id), ctx.now);
  await assertPackageInvariant(ctx.trx, pkg.id);
  return { ...application, status: APPLICATION_STATUS.refused, reason, answered_at: ctx.now };
}

/** 撤回: the applicant takes back an application nobody has answered yet. */
export async function withdrawApplication(ctx: CommandContext, id: string): Promise<ApplicationRow> {
  const application = await applicationFor(ctx.trx, ctx.actor.orgId, id);
  if (application.applicant_org_id !== ctx.actor.orgId)
    throw fail(API_ERROR.forbidden, BILL_MSG.notApplicant);
  await closeApplication(ctx, application, APPLICATION_STATUS.withdrawn, null);
  const pkg = await packageOf(ctx.trx, application.package_id);
  await unlock(ctx.trx, pkg, await holdingOf(ctx.trx, application.holding_id), ctx.now);
  await assertPackageInvariant(ctx.trx, pkg.id);
  return { ...application, status: APPLICATION_STATUS.withdrawn, answered_at: ctx.now };
}

export { restingCirculation };
