import {
  APPLICATION_KIND,
  APPLICATION_KIND_LABEL,
  APPLICATION_PENDING_LABEL,
  APPLICATION_STATUS,
  BILL_EVENT,
  BILL_STATUS,
  CIRCULATION,
  MAX_FACE_FEN,
  billRange,
  signWorkbenchLink,
  type ApplicationKind,
  type BillEventType,
} from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import { PAYMENT_TODO_LINK } from '@contract/payment';
import { NOTICE_TYPE } from '@contract/notice';
import { REALTIME_EVENT } from '@contract/realtime';
import type { BizType } from '@contract/statistics';
import type { OpType } from '@contract/shell';
import type { Db } from '../../db/database';
import type { BillApplicationTable, Database } from '../../db/schema';
import type { Insertable } from 'kysely';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { yuanText } from '../../lib/money';
import type { Realtime } from '../../lib/realtime-hub';
import { shanghaiDate } from '../../lib/shanghai-time';
import { requireFunction } from '../org-function/service';
import {
  verifiedAccountOf,
  verifiedSettlementAccountOf,
  type SettlementAccount,
} from '../bank-account/service';
import { closeNotices, postNotice, postNotices, type NewNotice } from '../notice/service';
import {
  endCommand,
  enterPackage,
  enterPackages,
  firstHolding,
  LedgerWork,
  lockFront,
  restingCirculation,
  setStatus,
  setCirculations,
  transfer,
  unlock,
  type HoldingRow,
  type LedgerTx,
  type PackageRow,
} from './ledger';
import { ACT_NAME, ANSWER_NOTICE, BILL_MSG } from './messages';
import { MAX_DAY_SEQUENCE, packageNumber } from './package-number';
import { ORG_KIND } from '@contract/institution';
import { checkTerm } from './rules';

/**
 * The ledger's commands. Each is a check and an apply (`ledgerCommand`): the check reads and refuses, and
 * writes nothing, so a route runs it before it asks for an SMS code or a QR confirmation (a mistake must
 * not spend one); the command runs the check again inside its transaction, then the apply, then the one
 * last step that writes what the command gathered and checks the packages it entered (`endCommand`). The
 * routes and the demo seed call the same commands.
 */

export interface Actor {
  orgId: string;
  /** Null for an institution's act: it has no members and answers through its adapter. */
  userId: string | null;
}

/** Where and for whom a command runs; the routes and the seed give this. */
export interface CommandScope {
  /** The command's transaction (for the check before verification: the database, read only). */
  trx: Db;
  now: number;
  actor: Actor;
  /** Null while seeding or checking: nobody is told. */
  realtime: Realtime | null;
}

/** A check's view: `work` is null in the check before verification, which takes no lock. */
export interface CheckContext extends CommandScope {
  work: LedgerWork | null;
}

/** An apply's view: it writes through `trx` and gathers into `work`. */
export interface CommandContext extends CommandScope, LedgerTx {}

/** What a user confirms before an act is sent and what the SMS text and the QR prompt name. */
export interface ActSummary {
  /** 出票, 背书转让, 签收提示收票… */
  operation: string;
  /** Null before the package exists (出票). */
  packageNo: string | null;
  amountFen: number;
  counterparty: string;
  /** The range the act moves or locks, null before the package exists; `0` for a bill that may not be split. */
  range: string | null;
}

/** What every check answers: the summary, and whatever its apply needs. */
export interface Checked {
  summary: ActSummary;
}

export interface LedgerCommand<I, C extends Checked, O> {
  (scope: CommandScope, input: I): Promise<O>;
  /** The command's refusals, reading only (no lock, no write), for a route to answer before verification. */
  check(scope: CommandScope, input: I): Promise<C>;
}

/** A command of the ledger: the way every act is defined, so none can skip its check or its last step. */
export function ledgerCommand<I, C extends Checked, O>(
  check: (ctx: CheckContext, input: I) => Promise<C>,
  apply: (ctx: CommandContext, checked: C, input: I) => Promise<O>,
): LedgerCommand<I, C, O> {
  const run = async (scope: CommandScope, input: I): Promise<O> => {
    const ctx: CommandContext = { ...scope, work: new LedgerWork() };
    const checked = await check(ctx, input);
    const result = await apply(ctx, checked, input);
    await endCommand(ctx);
    return result;
  };
  return Object.assign(run, {
    check: (scope: CommandScope, input: I) => check({ ...scope, realtime: null, work: null }, input),
  });
}

/**
 * Many acts in one transaction (a day-end batch): `run` checks each item itself, leaving out the ones it
 * must not touch, and writes the rest, then the one last step checks every package it entered, as a
 * command's does. A breach rolls the whole batch back.
 */
export async function ledgerBatch<O>(
  scope: Omit<CommandScope, 'actor'>,
  run: (ctx: CommandContext) => Promise<O>,
): Promise<O> {
  // No one organisation acts for a batch: each of its items names whose act it is.
  const ctx: CommandContext = { ...scope, actor: { orgId: '', userId: null }, work: new LedgerWork() };
  const result = await run(ctx);
  await endCommand(ctx);
  return result;
}

export type ApplicationRow = BillApplicationTable;

/** The acting member: applying and issuing are a member's acts, never an institution's. */
export function memberId(actor: Actor): string {
  if (actor.userId === null) throw new Error('an act only a member makes, made without one');
  return actor.userId;
}

// ---- reading within a command

/** Enters the package (a command: waits for it and holds it; the check before verification: no lock). */
async function enter(ctx: CheckContext, packageId: string): Promise<void> {
  if (ctx.work) await enterPackage({ trx: ctx.trx, work: ctx.work }, packageId);
}

/** The package, entered first, so what the command reads of it next no other command is changing. */
export async function packageOf(ctx: CheckContext, id: string): Promise<PackageRow> {
  await enter(ctx, id);
  const pkg = await ctx.trx.selectFrom('bill_packages').selectAll().where('id', '=', id).executeTakeFirst();
  if (!pkg) throw fail(API_ERROR.notFound, BILL_MSG.billNotFound);
  return pkg;
}

