import {
  APPLICATION_KIND,
  APPLICATION_STATUS,
  BILL_EVENT,
  BILL_STATUS,
  type BillEventType,
} from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import {
  GUARANTEE_TODO_LINK,
  GUARANTEED_ROLE,
  GUARANTEED_ROLE_LABEL,
  type GuaranteedRole,
} from '@contract/guarantee';
import { NOTICE_TYPE } from '@contract/notice';
import type { Db } from '../../db/database';
import type { BillGuaranteeTable } from '../../db/schema';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { yuanText } from '../../lib/money';
import {
  announce,
  announceNotices,
  answeringSide,
  counterparty,
  endAnswer,
  enteredRecord,
  isMatured,
  ledgerCommand,
  memberId,
  onlyAnswer,
  orgName,
  packageOf,
  rangeOf,
  recordEvent,
  type CheckContext,
  type Checked,
  type CommandContext,
  type PackageRow,
  type Answering,
  type TwoSided,
} from '../bills/service';
import { postNotice } from '../notice/service';
import { GUARANTEE_MSG } from './messages';

/**
 * 保证 (docs/domain.md, guarantee): a party liable on a bill (its drawer, its acceptor once it accepted, an
 * endorser) applies to an organisation not yet liable on it to guarantee that obligation; the guarantor
 * signs or refuses, the applicant may withdraw until then. A guarantee moves and locks no range: the
 * package is entered all the same, so the events are numbered in turn and the end step checks it.
 */

export type GuaranteeRow = BillGuaranteeTable;

const whole = (pkg: PackageRow) => ({ sub_start: 1, sub_end: Number(pkg.amount_fen) });

/** The bill has been accepted: its first range is no longer only registered (CS01). */
async function accepted(trx: Db, pkg: PackageRow): Promise<boolean> {
  const first = await trx
    .selectFrom('bill_holdings')
    .select('bill_status')
    .where('package_id', '=', pkg.id)
    .where('ended_at', 'is', null)
    .where('sub_start', '=', 1)
    .executeTakeFirst();
  return first !== undefined && first.bill_status !== BILL_STATUS.issued;
}

/** Whether the bill has ended for every range: withdrawn (CS05) or settled (CS06) throughout. */
async function ended(trx: Db, pkg: PackageRow): Promise<boolean> {
  const live = await trx
    .selectFrom('bill_holdings')
    .select('id')
    .where('package_id', '=', pkg.id)
    .where('ended_at', 'is', null)
    .where('bill_status', 'not in', [BILL_STATUS.terminated, BILL_STATUS.settled])
    .executeTakeFirst();
  return live === undefined;
}

/** The organisations that endorsed part of the bill (applicants of a signed endorsement). */
export async function endorsersOf(trx: Db, packageId: string): Promise<string[]> {
  const rows = await trx
    .selectFrom('bill_applications')
    .select('applicant_org_id')
    .distinct()
    .where('package_id', '=', packageId)
    .where('kind', '=', APPLICATION_KIND.endorsement)
    .where('status', '=', APPLICATION_STATUS.signed)
    .execute();
  return rows.map((r) => r.applicant_org_id);
}

/** The signed guarantees of a bill: whose obligation (and in which role) each guarantor answers for. */
export async function guaranteesOf(
  trx: Db,
  packageId: string,
): Promise<Array<{ guarantorOrgId: string; guaranteedOrgId: string; role: GuaranteedRole }>> {
  const rows = await trx
    .selectFrom('bill_guarantees')
    .select(['guarantor_org_id', 'guaranteed_org_id', 'role'])
    .where('package_id', '=', packageId)
    .where('status', '=', APPLICATION_STATUS.signed)
    .execute();
  return rows.map((r) => ({
    guarantorOrgId: r.guarantor_org_id,
    guaranteedOrgId: r.guaranteed_org_id,
    role: r.role as GuaranteedRole,
  }));
}

