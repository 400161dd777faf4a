import { APPLICATION_KIND, APPLICATION_STATUS, BILL_EVENT, BILL_STATUS, CIRCULATION } from '@contract/bills';
import { CLEARING } from '@contract/discount';
import { API_ERROR } from '@contract/errors';
import { NOTICE_TYPE } from '@contract/notice';
import { PLEDGE_MINE_LINK } from '@contract/pledge';
import { INSTITUTION_ACT, type InstitutionGateway } from '../../adapters/institution/gateway';
import type { Db } from '../../db/database';
import type { BillPledgeReleaseTable, BillPledgeTable } from '../../db/schema';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { yuanText } from '../../lib/money';
import { shanghaiDate } from '../../lib/shanghai-time';
import {
  announce,
  announceNotices,
  applyToInstitution,
  closeApplication,
  enteredRecord,
  holdingOf,
  institutionAnswer,
  institutionFront,
  isMatured,
  ledgerCommand,
  logOperation,
  orgName,
  packageOf,
  rangeOf,
  recordEvent,
  setStatus,
  unlock,
  type ApplicationRow,
  type CheckContext,
  type Checked,
  type CommandContext,
  type HoldingRow,
  type InstitutionActKind,
  type InstitutionFront,
  type PackageRow,
} from '../bills/service';
import { closeNotices, postNotice } from '../notice/service';
import { requireFunction } from '../org-function/service';
import { PLEDGE_MSG } from './messages';

/**
 * 质押 and 质押解除 as ledger acts (docs/domain.md, pledge and release). The holder applies to one
 * institution for the front of a received, negotiable holding, which locks that range; the institution
 * answers through its adapter. On 签收 the range rests pledged (TF0304) with the holder, who keeps the bill
 * but can endorse, discount or pledge none of it; a refusal or a withdrawal returns it. The pledgee asks for
 * the release; the pledgor signs (the range is negotiable again) or refuses (it stays pledged).
 */

export interface PledgeInput {
  holdingId: string;
  institutionOrgId: string;
  amountFen: number;
  remark: string;
}

const releaseSubject = (id: string) => `bill-pledge-release:${id}`;

const billText = (pkg: PackageRow, range: { sub_start: number; sub_end: number }) =>
  PLEDGE_MSG.bill(pkg.package_no, rangeOf(pkg, range), yuanText(range.sub_end - range.sub_start + 1));

/** 质押 among the acts an institution answers. */
const PLEDGE_ACT: InstitutionActKind = {
  act: INSTITUTION_ACT.pledge,
  kind: APPLICATION_KIND.pledge,
  operation: PLEDGE_MSG.operation,
  institutionInvalid: PLEDGE_MSG.institutionInvalid,
  applicationNotFound: PLEDGE_MSG.pledgeNotFound,
  maturedBeforeAnswer: PLEDGE_MSG.maturedBeforeAnswer,
};

/** The pledge acts that go through the institution adapter: the application and the institution's answer. */
export function pledgeCommands(institutions: InstitutionGateway) {
  const applyPledge = ledgerCommand(
    async (ctx, input: PledgeInput): Promise<InstitutionFront> => {
      await requireFunction(ctx.trx, ctx.actor.orgId, 'BILL_PLEDGE');
      return institutionFront(ctx, PLEDGE_ACT, input);
    },
    (ctx, front, input): Promise<ApplicationRow> =>
      applyToInstitution(
        ctx,
        institutions,
        PLEDGE_ACT,
        front,
        {
          amountFen: input.amountFen,
          remark: input.remark,
          // A pledge moves no money.
          terms: { onDate: shanghaiDate(ctx.now), annualRate: null, clearing: CLEARING.offline },
        },
        async (application) => {
          await ctx.trx
            .insertInto('bill_pledges')
            .values({
              application_id: application.id,
              package_id: front.pkg.id,
              pledgor_org_id: ctx.actor.orgId,
              pledgee_org_id: front.institution.orgId,
              holding_id: null,
              pledged_at: null,
              released_at: null,
              created_at: ctx.now,
            })
            .execute();
        },
      ),
  );

  /** A 签收: the holder keeps the range, held where it was; only its flag says it is pledged. */
  const { answer: answerPledge, takeAnswer } = institutionAnswer(
    PLEDGE_ACT,
    async (ctx, { application, holding }) => {
      await closeApplication(ctx, application, APPLICATION_STATUS.signed, null);
      const pledged = await setStatus(ctx, holding, BILL_STATUS.received, CIRCULATION.pledged);
      await ctx.trx
        .updateTable('bill_pledges')
        .set({ holding_id: pledged.id, pledged_at: ctx.now })
        .where('application_id', '=', application.id)
        .execute();
    },
  );

  return { applyPledge, answerPledge, takeAnswer };
}

