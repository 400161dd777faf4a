import {
  APPLICATION_STATUS,
  BILL_EVENT,
  BILL_STATUS,
  CIRCULATION,
  type CirculationFlag,
} from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import { FREEZE_RISK_LABEL, FREEZE_STATUS, type FreezeRisk } from '@contract/freeze';
import { NOTICE_TYPE } from '@contract/notice';
import type { FreezeOrder, FreezeOutcome, LiftOrder } from '../../adapters/registry/gateway';
import type { Db } from '../../db/database';
import type { BillFreezeTable } from '../../db/schema';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { yuanText } from '../../lib/money';
import type { Realtime } from '../../lib/realtime-hub';
import {
  announce,
  announceNotices,
  breakLockOn,
  closeApplication,
  holdingOf,
  isolate,
  ledgerCommand,
  enteredRecord,
  packageOf,
  rangeOf,
  recordEvent,
  release,
  unlock,
  type CheckContext,
  type Checked,
  type HoldingRow,
  type PackageRow,
} from '../bills/service';
import { postNotice } from '../notice/service';
import { FREEZE_MSG } from './messages';

/**
 * 冻结 (docs/domain.md, freezes): an authority's order, delivered by the bill registry, freezes all or part of
 * a received holding; whatever was pending on that range is refused first, with the order as the reason.
 * The frozen range (FZ01) can do nothing until the order that lifts it arrives, which returns it to the flag
 * it had. Both are ledger commands: they enter the package and end with the invariant, which also pairs every
 * frozen holding with its active freeze. The registry acts, not a member: no user, no confirmation.
 */

type FreezeRow = BillFreezeTable;

const outcomeOf = (row: FreezeRow, pkg: Pick<PackageRow, 'splittable'>): FreezeOutcome => ({
  id: row.id,
  status: row.status as FreezeOutcome['status'],
  subStart: Number(row.sub_start),
  subEnd: Number(row.sub_end),
  splittable: pkg.splittable === 1,
});

const riskText = (risk: string) => FREEZE_RISK_LABEL[risk as FreezeRisk] ?? risk;

/** The current holdings that overlap [start, end]. */
const overlapping = (trx: Db, packageId: string, start: number, end: number) =>
  trx
    .selectFrom('bill_holdings')
    .selectAll()
    .where('package_id', '=', packageId)
    .where('ended_at', 'is', null)
    .where('sub_start', '<=', end)
    .where('sub_end', '>=', start)
    .orderBy('sub_start')
    .execute();

/**
 * Where the holding that holds `start` ends, taken as the holder's contiguous ranges from it on: a holding
 * split by a pending application (its front locked) is still one holding to the authority.
 */
async function holderRangeEnd(trx: Db, packageId: string, start: number): Promise<number> {
  const holdings = await trx
    .selectFrom('bill_holdings')
    .select(['org_id', 'sub_start', 'sub_end'])
    .where('package_id', '=', packageId)
    .where('ended_at', 'is', null)
    .where('sub_end', '>=', start)
    .orderBy('sub_start')
    .execute();
  const [first] = holdings;
  if (!first || Number(first.sub_start) > start) return start;
  let end = Number(first.sub_end);
  for (const next of holdings.slice(1)) {
    if (next.org_id !== first.org_id || Number(next.sub_start) !== end + 1) break;
    end = Number(next.sub_end);
  }
  return end;
}

interface FreezeChecked extends Checked {
  pkg: PackageRow | null;
  existing: FreezeRow | null;
  start: number;
  end: number;
}