/**
 * The roles an organisation holds on a bill that a guarantee may cover, from what was read of it: the
 * acceptor's only once it accepted, an endorser's once an endorsement of its was signed.
 */
export function rolesFrom(
  pkg: Pick<PackageRow, 'drawer_org_id' | 'acceptor_org_id'>,
  orgId: string,
  read: { accepted: boolean; endorsed: boolean },
): GuaranteedRole[] {
  const roles: GuaranteedRole[] = [];
  if (pkg.drawer_org_id === orgId) roles.push(GUARANTEED_ROLE.drawer);
  if (pkg.acceptor_org_id === orgId && read.accepted) roles.push(GUARANTEED_ROLE.acceptor);
  if (read.endorsed) roles.push(GUARANTEED_ROLE.endorser);
  return roles;
}

/** The roles the organisation holds on the bill that a guarantee may cover. */
export async function rolesOf(trx: Db, pkg: PackageRow, orgId: string): Promise<GuaranteedRole[]> {
  return rolesFrom(pkg, orgId, {
    accepted: pkg.acceptor_org_id === orgId && (await accepted(trx, pkg)),
    endorsed: (await endorsersOf(trx, pkg.id)).includes(orgId),
  });
}

/**
 * Who may not guarantee the bill: whoever is liable on it already (drawer, acceptor, endorsers, signed
 * guarantors) and whoever holds part of it now (it would guarantee a debt owed to itself).
 */
async function liableOrHolding(trx: Db, pkg: PackageRow): Promise<Set<string>> {
  const [endorsers, guarantees, holders] = await Promise.all([
    endorsersOf(trx, pkg.id),
    guaranteesOf(trx, pkg.id),
    trx
      .selectFrom('bill_holdings')
      .select('org_id')
      .where('package_id', '=', pkg.id)
      .where('ended_at', 'is', null)
      .execute(),
  ]);
  return new Set([
    pkg.drawer_org_id,
    pkg.acceptor_org_id,
    ...endorsers,
    ...guarantees.map((g) => g.guarantorOrgId),
    ...holders.map((h) => h.org_id),
  ]);
}

async function requireFreeGuarantor(trx: Db, pkg: PackageRow, guarantorOrgId: string): Promise<void> {
  if ((await liableOrHolding(trx, pkg)).has(guarantorOrgId)) {
    throw fail(API_ERROR.billCounterpartyInvalid, GUARANTEE_MSG.guarantorLiable);
  }
}

const subject = (id: string) => `bill-guarantee:${id}`;

export interface GuaranteeInput {
  packageId: string;
  role: GuaranteedRole;
  guarantorOrgId: string;
  remark: string;
}

interface ApplyChecked extends Checked {
  pkg: PackageRow;
}

/** Any tie to the bill: otherwise the bill answers as missing, whatever else the caller asks. */
async function visiblePackage(ctx: CheckContext, packageId: string): Promise<PackageRow> {
  const pkg = await packageOf(ctx, packageId);
  const org = ctx.actor.orgId;
  if (pkg.drawer_org_id === org || pkg.acceptor_org_id === org || pkg.payee_org_id === org) return pkg;
  const tie = await ctx.trx
    .selectFrom('bill_applications')
    .select('id')
    .where('package_id', '=', pkg.id)
    .where((eb) => eb.or([eb('applicant_org_id', '=', org), eb('receiver_org_id', '=', org)]))
    .executeTakeFirst();
  if (!tie) throw fail(API_ERROR.notFound, GUARANTEE_MSG.notFound);
  return pkg;
}