// ---- release

interface PledgeState {
  pledge: BillPledgeTable;
  pkg: PackageRow;
  pending: BillPledgeReleaseTable | undefined;
}

/** The pledge as `side` sees it (the same 404 for another organisation's), its package entered first. */
async function pledgeFor(ctx: CheckContext, id: string, side: 'pledgor' | 'pledgee'): Promise<PledgeState> {
  const column = side === 'pledgor' ? 'pledgor_org_id' : 'pledgee_org_id';
  const { pkg, row: pledge } = await enteredRecord(
    ctx,
    () =>
      ctx.trx
        .selectFrom('bill_pledges')
        .selectAll()
        .where('application_id', '=', id)
        .where(column, '=', ctx.actor.orgId)
        .executeTakeFirst(),
    PLEDGE_MSG.pledgeNotFound,
  );
  const pending = await ctx.trx
    .selectFrom('bill_pledge_releases')
    .selectAll()
    .where('pledge_id', '=', id)
    .where('status', '=', APPLICATION_STATUS.pending)
    .executeTakeFirst();
  return { pledge, pkg, pending };
}

/** The pledged holding of a pledge in force: current and still flagged pledged. */
async function pledgedHolding(trx: Db, pledge: BillPledgeTable): Promise<HoldingRow> {
  if (pledge.holding_id === null || pledge.released_at !== null) {
    throw fail(API_ERROR.billStateInvalid, PLEDGE_MSG.notPledged);
  }
  const holding = await holdingOf(trx, pledge.holding_id);
  if (holding.ended_at !== null || holding.circ_status !== CIRCULATION.pledged) {
    throw fail(API_ERROR.billStateInvalid, PLEDGE_MSG.notPledged);
  }
  return holding;
}

interface ReleaseChecked extends Checked, PledgeState {
  holding: HoldingRow;
}

async function releaseSummary(
  ctx: CheckContext,
  operation: string,
  other: string,
  pkg: PackageRow,
  holding: HoldingRow,
) {
  return {
    operation,
    packageNo: pkg.package_no,
    amountFen: holding.amount_fen,
    counterparty: await orgName(ctx.trx, other),
    range: rangeOf(pkg, holding),
  };
}

/** Marks the waiting release answered; of two answers at once exactly one gets here, the other 409. */
async function closeRelease(
  ctx: CommandContext,
  release: BillPledgeReleaseTable,
  status: 'signed' | 'refused' | 'withdrawn' | 'cleared',
  reason: string | null,
): Promise<string[]> {
  const result = await ctx.trx
    .updateTable('bill_pledge_releases')
    .set({ status, reason, answered_by: ctx.actor.userId, answered_at: ctx.now })
    .where('id', '=', release.id)
    .where('status', '=', APPLICATION_STATUS.pending)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) {
    throw fail(API_ERROR.billApplicationAnswered, PLEDGE_MSG.noReleasePending);
  }
  return closeNotices(ctx.trx, releaseSubject(release.id), ctx.now);
}

/**
 * 质押解除申请 by the pledgee (an institution, acting through its adapter's side or the sandbox): asks the
 * pledgor to release a pledge in force, before the bill's maturity, one request at a time. The range stays
 * pledged while it waits, which already lets nothing else happen to it. The pledgor gets a to-do.
 */