/**
 * Several packages, entered in one order of keys (as every command enters its packages, so two batches
 * never wait for each other crosswise), then read in one statement; a missing id is left out of the answer.
 */
export async function packagesOf(ctx: CheckContext, ids: Iterable<string>): Promise<Map<string, PackageRow>> {
  const keys = [...new Set(ids)].sort();
  if (ctx.work) await enterPackages({ trx: ctx.trx, work: ctx.work }, keys);
  const packages = new Map<string, PackageRow>();
  for (let from = 0; from < keys.length; from += PACKAGES_READ_AT_ONCE) {
    const rows = await ctx.trx
      .selectFrom('bill_packages')
      .selectAll()
      .where('id', 'in', keys.slice(from, from + PACKAGES_READ_AT_ONCE))
      .execute();
    for (const pkg of rows) packages.set(pkg.id, pkg);
  }
  return packages;
}

/** Ids one read of `packagesOf` binds at most. */
const PACKAGES_READ_AT_ONCE = 500;

/** The holding, when it is the acting organisation's (ended or not). */
export const callerHolding = (ctx: CheckContext, id: string) =>
  ctx.trx
    .selectFrom('bill_holdings')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', ctx.actor.orgId)
    .executeTakeFirst();

/**
 * A record on a bill (an application, a lock, a freeze, a guarantee…) as `read` finds it, read again once its
 * package is entered, so what the command decides on no other command is changing; 404 `notFound` when
 * there is none.
 */
export async function enteredRecord<R extends { package_id: string }>(
  ctx: CheckContext,
  read: () => Promise<R | undefined>,
  notFound: string,
): Promise<{ pkg: PackageRow; row: R }> {
  const found = await read();
  if (!found) throw fail(API_ERROR.notFound, notFound);
  const pkg = await packageOf(ctx, found.package_id);
  const row = await read();
  if (!row) throw fail(API_ERROR.notFound, notFound);
  return { pkg, row };
}

export async function holdingOf(trx: Db, id: string): Promise<HoldingRow> {
  const holding = await trx.selectFrom('bill_holdings').selectAll().where('id', '=', id).executeTakeFirst();
  if (!holding) throw fail(API_ERROR.notFound, BILL_MSG.holdingNotFound);
  return holding;
}

export async function orgName(trx: Db, orgId: string): Promise<string> {
  const org = await trx.selectFrom('organizations').select('name').where('id', '=', orgId).executeTakeFirst();
  return org?.name ?? '';
}

interface ReadyOrganization {
  name: string;
  account: SettlementAccount;
}

/** A counterparty (and a drawer) is an authenticated organisation with a verified default settlement account. */
export async function readyOrganization(trx: Db, orgId: string): Promise<ReadyOrganization | null> {
  const org = await trx
    .selectFrom('organizations')
    .select(['name', 'authorized', 'kind'])
    .where('id', '=', orgId)
    .executeTakeFirst();
  if (!org || org.authorized !== 1 || org.kind !== ORG_KIND.enterprise) return null;
  const account = await verifiedSettlementAccountOf(trx, orgId);
  return account ? { name: org.name, account } : null;
}

export async function counterparty(trx: Db, orgId: string): Promise<ReadyOrganization> {
  const ready = await readyOrganization(trx, orgId);
  if (!ready) throw fail(API_ERROR.billCounterpartyInvalid, BILL_MSG.counterpartyInvalid);
  return ready;
}

export const rangeOf = (pkg: Pick<PackageRow, 'splittable'>, range: { sub_start: number; sub_end: number }) =>
  billRange(pkg.splittable === 1, Number(range.sub_start), Number(range.sub_end));

export const isMatured = (pkg: Pick<PackageRow, 'due_date'>, now: number) =>
  shanghaiDate(now) >= pkg.due_date;

// ---- what every command writes beside the holdings

/**
 * Appends an event to the package's chain. The package was entered, so no other command numbers one at
 * the same time, and the unique (package_id, seq) holds the numbers apart regardless.
 */
export async function recordEvent(
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
    /** Whose act it is; the acting user unless the act is made on another's behalf. */
    userId?: string | null;
  },
): Promise<void> {
  if (!ctx.work.packages.has(fields.packageId)) {
    throw new Error(`an event of package ${fields.packageId}, which the command did not enter`);
  }
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
      user_id: fields.userId ?? ctx.actor.userId,
      at: ctx.now,
      seq: Number(last?.seq ?? 0) + 1,
    })
    .execute();
}