export const applyGuarantee = ledgerCommand(
  async (ctx, input: GuaranteeInput): Promise<ApplyChecked> => {
    const pkg = await visiblePackage(ctx, input.packageId);
    const label = GUARANTEED_ROLE_LABEL[input.role];
    if (await ended(ctx.trx, pkg)) throw fail(API_ERROR.billStateInvalid, GUARANTEE_MSG.ended);
    if (isMatured(pkg, ctx.now)) throw fail(API_ERROR.billStateInvalid, GUARANTEE_MSG.matured);
    const roles = await rolesOf(ctx.trx, pkg, ctx.actor.orgId);
    if (!roles.includes(input.role)) {
      throw fail(
        API_ERROR.billStateInvalid,
        input.role === GUARANTEED_ROLE.acceptor && pkg.acceptor_org_id === ctx.actor.orgId
          ? GUARANTEE_MSG.notAccepted
          : GUARANTEE_MSG.notInRole(label),
      );
    }
    if (input.guarantorOrgId === ctx.actor.orgId) {
      throw fail(API_ERROR.billCounterpartyInvalid, GUARANTEE_MSG.guarantorIsSelf);
    }
    const guarantor = await counterparty(ctx.trx, input.guarantorOrgId);
    await requireFreeGuarantor(ctx.trx, pkg, input.guarantorOrgId);
    const same = await ctx.trx
      .selectFrom('bill_guarantees')
      .select('id')
      .where('package_id', '=', pkg.id)
      .where('guaranteed_org_id', '=', ctx.actor.orgId)
      .where('guarantor_org_id', '=', input.guarantorOrgId)
      .where('role', '=', input.role)
      .where('status', '=', APPLICATION_STATUS.pending)
      .executeTakeFirst();
    if (same) throw fail(API_ERROR.conflict, GUARANTEE_MSG.duplicate);
    return {
      pkg,
      summary: {
        operation: GUARANTEE_MSG.operation,
        packageNo: pkg.package_no,
        amountFen: Number(pkg.amount_fen),
        counterparty: guarantor.name,
        range: rangeOf(pkg, whole(pkg)),
      },
    };
  },
  async (ctx, { pkg }, input): Promise<GuaranteeRow> => {
    const row: GuaranteeRow = {
      id: newId(),
      package_id: pkg.id,
      role: input.role,
      guaranteed_org_id: ctx.actor.orgId,
      guarantor_org_id: input.guarantorOrgId,
      applicant_user_id: memberId(ctx.actor),
      status: APPLICATION_STATUS.pending,
      remark: input.remark,
      reason: null,
      answered_by: null,
      applied_at: ctx.now,
      answered_at: null,
    };
    await ctx.trx.insertInto('bill_guarantees').values(row).execute();
    await recordEvent(ctx, {
      packageId: pkg.id,
      type: BILL_EVENT.guaranteeApplied,
      from: ctx.actor.orgId,
      to: input.guarantorOrgId,
      range: whole(pkg),
      reason: GUARANTEED_ROLE_LABEL[input.role],
    });
    await postNotice(
      ctx.trx,
      {
        orgId: input.guarantorOrgId,
        userId: null,
        type: NOTICE_TYPE.todo,
        title: GUARANTEE_MSG.todoTitle,
        content: GUARANTEE_MSG.todo(
          await orgName(ctx.trx, ctx.actor.orgId),
          GUARANTEED_ROLE_LABEL[input.role],
          pkg.package_no,
          yuanText(pkg.amount_fen),
        ),
        link: GUARANTEE_TODO_LINK,
        subject: subject(row.id),
      },
      ctx.now,
    );
    await announceNotices(ctx, [input.guarantorOrgId]);
    await announce(ctx, pkg.id, [ctx.actor.orgId, input.guarantorOrgId]);
    return row;
  },
);

type Side = 'guarantor' | 'applicant';

type AnswerChecked = Answering<GuaranteeRow>;

const CLOSED_FOR: Record<Side, Record<'signed' | 'refused' | 'withdrawn', string>> = {
  guarantor: {
    signed: '该保证申请已签收，无需再处理',
    refused: '该保证申请已驳回，无需再处理',
    withdrawn: '申请方已撤回该保证申请',
  },
  applicant: {
    signed: '保证人已签收该申请，不能撤回',
    refused: '保证人已驳回该申请，不能撤回',
    withdrawn: '该保证申请已被撤回',
  },
};