export const applyRelease = ledgerCommand(
  async (ctx, pledgeId: string): Promise<ReleaseChecked> => {
    const state = await pledgeFor(ctx, pledgeId, 'pledgee');
    const holding = await pledgedHolding(ctx.trx, state.pledge);
    if (state.pending) throw fail(API_ERROR.billStateInvalid, PLEDGE_MSG.releasePending);
    if (isMatured(state.pkg, ctx.now)) throw fail(API_ERROR.billStateInvalid, PLEDGE_MSG.releaseMatured);
    return {
      ...state,
      holding,
      summary: await releaseSummary(
        ctx,
        PLEDGE_MSG.releaseOperation,
        state.pledge.pledgor_org_id,
        state.pkg,
        holding,
      ),
    };
  },
  async (ctx, { pledge, pkg, holding }): Promise<BillPledgeReleaseTable> => {
    const release: BillPledgeReleaseTable = {
      id: newId(),
      pledge_id: pledge.application_id,
      status: APPLICATION_STATUS.pending,
      reason: null,
      answered_by: null,
      applied_at: ctx.now,
      answered_at: null,
    };
    await ctx.trx.insertInto('bill_pledge_releases').values(release).execute();
    await recordEvent(ctx, {
      packageId: pkg.id,
      type: BILL_EVENT.applied,
      kind: APPLICATION_KIND.pledgeRelease,
      applicationId: pledge.application_id,
      from: pledge.pledgee_org_id,
      to: pledge.pledgor_org_id,
      range: holding,
    });
    await postNotice(
      ctx.trx,
      {
        orgId: pledge.pledgor_org_id,
        userId: null,
        type: NOTICE_TYPE.todo,
        title: PLEDGE_MSG.releaseTodoTitle,
        content: PLEDGE_MSG.releaseTodo(
          await orgName(ctx.trx, pledge.pledgee_org_id),
          billText(pkg, holding),
        ),
        link: PLEDGE_MINE_LINK,
        subject: releaseSubject(release.id),
      },
      ctx.now,
    );
    await announceNotices(ctx, [pledge.pledgor_org_id]);
    await announce(ctx, pkg.id, [pledge.pledgor_org_id, pledge.pledgee_org_id]);
    return release;
  },
);

/** The pledgee takes back its release request before the pledgor answered; the pledgor is told. */
export const withdrawRelease = ledgerCommand(
  async (ctx, pledgeId: string): Promise<ReleaseChecked> => {
    const state = await pledgeFor(ctx, pledgeId, 'pledgee');
    if (!state.pending) throw fail(API_ERROR.billApplicationAnswered, PLEDGE_MSG.noReleasePending);
    const holding = await pledgedHolding(ctx.trx, state.pledge);
    return {
      ...state,
      holding,
      summary: await releaseSummary(
        ctx,
        PLEDGE_MSG.releaseWithdraw,
        state.pledge.pledgor_org_id,
        state.pkg,
        holding,
      ),
    };
  },
  async (ctx, { pledge, pkg, pending, holding }): Promise<void> => {
    const closedFor = await closeRelease(ctx, pending!, APPLICATION_STATUS.withdrawn, null);
    await recordEvent(ctx, {
      packageId: pkg.id,
      type: BILL_EVENT.withdrawn,
      kind: APPLICATION_KIND.pledgeRelease,
      applicationId: pledge.application_id,
      from: pledge.pledgee_org_id,
      to: pledge.pledgor_org_id,
      range: holding,
    });
    await postNotice(
      ctx.trx,
      {
        orgId: pledge.pledgor_org_id,
        userId: null,
        type: NOTICE_TYPE.announcement,
        title: PLEDGE_MSG.releaseWithdrawnTitle,
        content: PLEDGE_MSG.releaseWithdrawnNotice(
          await orgName(ctx.trx, pledge.pledgee_org_id),
          billText(pkg, holding),
        ),
      },
      ctx.now,
    );
    await announceNotices(ctx, [...closedFor, pledge.pledgor_org_id]);
    await announce(ctx, pkg.id, [pledge.pledgor_org_id, pledge.pledgee_org_id]);
  },
);