export const freezeRange = ledgerCommand(
  async (ctx: CheckContext, order: FreezeOrder): Promise<FreezeChecked> => {
    const found = await ctx.trx
      .selectFrom('bill_packages')
      .select('id')
      .where('package_no', '=', order.packageNo)
      .executeTakeFirst();
    if (!found) throw fail(API_ERROR.notFound, FREEZE_MSG.billNotFound);
    const pkg = await packageOf(ctx, found.id);
    const summary = {
      operation: FREEZE_MSG.freeze,
      packageNo: pkg.package_no,
      amountFen: 0,
      counterparty: FREEZE_MSG.registry,
      range: null,
    };
    const existing = await ctx.trx
      .selectFrom('bill_freezes')
      .selectAll()
      .where('reference', '=', order.reference)
      .executeTakeFirst();
    if (existing) return { pkg: null, existing, start: 0, end: 0, summary };
    const face = Number(pkg.amount_fen);
    const start = order.subStart ?? 1;
    let end = order.subEnd;
    if (end === undefined) end = await holderRangeEnd(ctx.trx, pkg.id, start);
    if (start < 1 || end > face || start > end) throw fail(API_ERROR.badRequest, FREEZE_MSG.rangeInvalid);
    if (pkg.splittable !== 1 && (start !== 1 || end !== face)) {
      throw fail(API_ERROR.badRequest, FREEZE_MSG.notSplittable);
    }
    const holdings = await overlapping(ctx.trx, pkg.id, start, end);
    if (holdings.some((h) => h.circ_status === CIRCULATION.frozen)) {
      throw fail(API_ERROR.conflict, FREEZE_MSG.alreadyFrozen);
    }
    if (holdings.some((h) => h.bill_status !== BILL_STATUS.received || h.circ_status === CIRCULATION.ended)) {
      throw fail(API_ERROR.billStateInvalid, FREEZE_MSG.notReceived);
    }
    if (new Set(holdings.map((h) => h.org_id)).size !== 1) {
      throw fail(API_ERROR.conflict, FREEZE_MSG.severalHolders);
    }
    return {
      pkg,
      existing: null,
      start,
      end,
      summary: {
        ...summary,
        amountFen: end - start + 1,
        range: rangeOf(pkg, { sub_start: start, sub_end: end }),
      },
    };
  },
  async (ctx, { pkg, existing, start, end }, order): Promise<FreezeOutcome> => {
    if (existing) return outcomeOf(existing, await packageOf(ctx, existing.package_id));
    if (!pkg) throw new Error('a freeze without its bill');
    const risk = riskText(order.risk);
    // What was pending on the range is refused first, its range returned to the holder.
    for (const holding of await overlapping(ctx.trx, pkg.id, start, end)) {
      if (holding.circ_status !== CIRCULATION.locked) continue;
      const reason = FREEZE_MSG.cleared(risk, order.authority, order.documentNo);
      // A record's lock (a pledge financing's) ends as an application would be refused.
      if (await breakLockOn(ctx, pkg, holding, reason)) continue;
      const application = await ctx.trx
        .selectFrom('bill_applications')
        .selectAll()
        .where('holding_id', '=', holding.id)
        .where('status', '=', APPLICATION_STATUS.pending)
        .executeTakeFirstOrThrow();
      await closeApplication(ctx, application, APPLICATION_STATUS.refused, reason);
      await unlock(ctx, pkg, await holdingOf(ctx.trx, holding.id), ctx.now);
    }
    const containing = await overlapping(ctx.trx, pkg.id, start, end);
    const holding: HoldingRow | undefined = containing[0];
    if (!holding || containing.length !== 1) throw fail(API_ERROR.conflict, FREEZE_MSG.spansHoldings);
    const frozen = await isolate(ctx, holding, start, end, CIRCULATION.frozen, ctx.now);
    const row: FreezeRow = {
      id: newId(),
      reference: order.reference,
      package_id: pkg.id,
      org_id: holding.org_id,
      holding_id: frozen.id,
      sub_start: start,
      sub_end: end,
      amount_fen: end - start + 1,
      risk: order.risk,
      authority: order.authority,
      document_no: order.documentNo,
      prior_circ: holding.circ_status,
      status: FREEZE_STATUS.active,
      frozen_at: ctx.now,
      lift_reference: null,
      lift_authority: null,
      lift_document_no: null,
      lifted_at: null,
    };
    await ctx.trx.insertInto('bill_freezes').values(row).execute();
    await recordEvent(ctx, {
      packageId: pkg.id,
      type: BILL_EVENT.frozen,
      from: null,
      to: holding.org_id,
      range: frozen,
      reason: FREEZE_MSG.eventReason(risk, order.authority, order.documentNo),
      userId: null,
    });
    await postNotice(
      ctx.trx,
      {
        orgId: holding.org_id,
        userId: null,
        type: NOTICE_TYPE.announcement,
        title: FREEZE_MSG.frozenTitle,
        content: FREEZE_MSG.frozenNotice(
          pkg.package_no,
          rangeOf(pkg, frozen),
          yuanText(frozen.amount_fen),
          risk,
          order.authority,
          order.documentNo,
        ),
      },
      ctx.now,
    );
    await announceNotices(ctx, [holding.org_id]);
    await announce(ctx, pkg.id, [holding.org_id]);
    return outcomeOf(row, pkg);
  },
);