/** The business operation log behind the operation list and the dashboard's statistics. */
export async function logOperation(
  ctx: CommandContext,
  fields: {
    orgId: string;
    bizId: string;
    bizType: BizType;
    opType: OpType;
    pkg: PackageRow;
    range: { sub_start: number; sub_end: number };
    counterpartyName: string;
    status: 'processing' | 'success' | 'failed';
  },
): Promise<void> {
  const { userId } = ctx.actor;
  const user = userId
    ? await ctx.trx.selectFrom('users').select('name').where('id', '=', userId).executeTakeFirst()
    : undefined;
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

const BIZ_TYPE_OF_KIND: Record<ApplicationKind, BizType> = {
  acceptance: 'accept',
  receipt: 'issue',
  endorsement: 'trans',
  discount: 'discount',
  pledge: 'pledge',
  pledgeRelease: 'pledge',
  payment: 'payment',
};
const bizTypeOf = (kind: ApplicationKind): BizType => BIZ_TYPE_OF_KIND[kind];
/** Acts the operation list follows from application to answer (the others log their answer only). */
const loggedFromApplication = (kind: ApplicationKind) =>
  kind === APPLICATION_KIND.endorsement ||
  kind === APPLICATION_KIND.discount ||
  kind === APPLICATION_KIND.pledge ||
  kind === APPLICATION_KIND.payment;

/** Tells the organisations' open tabs that the bill changed (delivered only if the transaction commits). */
export async function announce(ctx: CommandContext, packageId: string, orgIds: string[]): Promise<void> {
  if (!ctx.realtime) return;
  for (const orgId of new Set(orgIds)) {
    await ctx.realtime.publishToOrg(orgId, { type: REALTIME_EVENT.bill, payload: { packageId } }, ctx.trx);
  }
}

/** Tells the organisations' open tabs to reload their notices (the bell, the to-dos). */
export async function announceNotices(ctx: CommandContext, orgIds: string[]): Promise<void> {
  if (!ctx.realtime) return;
  for (const orgId of new Set(orgIds)) {
    await ctx.realtime.publishToOrg(orgId, { type: REALTIME_EVENT.notice, payload: {} }, ctx.trx);
  }
}

/** What a to-do of an application is about: closed with it when it leaves 待签收. */
const applicationSubject = (id: string) => `bill-application:${id}`;

// ---- applications

/**
 * Whose act an application is: a member's, whose organisation holds the range, or an institution's on a
 * range it has a right to but does not hold (the pledgee presenting a pledged bill at maturity), with no
 * member.
 */
export type Applicant = Actor | { institutionOrgId: string };

/**
 * An application to `receiverOrgId` about the front `amountFen` of `holding`: the range is locked until the
 * receiver signs or refuses, or the applicant withdraws. The receiver gets a to-do notice. `by` is whose act
 * it is: the acting member, the drawer's issuing user for the 提示收票 that follows an acceptance, or an
 * institution.
 */
export async function apply(
  ctx: CommandContext,
  pkg: PackageRow,
  holding: HoldingRow,
  kind: ApplicationKind,
  receiverOrgId: string,
  amountFen: number,
  remark: string,
  by: Applicant = ctx.actor,
): Promise<ApplicationRow> {
  const institution = 'institutionOrgId' in by ? by.institutionOrgId : null;
  const applicantOrgId = institution ?? holding.org_id;
  const userId = 'institutionOrgId' in by ? null : memberId(by);
  const locked = await lockFront(ctx, holding, amountFen, ctx.now);
  const application: ApplicationRow = {
    id: newId(),
    package_id: pkg.id,
    kind,
    applicant_org_id: applicantOrgId,
    applicant_user_id: userId,
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
    receiver_account_id: null,
  };
  await ctx.trx.insertInto('bill_applications').values(application).execute();
  await recordEvent(ctx, {
    packageId: pkg.id,
    type: BILL_EVENT.applied,
    kind,
    applicationId: application.id,
    from: applicantOrgId,
    to: receiverOrgId,
    range: locked,
    userId,
  });
  const [applicantName, receiverName] = await Promise.all([
    orgName(ctx.trx, applicantOrgId),
    orgName(ctx.trx, receiverOrgId),
  ]);
  if (loggedFromApplication(kind)) {
    await logOperation(ctx, {
      orgId: applicantOrgId,
      bizId: application.id,
      bizType: bizTypeOf(kind),
      opType: 'apply',
      pkg,
      range: locked,
      counterpartyName: receiverName,
      status: 'processing',
    });
  }
  await postNotice(ctx.trx, applicationTodo(application, pkg, applicantName), ctx.now);
  await announceNotices(ctx, [receiverOrgId]);
  await announce(ctx, pkg.id, [holding.org_id, applicantOrgId, receiverOrgId]);
  return application;
}

/** The receiver's to-do of a new application, closed with it when it leaves 待签收. */
function applicationTodo(application: ApplicationRow, pkg: PackageRow, applicantName: string): NewNotice {
  const kind = application.kind as ApplicationKind;
  return {
    orgId: application.receiver_org_id,
    userId: null,
    type: NOTICE_TYPE.todo,
    title: APPLICATION_PENDING_LABEL[kind],
    content: `${applicantName}向贵司${APPLICATION_KIND_LABEL[kind]}，${ANSWER_NOTICE.bill(
      pkg.package_no,
      rangeOf(pkg, application),
      yuanText(application.amount_fen),
    )}，${kind === APPLICATION_KIND.payment ? ANSWER_NOTICE.toPayPrompt : ANSWER_NOTICE.toWorkbench}`,
    link: kind === APPLICATION_KIND.payment ? PAYMENT_TODO_LINK : signWorkbenchLink(pkg.id),
    subject: applicationSubject(application.id),
  };
}

/** One application on a whole holding, for applyWhole. */
export interface WholeApplication {
  pkg: PackageRow;
  holding: HoldingRow;
  receiverOrgId: string;
  remark: string;
  /** Whose act it is (the holder's administrator, on whose behalf day-end acts). */
  by: Actor;
}

/** Rows one multi-row INSERT of a batch writes at most (each column of each row is a bound parameter). */
const INSERT_CHUNK = 500;

async function insertChunked<T extends 'bill_applications' | 'bill_events' | 'bill_operations'>(
  trx: Db,
  table: T,
  rows: ReadonlyArray<Insertable<Database[T]>>,
): Promise<void> {
  for (let from = 0; from < rows.length; from += INSERT_CHUNK) {
    await trx
      .insertInto(table)
      .values(rows.slice(from, from + INSERT_CHUNK) as never)
      .execute();
  }
}

/**
 * `apply` on many whole holdings at once (day-end's 自动提示付款): for each, what `apply` writes for a whole
 * holding (the range locked, the application, its event, its operation, the receiver's to-do and the bill's
 * and the notices' realtime events), in a few statements for the lot rather than a dozen for each. Every
 * package must have been entered and every holding read after it, so it still has the statuses it was read
 * with; the caller's end step checks the packages.
 */
export async function applyWhole(
  ctx: CommandContext,
  kind: ApplicationKind,
  items: readonly WholeApplication[],
): Promise<ApplicationRow[]> {
  if (items.length === 0) return [];
  for (const { pkg } of items) {
    if (!ctx.work.packages.has(pkg.id)) throw new Error(`an application on package ${pkg.id}, not entered`);
  }
  const locked = await setCirculations(
    ctx,
    items.map((item) => item.holding),
    CIRCULATION.locked,
  );
  const applications: ApplicationRow[] = items.map((item, index) => ({
    id: newId(),
    package_id: item.pkg.id,
    kind,
    applicant_org_id: item.holding.org_id,
    applicant_user_id: memberId(item.by),
    receiver_org_id: item.receiverOrgId,
    holding_id: locked[index]!.id,
    sub_start: locked[index]!.sub_start,
    sub_end: locked[index]!.sub_end,
    amount_fen: locked[index]!.amount_fen,
    status: APPLICATION_STATUS.pending,
    reason: null,
    remark: item.remark,
    answered_by: null,
    applied_at: ctx.now,
    answered_at: null,
    receiver_account_id: null,
  }));
  await insertChunked(ctx.trx, 'bill_applications', applications);
  const packageIds = [...new Set(items.map((item) => item.pkg.id))];
  const lastSeq = new Map<string, number>();
  for (let from = 0; from < packageIds.length; from += INSERT_CHUNK) {
    const rows = await ctx.trx
      .selectFrom('bill_events')
      .select(['package_id', (eb) => eb.fn.max('seq').as('seq')])
      .where('package_id', 'in', packageIds.slice(from, from + INSERT_CHUNK))
      .groupBy('package_id')
      .execute();
    for (const row of rows) lastSeq.set(row.package_id, Number(row.seq ?? 0));
  }
  await insertChunked(
    ctx.trx,
    'bill_events',
    applications.map((application, index) => {
      const seq = (lastSeq.get(application.package_id) ?? 0) + 1;
      lastSeq.set(application.package_id, seq);
      return {
        id: newId(),
        package_id: application.package_id,
        application_id: application.id,
        type: BILL_EVENT.applied,
        kind,
        from_org_id: application.applicant_org_id,
        to_org_id: application.receiver_org_id,
        sub_start: application.sub_start,
        sub_end: application.sub_end,
        amount_fen: application.sub_end - application.sub_start + 1,
        reason: null,
        user_id: items[index]!.by.userId,
        at: ctx.now,
        seq,
      };
    }),
  );
  const orgIds = [...new Set(applications.flatMap((a) => [a.applicant_org_id, a.receiver_org_id]))];
  const names = new Map(
    (
      await ctx.trx.selectFrom('organizations').select(['id', 'name']).where('id', 'in', orgIds).execute()
    ).map((org) => [org.id, org.name]),
  );
  if (loggedFromApplication(kind)) {
    const userIds = [...new Set(items.map((item) => item.by.userId).filter((id) => id !== null))];
    const users = new Map(
      (userIds.length
        ? await ctx.trx.selectFrom('users').select(['id', 'name']).where('id', 'in', userIds).execute()
        : []
      ).map((user) => [user.id, user.name]),
    );
    await insertChunked(
      ctx.trx,
      'bill_operations',
      applications.map((application, index) => {
        const { pkg, by } = items[index]!;
        return {
          id: newId(),
          org_id: application.applicant_org_id,
          biz_id: application.id,
          biz_type: bizTypeOf(kind),
          op_type: 'apply' as const,
          bill_no: pkg.package_no,
          sub_start: application.sub_start,
          sub_end: application.sub_end,
          amount_fen: application.sub_end - application.sub_start + 1,
          counterparty: names.get(application.receiver_org_id) ?? '',
          status: 'processing' as const,
          operator_user_id: by.userId,
          operator_name: (by.userId && users.get(by.userId)) ?? '',
          created_at: ctx.now,
        };
      }),
    );
  }
  await postNotices(
    ctx.trx,
    applications.map((application, index) =>
      applicationTodo(application, items[index]!.pkg, names.get(application.applicant_org_id) ?? ''),
    ),
    ctx.now,
  );
  await announceNotices(
    ctx,
    applications.map((application) => application.receiver_org_id),
  );
  const parties = new Map<string, string[]>();
  for (const application of applications) {
    const orgs = parties.get(application.package_id) ?? [];
    orgs.push(application.applicant_org_id, application.receiver_org_id);
    parties.set(application.package_id, orgs);
  }
  for (const [packageId, orgs] of parties) await announce(ctx, packageId, orgs);
  return applications;
}

/** The drawer's whole holding before receipt (there is only one until the payee signs). */
async function drawerHolding(trx: Db, pkg: PackageRow): Promise<HoldingRow> {
  const holding = await trx
    .selectFrom('bill_holdings')
    .selectAll()
    .where('package_id', '=', pkg.id)
    .where('ended_at', 'is', null)
    .executeTakeFirst();
  if (!holding || holding.org_id !== pkg.drawer_org_id)
    throw fail(API_ERROR.billStateInvalid, BILL_MSG.wrongState);
  return holding;
}

function requireDrawer(ctx: CheckContext, pkg: PackageRow): void {
  if (pkg.drawer_org_id !== ctx.actor.orgId) throw fail(API_ERROR.notFound, BILL_MSG.billNotFound);
}

/** Amounts are positive whole fen within the largest face, whoever calls (the routes check the typed text first). */
function requireWholeFen(amountFen: number): void {
  if (!Number.isSafeInteger(amountFen) || amountFen < 1 || amountFen > MAX_FACE_FEN) {
    throw fail(API_ERROR.amountInvalid, BILL_MSG.amountInvalid);
  }
}

/** Neither locked by an application nor frozen by an authority's order. */
function requireUnlocked(holding: HoldingRow): void {
  if (holding.circ_status === CIRCULATION.locked) throw fail(API_ERROR.billLocked, BILL_MSG.locked);
  if (holding.circ_status === CIRCULATION.frozen) throw fail(API_ERROR.billLocked, BILL_MSG.frozen);
}

// ---- issue registration, acceptance, receipt, revocation

export interface IssueInput {
  acceptorOrgId: string;
  payeeOrgId: string;
  amountFen: number;
  /** Today when absent: the registration day. */
  issueDate?: string;
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

interface IssueChecked extends Checked {
  term: { issue: string; due: string };
  drawer: ReadyOrganization;
  acceptor: ReadyOrganization;
  payee: ReadyOrganization;
}

/**
 * 出票信息登记 by the acting organisation, then at once the next step: 提示承兑 to the acceptor, or, when the
 * drawer accepts its own bill, the acceptance recorded with the registration and 提示收票 to the payee.
 */
export const issueBill = ledgerCommand(
  async (ctx, input: IssueInput): Promise<IssueChecked> => {
    await requireIssueFunctions(ctx.trx, ctx.actor.orgId, input.acceptorOrgId);
    requireWholeFen(input.amountFen);
    const term = checkTerm(input.issueDate, input.dueDate, ctx.now);
    const drawer = await readyOrganization(ctx.trx, ctx.actor.orgId);
    if (!drawer) throw fail(API_ERROR.billDrawerNotReady, BILL_MSG.drawerNotReady);
    if (input.payeeOrgId === ctx.actor.orgId)
      throw fail(API_ERROR.billCounterpartyInvalid, BILL_MSG.payeeIsDrawer);
    const acceptor =
      input.acceptorOrgId === ctx.actor.orgId ? drawer : await counterparty(ctx.trx, input.acceptorOrgId);
    const payee = await counterparty(ctx.trx, input.payeeOrgId);
    return {
      term,
      drawer,
      acceptor,
      payee,
      summary: {
        operation: ACT_NAME.issue,
        packageNo: null,
        amountFen: input.amountFen,
        counterparty: payee.name,
        range: null,
      },
    };
  },
  async (ctx, { term, drawer, acceptor, payee }, input): Promise<PackageRow> => {
    const registrationDay = shanghaiDate(ctx.now);
    const pkg: PackageRow = {
      id: newId(),
      package_no: packageNumber(
        drawer.account.branchNo,
        registrationDay,
        await nextSequence(ctx.trx, registrationDay),
      ),
      drawer_org_id: ctx.actor.orgId,
      drawer_name: drawer.name,
      acceptor_org_id: input.acceptorOrgId,
      acceptor_name: acceptor.name,
      payee_org_id: input.payeeOrgId,
      payee_name: payee.name,
      drawer_branch_no: drawer.account.branchNo,
      amount_fen: input.amountFen,
      issue_date: term.issue,
      due_date: term.due,
      no_transfer: input.noTransfer ? 1 : 0,
      splittable: input.splittable ? 1 : 0,
      remark: input.remark,
      created_by: memberId(ctx.actor),
      created_at: ctx.now,
      drawer_account_no: drawer.account.accountNo,
      drawer_bank_name: drawer.account.branchName,
      acceptor_account_no: acceptor.account.accountNo,
      acceptor_bank_name: acceptor.account.branchName,
      payee_account_no: payee.account.accountNo,
      payee_bank_name: payee.account.branchName,
    };
    await enterPackage(ctx, pkg.id);
    await ctx.trx.insertInto('bill_packages').values(pkg).execute();
    let holding = await firstHolding(ctx, pkg, drawer.account.id, ctx.now);
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
      holding = await setStatus(ctx, holding, BILL_STATUS.accepted, CIRCULATION.awaitingReceipt);
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
    return pkg;
  },
);

interface DrawerChecked extends Checked {
  pkg: PackageRow;
  holding: HoldingRow;
}

/**
 * 提示承兑 again after a refusal or a withdrawal (the drawer's bill is still only registered), or 提示收票
 * again (the accepted bill is still with the drawer); neither once the bill has matured.
 */
function requestAgain(kind: typeof APPLICATION_KIND.acceptance | typeof APPLICATION_KIND.receipt) {
  const [before, name] =
    kind === APPLICATION_KIND.acceptance
      ? [BILL_STATUS.issued, ACT_NAME.requestAcceptance]
      : [BILL_STATUS.accepted, ACT_NAME.requestReceipt];
  return ledgerCommand(
    async (ctx, packageId: string): Promise<DrawerChecked> => {
      const pkg = await packageOf(ctx, packageId);
      requireDrawer(ctx, pkg);
      const holding = await drawerHolding(ctx.trx, pkg);
      requireUnlocked(holding);
      if (holding.bill_status !== before) throw fail(API_ERROR.billStateInvalid, BILL_MSG.wrongState);
      if (isMatured(pkg, ctx.now)) throw fail(API_ERROR.billStateInvalid, BILL_MSG.maturedApply);
      const receiver = kind === APPLICATION_KIND.acceptance ? pkg.acceptor_org_id : pkg.payee_org_id;
      return {
        pkg,
        holding,
        summary: {
          operation: name,
          packageNo: pkg.package_no,
          amountFen: pkg.amount_fen,
          counterparty: await orgName(ctx.trx, receiver),
          range: rangeOf(pkg, holding),
        },
      };
    },
    async (ctx, { pkg, holding }): Promise<ApplicationRow> => {
      const receiver = kind === APPLICATION_KIND.acceptance ? pkg.acceptor_org_id : pkg.payee_org_id;
      return apply(ctx, pkg, holding, kind, receiver, pkg.amount_fen, '');
    },
  );
}

export const requestAcceptance = requestAgain(APPLICATION_KIND.acceptance);
export const requestReceipt = requestAgain(APPLICATION_KIND.receipt);

/** 撤票: the drawer withdraws the bill before the payee has signed; an open application is withdrawn with it. */
export const revokeBill = ledgerCommand(
  async (ctx, packageId: string): Promise<DrawerChecked> => {
    const pkg = await packageOf(ctx, packageId);
    requireDrawer(ctx, pkg);
    const holding = await drawerHolding(ctx.trx, pkg);
    if (holding.bill_status !== BILL_STATUS.issued && holding.bill_status !== BILL_STATUS.accepted) {
      throw fail(API_ERROR.billStateInvalid, BILL_MSG.revokeTooLate);
    }
    return {
      pkg,
      holding,
      summary: {
        operation: ACT_NAME.revoke,
        packageNo: pkg.package_no,
        amountFen: pkg.amount_fen,
        counterparty: pkg.payee_name,
        range: rangeOf(pkg, holding),
      },
    };
  },
  async (ctx, { pkg, holding: read }): Promise<PackageRow> => {
    let holding = read;
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
    await setStatus(ctx, holding, BILL_STATUS.terminated, CIRCULATION.ended);
    await recordEvent(ctx, {
      packageId: pkg.id,
      type: BILL_EVENT.revoked,
      from: pkg.drawer_org_id,
      to: null,
      range: holding,
    });
    await announce(ctx, pkg.id, [pkg.drawer_org_id, pkg.acceptor_org_id, pkg.payee_org_id]);
    return pkg;
  },
);

// ---- endorsement

export interface EndorseInput {
  holdingId: string;
  endorseeOrgId: string;
  amountFen: number;
  remark: string;
}

interface EndorseChecked extends Checked {
  pkg: PackageRow;
  holding: HoldingRow;
}

/**
 * The front `amountFen` of a holding its holder may pass on or pledge (endorsement, discount, pledge): the acting
 * organisation holds it now, received (CS03) and negotiable (TF0301: neither locked, pledged nor frozen),
 * the bill not 不得转让 and not yet due; all of it when the bill may not be split.
 */
export async function negotiableFront(
  ctx: CheckContext,
  holdingId: string,
  amountFen: number,
): Promise<{ pkg: PackageRow; holding: HoldingRow }> {
  requireWholeFen(amountFen);
  const { pkg, row: holding } = await enteredRecord(
    ctx,
    () => callerHolding(ctx, holdingId),
    BILL_MSG.holdingNotFound,
  );
  if (holding.ended_at !== null) throw fail(API_ERROR.billNotHeld, BILL_MSG.notHeld);
  requireUnlocked(holding);
  if (pkg.no_transfer === 1) throw fail(API_ERROR.billNotTransferable, BILL_MSG.notTransferable);
  if (holding.circ_status === CIRCULATION.pledged) throw fail(API_ERROR.billStateInvalid, BILL_MSG.pledged);
  if (holding.bill_status !== BILL_STATUS.received || holding.circ_status !== CIRCULATION.negotiable) {
    throw fail(API_ERROR.billStateInvalid, BILL_MSG.notNegotiable);
  }
  if (isMatured(pkg, ctx.now)) throw fail(API_ERROR.billStateInvalid, BILL_MSG.matured);
  if (amountFen > holding.amount_fen) throw fail(API_ERROR.amountInvalid, BILL_MSG.amountOverHolding);
  if (pkg.splittable !== 1 && amountFen !== holding.amount_fen) {
    throw fail(API_ERROR.amountInvalid, BILL_MSG.notSplittable);
  }
  return { pkg, holding };
}

/**
 * 转让背书 of all or the front part of a holding. Only the current holder may endorse (continuity: it is
 * the last receiver of that range), a 不得转让 bill never, a locked range not until it is released.
 */
export const endorse = ledgerCommand(
  async (ctx, input: EndorseInput): Promise<EndorseChecked> => {
    await requireFunction(ctx.trx, ctx.actor.orgId, 'BILL_ENDORSE');
    const { pkg, holding } = await negotiableFront(ctx, input.holdingId, input.amountFen);
    if (input.endorseeOrgId === ctx.actor.orgId)
      throw fail(API_ERROR.billCounterpartyInvalid, BILL_MSG.endorseeIsHolder);
    const endorsee = await counterparty(ctx.trx, input.endorseeOrgId);
    return {
      pkg,
      holding,
      summary: {
        operation: ACT_NAME.endorse,
        packageNo: pkg.package_no,
        amountFen: input.amountFen,
        counterparty: endorsee.name,
        range: rangeOf(pkg, {
          sub_start: holding.sub_start,
          sub_end: holding.sub_start + input.amountFen - 1,
        }),
      },
    };
  },
  async (ctx, { pkg, holding }, input): Promise<ApplicationRow> =>
    apply(
      ctx,
      pkg,
      holding,
      APPLICATION_KIND.endorsement,
      input.endorseeOrgId,
      input.amountFen,
      input.remark,
    ),
);

// ---- answers

export type ClosedStatus = 'signed' | 'refused' | 'withdrawn' | 'cleared';

const CLOSING_EVENT: Record<ClosedStatus, BillEventType> = {
  signed: BILL_EVENT.signed,
  refused: BILL_EVENT.refused,
  withdrawn: BILL_EVENT.withdrawn,
  cleared: BILL_EVENT.cleared,
};

/**
 * Marks a pending application answered; of two answers at once exactly one gets here, the other 409. Its
 * to-do closes for every member of the receiving organisation, the other side gets a notice of the answer
 * (the applicant of a 签收 or 驳回, the receiver of a withdrawal), and both sides' screens are told.
 */
export async function closeApplication(
  ctx: CommandContext,
  application: ApplicationRow,
  status: ClosedStatus,
  reason: string | null,
  receiverAccountId: string | null = null,
  /** The notice of the answer in the act's own words (付款, 拒付) instead of 签收 or 驳回. */
  answerNotice?: { title: string; content: string },
): Promise<void> {
  const result = await ctx.trx
    .updateTable('bill_applications')
    .set({
      status,
      reason,
      answered_by: ctx.actor.userId,
      answered_at: ctx.now,
      receiver_account_id: receiverAccountId,
    })
    .where('id', '=', application.id)
    .where('status', '=', APPLICATION_STATUS.pending)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw fail(API_ERROR.billApplicationAnswered, BILL_MSG.answered);
  const kind = application.kind as ApplicationKind;
  await recordEvent(ctx, {
    packageId: application.package_id,
    type: CLOSING_EVENT[status],
    kind,
    applicationId: application.id,
    from: application.applicant_org_id,
    to: application.receiver_org_id,
    range: application,
    reason,
  });
  if (loggedFromApplication(kind)) {
    await ctx.trx
      .updateTable('bill_operations')
      .set({ status: status === 'signed' ? 'success' : 'failed' })
      .where('org_id', '=', application.applicant_org_id)
      .where('biz_id', '=', application.id)
      .execute();
  }
  const pkg = await packageOf(ctx, application.package_id);
  const closedFor = await closeNotices(ctx.trx, applicationSubject(application.id), ctx.now);
  const label = APPLICATION_KIND_LABEL[kind];
  const bill = ANSWER_NOTICE.bill(
    pkg.package_no,
    rangeOf(pkg, application),
    yuanText(application.amount_fen),
  );
  if (status === APPLICATION_STATUS.cleared) {
    // Nobody answered: both sides learn that the day-end closed it, and why.
    const notice = { title: ANSWER_NOTICE.clearedTitle(label), content: ANSWER_NOTICE.cleared(label, bill) };
    const both = [application.applicant_org_id, application.receiver_org_id];
    for (const orgId of both) {
      await postNotice(ctx.trx, { orgId, userId: null, type: NOTICE_TYPE.announcement, ...notice }, ctx.now);
    }
    await announceNotices(ctx, [...closedFor, ...both]);
    await announce(ctx, application.package_id, [...both, pkg.drawer_org_id]);
    return;
  }
  const [notified, title, content] = answerNotice
    ? [application.applicant_org_id, answerNotice.title, answerNotice.content]
    : status === 'withdrawn'
      ? [
          application.receiver_org_id,
          ANSWER_NOTICE.withdrawnTitle(label),
          ANSWER_NOTICE.withdrawn(await orgName(ctx.trx, application.applicant_org_id), label, bill),
        ]
      : [
          application.applicant_org_id,
          status === 'signed' ? ANSWER_NOTICE.signedTitle(label) : ANSWER_NOTICE.refusedTitle(label),
          status === 'signed'
            ? ANSWER_NOTICE.signed(await orgName(ctx.trx, application.receiver_org_id), label, bill)
            : ANSWER_NOTICE.refused(
                await orgName(ctx.trx, application.receiver_org_id),
                label,
                bill,
                reason ?? '',
              ),
        ];
  await postNotice(
    ctx.trx,
    { orgId: notified, userId: null, type: NOTICE_TYPE.announcement, title, content },
    ctx.now,
  );
  await announceNotices(ctx, [...closedFor, notified]);
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

interface AnswerChecked extends Checked {
  application: ApplicationRow;
  pkg: PackageRow;
}

/**
 * The shared check of every answer: the application is the acting organisation's to answer from `side`
 * (receiver: 签收, 驳回; applicant: 撤回), and still waits; one that no longer waits answers 409 saying
 * what happened to it.
 */
async function answerable(
  ctx: CheckContext,
  id: string,
  side: 'receiver' | 'applicant',
  operation: (kindLabel: string) => string,
): Promise<AnswerChecked> {
  const found = await applicationFor(ctx.trx, ctx.actor.orgId, id);
  const pkg = await packageOf(ctx, found.package_id);
  const application = await applicationFor(ctx.trx, ctx.actor.orgId, id);
  if (side === 'receiver' && application.receiver_org_id !== ctx.actor.orgId)
    throw fail(API_ERROR.forbidden, BILL_MSG.notReceiver);
  if (side === 'applicant' && application.applicant_org_id !== ctx.actor.orgId)
    throw fail(API_ERROR.forbidden, BILL_MSG.notApplicant);
  if (application.status !== APPLICATION_STATUS.pending) {
    throw fail(
      API_ERROR.billApplicationAnswered,
      BILL_MSG.closedFor[side][application.status as ClosedStatus],
    );
  }
  if (side === 'receiver' && application.kind === APPLICATION_KIND.payment) {
    throw fail(API_ERROR.billStateInvalid, BILL_MSG.paymentAnsweredElsewhere);
  }
  const kindLabel = APPLICATION_KIND_LABEL[application.kind as ApplicationKind];
  const other = side === 'receiver' ? application.applicant_org_id : application.receiver_org_id;
  return {
    application,
    pkg,
    summary: {
      operation: operation(kindLabel),
      packageNo: pkg.package_no,
      amountFen: application.amount_fen,
      counterparty: await orgName(ctx.trx, other),
      range: rangeOf(pkg, application),
    },
  };
}

export interface SignInput {
  id: string;
  /** The receiver's verified settlement account to hold the bill in; its default one when absent. */
  accountId?: string;
}

interface SignChecked extends AnswerChecked {
  account: SettlementAccount;
}

/**
 * 签收: the receiver takes what the application offers into the settlement account it chose; an accepted
 * bill goes on to its payee at once, as the drawer's 提示收票. Never on or after the maturity date.
 */
export const signApplication = ledgerCommand(
  async (ctx, input: SignInput): Promise<SignChecked> => {
    const checked = await answerable(ctx, input.id, 'receiver', ACT_NAME.sign);
    if (checked.application.kind === APPLICATION_KIND.acceptance)
      await requireFunction(ctx.trx, ctx.actor.orgId, 'BILL_ACCEPT');
    if (isMatured(checked.pkg, ctx.now)) throw fail(API_ERROR.billMatured, BILL_MSG.maturedAnswer);
    const account = input.accountId
      ? await verifiedAccountOf(ctx.trx, ctx.actor.orgId, input.accountId)
      : await verifiedSettlementAccountOf(ctx.trx, ctx.actor.orgId);
    if (!account) {
      throw input.accountId
        ? fail(API_ERROR.badRequest, BILL_MSG.accountInvalid)
        : fail(API_ERROR.billCounterpartyInvalid, BILL_MSG.receiverNotReady);
    }
    return { ...checked, account };
  },
  async (ctx, { application, pkg, account }): Promise<ApplicationRow> => {
    await closeApplication(ctx, application, APPLICATION_STATUS.signed, null, account.id);
    const holding = await holdingOf(ctx.trx, application.holding_id);
    const applicantName = await orgName(ctx.trx, application.applicant_org_id);
    const kind = application.kind as ApplicationKind;
    if (kind === APPLICATION_KIND.acceptance) {
      const accepted = await setStatus(ctx, holding, BILL_STATUS.accepted, CIRCULATION.awaitingReceipt);
      await ctx.trx
        .updateTable('bill_packages')
        .set({ acceptor_account_no: account.accountNo, acceptor_bank_name: account.branchName })
        .where('id', '=', pkg.id)
        .execute();
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
      await apply(ctx, pkg, accepted, APPLICATION_KIND.receipt, pkg.payee_org_id, pkg.amount_fen, '', {
        orgId: pkg.drawer_org_id,
        userId: pkg.created_by,
      });
    } else {
      await transfer(
        ctx,
        pkg,
        holding,
        { orgId: application.receiver_org_id, accountId: account.id },
        BILL_STATUS.received,
        ctx.now,
      );
      if (kind === APPLICATION_KIND.receipt) {
        await ctx.trx
          .updateTable('bill_packages')
          .set({ payee_account_no: account.accountNo, payee_bank_name: account.branchName })
          .where('id', '=', pkg.id)
          .execute();
      }
      await logOperation(ctx, {
        orgId: application.receiver_org_id,
        bizId: application.id,
        bizType: bizTypeOf(kind),
        opType: 'sign',
        pkg,
        range: holding,
        counterpartyName: applicantName,
        status: 'success',
      });
    }
    return {
      ...application,
      status: APPLICATION_STATUS.signed,
      answered_at: ctx.now,
      receiver_account_id: account.id,
    };
  },
);

export interface RefuseInput {
  id: string;
  reason: string;
}

/** 驳回 with a reason: the range goes back to the applicant as it was. */
export const refuseApplication = ledgerCommand(
  async (ctx, input: RefuseInput): Promise<AnswerChecked> => {
    if (!input.reason.trim()) throw fail(API_ERROR.badRequest, BILL_MSG.reasonRequired);
    return answerable(ctx, input.id, 'receiver', ACT_NAME.refuse);
  },
  async (ctx, { application, pkg }, input): Promise<ApplicationRow> => {
    const reason = input.reason.trim();
    await closeApplication(ctx, application, APPLICATION_STATUS.refused, reason);
    await unlock(ctx, pkg, await holdingOf(ctx.trx, application.holding_id), ctx.now);
    return { ...application, status: APPLICATION_STATUS.refused, reason, answered_at: ctx.now };
  },
);

/** 撤回: the applicant takes back an application nobody has answered yet. */
async function withdrawn(ctx: CommandContext, { application, pkg }: AnswerChecked): Promise<ApplicationRow> {
  await closeApplication(ctx, application, APPLICATION_STATUS.withdrawn, null);
  await unlock(ctx, pkg, await holdingOf(ctx.trx, application.holding_id), ctx.now);
  return { ...application, status: APPLICATION_STATUS.withdrawn, answered_at: ctx.now };
}

export const withdrawApplication = ledgerCommand(
  async (ctx, id: string): Promise<AnswerChecked> => answerable(ctx, id, 'applicant', ACT_NAME.withdraw),
  withdrawn,
);

/**
 * The withdrawal on an act's own route (质押's): only an application of `kind` the caller's organisation is
 * party to; any other id answers that act's 404 (`notFound`), as a missing one or another organisation's.
 */
export function withdrawApplicationOf(kind: ApplicationKind, notFound: string) {
  return ledgerCommand(async (ctx, id: string): Promise<AnswerChecked> => {
    const found = await ctx.trx
      .selectFrom('bill_applications')
      .select('kind')
      .where('id', '=', id)
      .where((eb) =>
        eb.or([eb('applicant_org_id', '=', ctx.actor.orgId), eb('receiver_org_id', '=', ctx.actor.orgId)]),
      )
      .executeTakeFirst();
    if (found?.kind !== kind) throw fail(API_ERROR.notFound, notFound);
    return answerable(ctx, id, 'applicant', ACT_NAME.withdraw);
  }, withdrawn);
}

interface ClearChecked extends Checked {
  application: ApplicationRow;
  pkg: PackageRow;
}

/**
 * 清退: the day-end closes an application still waiting on or after its bill's maturity date (nobody may sign
 * it any more), frees its range, writes the reason into the bill's history and tells both sides. An
 * application answered meanwhile answers 409 (BILL_APPLICATION_ANSWERED), one whose bill has not matured 409
 * too: the day-end passes over either.
 */
export const clearMaturedApplication = ledgerCommand(
  async (ctx, id: string): Promise<ClearChecked> => {
    const { pkg, row: application } = await enteredRecord(
      ctx,
      () => ctx.trx.selectFrom('bill_applications').selectAll().where('id', '=', id).executeTakeFirst(),
      BILL_MSG.applicationNotFound,
    );
    if (application.status !== APPLICATION_STATUS.pending)
      throw fail(API_ERROR.billApplicationAnswered, BILL_MSG.answered);
    if (!isMatured(pkg, ctx.now) || application.kind === APPLICATION_KIND.payment)
      throw fail(API_ERROR.billStateInvalid, BILL_MSG.wrongState);
    return {
      application,
      pkg,
      summary: {
        operation: ACT_NAME.clear(APPLICATION_KIND_LABEL[application.kind as ApplicationKind]),
        packageNo: pkg.package_no,
        amountFen: application.amount_fen,
        counterparty: await orgName(ctx.trx, application.receiver_org_id),
        range: rangeOf(pkg, application),
      },
    };
  },
  async (ctx, { application, pkg }): Promise<ApplicationRow> => {
    const reason = BILL_MSG.clearedReason;
    await closeApplication(ctx, application, APPLICATION_STATUS.cleared, reason);
    await unlock(ctx, pkg, await holdingOf(ctx.trx, application.holding_id), ctx.now);
    return { ...application, status: APPLICATION_STATUS.cleared, reason, answered_at: ctx.now };
  },
);

export { restingCirculation };