export interface ReleaseAnswer {
  pledgeId: string;
  decision: 'sign' | 'refuse';
  /** 驳回 only. */
  reason?: string;
}

/**
 * The pledgor's answer to the waiting release: 签收 (not on or after maturity) returns the range to rest,
 * negotiable and joined with the neighbouring ranges the pledgor holds alike; 驳回 with a reason leaves it
 * pledged.
 */
export const answerRelease = ledgerCommand(
  async (ctx, input: ReleaseAnswer): Promise<ReleaseChecked> => {
    const state = await pledgeFor(ctx, input.pledgeId, 'pledgor');
    if (!state.pending) throw fail(API_ERROR.billApplicationAnswered, PLEDGE_MSG.noReleasePending);
    const holding = await pledgedHolding(ctx.trx, state.pledge);
    if (input.decision === 'sign' && isMatured(state.pkg, ctx.now)) {
      throw fail(API_ERROR.billMatured, PLEDGE_MSG.releaseMaturedAnswer);
    }
    if (input.decision === 'refuse' && !input.reason?.trim()) {
      throw fail(API_ERROR.badRequest, PLEDGE_MSG.reasonRequired);
    }
    return {
      ...state,
      holding,
      summary: await releaseSummary(
        ctx,
        input.decision === 'sign' ? PLEDGE_MSG.releaseSign : PLEDGE_MSG.releaseRefuse,
        state.pledge.pledgee_org_id,
        state.pkg,
        holding,
      ),
    };
  },
  async (ctx, { pledge, pkg, pending, holding }, input): Promise<void> => {
    const reason = input.decision === 'refuse' ? input.reason!.trim() : null;
    const closedFor = await closeRelease(
      ctx,
      pending!,
      input.decision === 'sign' ? APPLICATION_STATUS.signed : APPLICATION_STATUS.refused,
      reason,
    );
    await recordEvent(ctx, {
      packageId: pkg.id,
      type: input.decision === 'sign' ? BILL_EVENT.signed : BILL_EVENT.refused,
      kind: APPLICATION_KIND.pledgeRelease,
      applicationId: pledge.application_id,
      from: pledge.pledgee_org_id,
      to: pledge.pledgor_org_id,
      range: holding,
      reason,
    });
    if (input.decision === 'sign') {
      await ctx.trx
        .updateTable('bill_pledges')
        .set({ released_at: ctx.now })
        .where('application_id', '=', pledge.application_id)
        .execute();
      await unlock(ctx, pkg, holding, ctx.now);
    }
    await logOperation(ctx, {
      orgId: pledge.pledgor_org_id,
      bizId: pending!.id,
      bizType: 'pledge',
      opType: input.decision === 'sign' ? 'sign' : 'reject',
      pkg,
      range: holding,
      counterpartyName: await orgName(ctx.trx, pledge.pledgee_org_id),
      status: 'success',
    });
    await announceNotices(ctx, closedFor);
    await announce(ctx, pkg.id, [pledge.pledgor_org_id, pledge.pledgee_org_id]);
  },
);

interface ReleaseClearChecked extends Checked {
  pkg: PackageRow;
  /** What is cleared; absent when another command answered it first or the bill has not matured. */
  clearing?: { pledge: BillPledgeTable; release: BillPledgeReleaseTable; holding: HoldingRow };
}

/**
 * 到期清退 of a 质押解除 request the pledgor did not answer by maturity (it can no longer be signed): the day-end
 * closes it as cleared with the reason in the bill's history and tells both sides. The range stays pledged,
 * and at maturity it is the pledgee that presents it for payment.
 */
