import { CIRCULATION, type BillStatus } from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import type { Db } from '../../db/database';
import type { BillLockTable } from '../../db/schema';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import {
  holdingOf,
  ledgerCommand,
  negotiableFront,
  orgName,
  enteredRecord,
  rangeOf,
  type CheckContext,
  type Checked,
  type CommandContext,
} from './commands';
import { restingCirculation, setStatus, unlock, type HoldingRow, type PackageRow } from './ledger';
import { BILL_MSG } from './messages';

/**
 * Locks a business record of another module keeps on a whole holding (docs/domain.md, the bill ledger): a
 * pledge financing locks its bills from submission until its pledge is applied for, so nothing else happens
 * to them meanwhile. The holding is flagged locked (TF0302) like an application's range, and the ledger's
 * invariant pairs it with its active lock as it pairs an application's range with the pending application.
 */

export const BILL_LOCK_STATUS = { active: 'active', released: 'released', broken: 'broken' } as const;

export type BillLockRow = BillLockTable;

/** Who locks: the kind of record and its id. */
export interface LockOwner {
  type: string;
  id: string;
}

export interface LockInput {
  holdingId: string;
  owner: LockOwner;
  /** What the holder confirms, e.g. 质押融资. */
  operation: string;
}

interface LockChecked extends Checked {
  pkg: PackageRow;
  holding: HoldingRow;
}

/**
 * Locks the whole of a holding the acting organisation may pass on or pledge now: received, negotiable, not
 * 不得转让, not locked, pledged or frozen, not yet due. Refused as an endorsement of it would be.
 */
export const lockHolding = ledgerCommand(
  async (ctx, input: LockInput): Promise<LockChecked> => {
    const current = await holdingOf(ctx.trx, input.holdingId);
    const { pkg, holding } = await negotiableFront(ctx, input.holdingId, Number(current.amount_fen));
    return {
      pkg,
      holding,
      summary: {
        operation: input.operation,
        packageNo: pkg.package_no,
        amountFen: Number(holding.amount_fen),
        counterparty: await orgName(ctx.trx, ctx.actor.orgId),
        range: rangeOf(pkg, holding),
      },
    };
  },
  async (ctx, { pkg, holding }, input): Promise<BillLockRow> => {
    const locked = await setStatus(ctx, holding, holding.bill_status as BillStatus, CIRCULATION.locked);
    const row: BillLockRow = {
      id: newId(),
      package_id: pkg.id,
      holding_id: locked.id,
      org_id: ctx.actor.orgId,
      owner_type: input.owner.type,
      owner_id: input.owner.id,
      status: BILL_LOCK_STATUS.active,
      reason: null,
      locked_at: ctx.now,
      ended_at: null,
    };
    await ctx.trx.insertInto('bill_locks').values(row).execute();
    return row;
  },
);

/** The owner's locks, active ones only unless `all`, oldest first. */
export const locksOf = (trx: Db, owner: LockOwner, all = false) =>
  trx
    .selectFrom('bill_locks')
    .selectAll()
    .where('owner_type', '=', owner.type)
    .where('owner_id', '=', owner.id)
    .$if(!all, (q) => q.where('status', '=', BILL_LOCK_STATUS.active))
    .orderBy('locked_at')
    .orderBy('id')
    .execute();

export interface EndLockInput {
  lockId: string;
  /**
   * True: the range rejoins the holder's neighbouring ranges alike (the record ended). False: it stays the
   * holding it was, so the record can hand exactly that holding to its next act (a pledge application).
   */
  join: boolean;
}

interface EndLockChecked extends Checked {
  pkg: PackageRow;
  lock: BillLockRow;
  holding: HoldingRow;
}

/** Ends the acting organisation's active lock; the range rests again. Returns the holding it rests in. */
export const endLock = ledgerCommand(
  async (ctx: CheckContext, input: EndLockInput): Promise<EndLockChecked> => {
    const { pkg, row: lock } = await enteredRecord(
      ctx,
      () =>
        ctx.trx
          .selectFrom('bill_locks')
          .selectAll()
          .where('id', '=', input.lockId)
          .where('org_id', '=', ctx.actor.orgId)
          .executeTakeFirst(),
      BILL_MSG.lockNotFound,
    );
    if (lock.status !== BILL_LOCK_STATUS.active) throw fail(API_ERROR.conflict, BILL_MSG.lockEnded);
    const holding = await holdingOf(ctx.trx, lock.holding_id);
    return {
      pkg,
      lock,
      holding,
      summary: {
        operation: BILL_MSG.unlockOperation,
        packageNo: pkg.package_no,
        amountFen: Number(holding.amount_fen),
        counterparty: await orgName(ctx.trx, ctx.actor.orgId),
        range: rangeOf(pkg, holding),
      },
    };
  },
  async (ctx, { pkg, lock, holding }, input): Promise<HoldingRow> => {
    await closeLock(ctx, lock, BILL_LOCK_STATUS.released, null);
    if (input.join) return unlock(ctx, pkg, holding, ctx.now);
    return setStatus(
      ctx,
      holding,
      holding.bill_status as BillStatus,
      restingCirculation(pkg, holding.bill_status),
    );
  },
);

/** Of two ends of one lock at once, exactly one gets past this; the other answers 409. */
async function closeLock(
  ctx: CommandContext,
  lock: BillLockRow,
  status: 'released' | 'broken',
  reason: string | null,
): Promise<void> {
  const result = await ctx.trx
    .updateTable('bill_locks')
    .set({ status, reason, ended_at: ctx.now })
    .where('id', '=', lock.id)
    .where('status', '=', BILL_LOCK_STATUS.active)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw fail(API_ERROR.conflict, BILL_MSG.lockEnded);
}

/**
 * Within another command on the package (an authority's freeze): breaks the active lock on a locked holding,
 * if one holds it, with the reason, and returns the range to rest; false when no lock holds it (an
 * application does). The record that held it finds its lock broken when it next acts.
 */
export async function breakLockOn(
  ctx: CommandContext,
  pkg: PackageRow,
  holding: HoldingRow,
  reason: string,
): Promise<boolean> {
  const lock = await ctx.trx
    .selectFrom('bill_locks')
    .selectAll()
    .where('holding_id', '=', holding.id)
    .where('status', '=', BILL_LOCK_STATUS.active)
    .executeTakeFirst();
  if (!lock) return false;
  await closeLock(ctx, lock, BILL_LOCK_STATUS.broken, reason);
  await unlock(ctx, pkg, holding, ctx.now);
  return true;
}