/** A guarantee between the guaranteed organisation (its applicant) and the guarantor, on the whole bill. */
const GUARANTEE: TwoSided<GuaranteeRow, Side> = {
  read: (trx, id) => trx.selectFrom('bill_guarantees').selectAll().where('id', '=', id).executeTakeFirst(),
  sides: (row) => ({ guarantor: row.guarantor_org_id, applicant: row.guaranteed_org_id }),
  notFound: GUARANTEE_MSG.notFound,
  notOnSide: { guarantor: GUARANTEE_MSG.notGuarantor, applicant: GUARANTEE_MSG.notApplicant },
  closed: (row, side) =>
    row.status === APPLICATION_STATUS.pending
      ? null
      : CLOSED_FOR[side][row.status as 'signed' | 'refused' | 'withdrawn'],
  about: (_row, pkg) => ({ range: whole(pkg), amountFen: Number(pkg.amount_fen) }),
};

const EVENT_OF: Record<'signed' | 'refused' | 'withdrawn', BillEventType> = {
  signed: BILL_EVENT.guaranteed,
  refused: BILL_EVENT.guaranteeRefused,
  withdrawn: BILL_EVENT.guaranteeWithdrawn,
};

interface ClearChecked extends Checked {
  pkg: PackageRow;
  guarantee: GuaranteeRow | undefined;
}

/**
 * 到期清退 of a guarantee application nobody answered by maturity (the guarantor may no longer sign it): the
 * day-end closes it as cleared, writes the reason into the bill's history and tells both sides. One
 * answered meanwhile, or on a bill not yet matured, is passed over (the check answers without a guarantee).
 */
export const clearMaturedGuarantee = ledgerCommand(
  async (ctx, id: string): Promise<ClearChecked> => {
    const { pkg, row } = await enteredRecord(ctx, () => GUARANTEE.read(ctx.trx, id), GUARANTEE_MSG.notFound);
    const guarantee = row.status === APPLICATION_STATUS.pending ? row : undefined;
    return {
      pkg,
      guarantee: guarantee && isMatured(pkg, ctx.now) ? guarantee : undefined,
      summary: {
        operation: GUARANTEE_MSG.clearOperation,
        packageNo: pkg.package_no,
        amountFen: Number(pkg.amount_fen),
        counterparty: guarantee ? await orgName(ctx.trx, guarantee.guarantor_org_id) : '',
        range: rangeOf(pkg, whole(pkg)),
      },
    };
  },
  async (ctx, { pkg, guarantee }): Promise<boolean> => {
    if (!guarantee) return false;
    const reason = GUARANTEE_MSG.clearedReason;
    await ctx.trx
      .updateTable('bill_guarantees')
      .set({ status: APPLICATION_STATUS.cleared, reason, answered_by: null, answered_at: ctx.now })
      .where('id', '=', guarantee.id)
      .where('status', '=', APPLICATION_STATUS.pending)
      .execute();
    const both = [guarantee.guaranteed_org_id, guarantee.guarantor_org_id];
    await endAnswer(ctx, {
      event: {
        packageId: pkg.id,
        type: BILL_EVENT.guaranteeCleared,
        from: guarantee.guaranteed_org_id,
        to: guarantee.guarantor_org_id,
        range: whole(pkg),
        reason,
      },
      settles: subject(guarantee.id),
      notices: both.map((orgId) => ({
        orgId,
        type: NOTICE_TYPE.announcement,
        title: GUARANTEE_MSG.clearedTitle,
        content: GUARANTEE_MSG.cleared(pkg.package_no, yuanText(pkg.amount_fen)),
      })),
      parties: both,
    });
    return true;
  },
);
const ANSWER_WORD = { signed: '签收', refused: '驳回', withdrawn: '撤回' } as const;