export const clearMaturedRelease = ledgerCommand(
  async (ctx, releaseId: string): Promise<ReleaseClearChecked> => {
    const found = await ctx.trx
      .selectFrom('bill_pledge_releases as r')
      .innerJoin('bill_pledges as g', 'g.application_id', 'r.pledge_id')
      .select('g.package_id')
      .where('r.id', '=', releaseId)
      .executeTakeFirst();
    if (!found) throw fail(API_ERROR.notFound, PLEDGE_MSG.noReleasePending);
    const pkg = await packageOf(ctx, found.package_id);
    const release = await ctx.trx
      .selectFrom('bill_pledge_releases')
      .selectAll()
      .where('id', '=', releaseId)
      .where('status', '=', APPLICATION_STATUS.pending)
      .executeTakeFirst();
    const pledge = release
      ? await ctx.trx
          .selectFrom('bill_pledges')
          .selectAll()
          .where('application_id', '=', release.pledge_id)
          .executeTakeFirstOrThrow()
      : undefined;
    const holding = pledge?.holding_id ? await holdingOf(ctx.trx, pledge.holding_id) : undefined;
    const clearing =
      release && pledge && holding && isMatured(pkg, ctx.now) ? { pledge, release, holding } : undefined;
    return {
      pkg,
      ...(clearing ? { clearing } : {}),
      summary: {
        operation: PLEDGE_MSG.releaseClear,
        packageNo: pkg.package_no,
        amountFen: holding?.amount_fen ?? 0,
        counterparty: pledge ? await orgName(ctx.trx, pledge.pledgor_org_id) : '',
        range: holding ? rangeOf(pkg, holding) : null,
      },
    };
  },
  async (ctx, { pkg, clearing }): Promise<boolean> => {
    if (!clearing) return false;
    const { pledge, release, holding } = clearing;
    const reason = PLEDGE_MSG.releaseClearedReason;
    const closedFor = await closeRelease(ctx, release, APPLICATION_STATUS.cleared, reason);
    await recordEvent(ctx, {
      packageId: pkg.id,
      type: BILL_EVENT.cleared,
      kind: APPLICATION_KIND.pledgeRelease,
      applicationId: pledge.application_id,
      from: pledge.pledgee_org_id,
      to: pledge.pledgor_org_id,
      range: holding,
      reason,
    });
    const both = [pledge.pledgee_org_id, pledge.pledgor_org_id];
    for (const orgId of both) {
      await postNotice(
        ctx.trx,
        {
          orgId,
          userId: null,
          type: NOTICE_TYPE.announcement,
          title: PLEDGE_MSG.releaseClearedTitle,
          content: PLEDGE_MSG.releaseCleared(billText(pkg, holding)),
        },
        ctx.now,
      );
    }
    await announceNotices(ctx, [...closedFor, ...both]);
    await announce(ctx, pkg.id, both);
    return true;
  },
);

// ---- a bill that matures pledged

/** A pledge by its id (the pledge application's), whatever its state. */
export const pledgeById = (trx: Db, id: string): Promise<BillPledgeTable | undefined> =>
  trx.selectFrom('bill_pledges').selectAll().where('application_id', '=', id).executeTakeFirst();

/** The pledge in force on a holding: signed, not released, resting on exactly this holding. */
export const pledgeInForceOn = (trx: Db, holdingId: string): Promise<BillPledgeTable | undefined> =>
  trx
    .selectFrom('bill_pledges')
    .selectAll()
    .where('holding_id', '=', holdingId)
    .where('pledged_at', 'is not', null)
    .where('released_at', 'is', null)
    .executeTakeFirst();

/**
 * The pledge ends with the bill: its acceptor paid the pledgee, who presented it at maturity. It is over
 * as a release ends it, the range it rested on now settled, and shows it ended by payment (已兑付).
 */
export async function endPledgeWithBill(ctx: CommandContext, pledge: BillPledgeTable): Promise<void> {
  const result = await ctx.trx
    .updateTable('bill_pledges')
    .set({ released_at: ctx.now, paid_at: ctx.now })
    .where('application_id', '=', pledge.application_id)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw fail(API_ERROR.billStateInvalid, PLEDGE_MSG.notPledged);
}