interface LiftChecked extends Checked {
  freeze: FreezeRow;
  pkg: PackageRow;
  done: boolean;
}

export const liftFreeze = ledgerCommand(
  async (ctx: CheckContext, order: LiftOrder): Promise<LiftChecked> => {
    const { pkg, row: freeze } = await enteredRecord(
      ctx,
      () =>
        ctx.trx.selectFrom('bill_freezes').selectAll().where('id', '=', order.freezeId).executeTakeFirst(),
      FREEZE_MSG.freezeNotFound,
    );
    const summary = {
      operation: FREEZE_MSG.lift,
      packageNo: pkg.package_no,
      amountFen: Number(freeze.amount_fen),
      counterparty: FREEZE_MSG.registry,
      range: rangeOf(pkg, freeze),
    };
    if (freeze.status === FREEZE_STATUS.lifted) {
      if (freeze.lift_reference === order.reference) return { freeze, pkg, done: true, summary };
      throw fail(API_ERROR.conflict, FREEZE_MSG.alreadyLifted);
    }
    return { freeze, pkg, done: false, summary };
  },
  async (ctx, { freeze, pkg, done }, order): Promise<FreezeOutcome> => {
    if (done) return outcomeOf(freeze, pkg);
    const result = await ctx.trx
      .updateTable('bill_freezes')
      .set({
        status: FREEZE_STATUS.lifted,
        lift_reference: order.reference,
        lift_authority: order.authority,
        lift_document_no: order.documentNo,
        lifted_at: ctx.now,
      })
      .where('id', '=', freeze.id)
      .where('status', '=', FREEZE_STATUS.active)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) throw fail(API_ERROR.conflict, FREEZE_MSG.alreadyLifted);
    const holding = await holdingOf(ctx.trx, freeze.holding_id);
    await release(ctx, pkg, holding, freeze.prior_circ as CirculationFlag, ctx.now);
    await recordEvent(ctx, {
      packageId: pkg.id,
      type: BILL_EVENT.unfrozen,
      from: null,
      to: freeze.org_id,
      range: freeze,
      reason: FREEZE_MSG.liftReason(order.authority, order.documentNo),
      userId: null,
    });
    await postNotice(
      ctx.trx,
      {
        orgId: freeze.org_id,
        userId: null,
        type: NOTICE_TYPE.announcement,
        title: FREEZE_MSG.liftedTitle,
        content: FREEZE_MSG.liftedNotice(
          pkg.package_no,
          rangeOf(pkg, freeze),
          order.authority,
          order.documentNo,
        ),
      },
      ctx.now,
    );
    await announceNotices(ctx, [freeze.org_id]);
    await announce(ctx, pkg.id, [freeze.org_id]);
    return outcomeOf({ ...freeze, status: FREEZE_STATUS.lifted }, pkg);
  },
);

/** The registry's orders, each in its own transaction, acted by the registry (no organisation, no user). */
export function registryHandlers(db: Db, realtime: Realtime | null, now: () => number) {
  const scope = (trx: Db) => ({ trx, now: now(), actor: { orgId: '', userId: null }, realtime });
  return {
    freeze: (order: FreezeOrder) => db.transaction().execute((trx) => freezeRange(scope(trx), order)),
    lift: (order: LiftOrder) => db.transaction().execute((trx) => liftFreeze(scope(trx), order)),
  };
}