/** Closes a pending guarantee; of two answers at once exactly one gets here, the other 409. */
async function close(
  ctx: CommandContext,
  pkg: PackageRow,
  guarantee: GuaranteeRow,
  status: 'signed' | 'refused' | 'withdrawn',
  reason: string | null,
): Promise<GuaranteeRow> {
  await onlyAnswer(
    ctx.trx
      .updateTable('bill_guarantees')
      .set({ status, reason, answered_by: ctx.actor.userId, answered_at: ctx.now })
      .where('id', '=', guarantee.id)
      .where('status', '=', APPLICATION_STATUS.pending),
    CLOSED_FOR.applicant[status],
  );
  const [notified, actor] =
    status === 'withdrawn'
      ? [guarantee.guarantor_org_id, guarantee.guaranteed_org_id]
      : [guarantee.guaranteed_org_id, guarantee.guarantor_org_id];
  await endAnswer(ctx, {
    event: {
      packageId: pkg.id,
      type: EVENT_OF[status],
      from: guarantee.guaranteed_org_id,
      to: guarantee.guarantor_org_id,
      range: whole(pkg),
      reason: reason ?? GUARANTEED_ROLE_LABEL[guarantee.role as GuaranteedRole],
    },
    settles: subject(guarantee.id),
    notices: [
      {
        orgId: notified,
        type: NOTICE_TYPE.announcement,
        title: GUARANTEE_MSG.answeredTitle(ANSWER_WORD[status]),
        content: GUARANTEE_MSG.answered(
          await orgName(ctx.trx, actor),
          ANSWER_WORD[status],
          pkg.package_no,
          reason,
        ),
      },
    ],
    parties: [guarantee.guaranteed_org_id, guarantee.guarantor_org_id],
  });
  return { ...guarantee, status, reason, answered_at: ctx.now, answered_by: ctx.actor.userId };
}

/**
 * 签收 by the guarantor: not on or after maturity, not once the bill has ended (the drawer withdrew it while
 * the request waited: there is no obligation left to answer for), and not once it has become liable on the
 * bill otherwise.
 */
export const signGuarantee = ledgerCommand(
  async (ctx, id: string): Promise<AnswerChecked> => {
    const checked = await answeringSide(ctx, GUARANTEE, id, 'guarantor', GUARANTEE_MSG.sign);
    if (isMatured(checked.pkg, ctx.now)) throw fail(API_ERROR.billMatured, GUARANTEE_MSG.maturedAnswer);
    if (await ended(ctx.trx, checked.pkg)) throw fail(API_ERROR.billStateInvalid, GUARANTEE_MSG.endedAnswer);
    await requireFreeGuarantor(ctx.trx, checked.pkg, ctx.actor.orgId);
    return checked;
  },
  async (ctx, { pkg, row: guarantee }) => close(ctx, pkg, guarantee, APPLICATION_STATUS.signed, null),
);

export interface GuaranteeRefuseInput {
  id: string;
  reason: string;
}

export const refuseGuarantee = ledgerCommand(
  async (ctx, input: GuaranteeRefuseInput): Promise<AnswerChecked> => {
    if (!input.reason.trim()) throw fail(API_ERROR.badRequest, GUARANTEE_MSG.reasonRequired);
    return answeringSide(ctx, GUARANTEE, input.id, 'guarantor', GUARANTEE_MSG.refuse);
  },
  async (ctx, { pkg, row: guarantee }, input) =>
    close(ctx, pkg, guarantee, APPLICATION_STATUS.refused, input.reason.trim()),
);

export const withdrawGuarantee = ledgerCommand(
  async (ctx, id: string): Promise<AnswerChecked> =>
    answeringSide(ctx, GUARANTEE, id, 'applicant', GUARANTEE_MSG.withdraw),
  async (ctx, { pkg, row: guarantee }) => close(ctx, pkg, guarantee, APPLICATION_STATUS.withdrawn, null),
);
