import { API_ERROR } from '@contract/errors';
import {
  APPLICATION_STATUS,
  BILL_STATUS,
  CIRCULATION,
  type BillStatus,
  type CirculationFlag,
} from '@contract/bills';
import { sql, type Transaction } from 'kysely';
import type { Db } from '../../db/database';
import { isPostgres } from '../../db/dialect';
import { lockAllWithinTransaction } from '../../db/locks';
import type { BillHoldingTable, BillPackageTable, Database } from '../../db/schema';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { listenerListByDatabase } from '../../lib/listeners';
import { BILL_MSG } from './messages';

/**
 * Holdings as sub-ticket ranges. Every change of a range ends the rows it replaces (`ended_at`) and inserts
 * new ones, so a holder's past holdings stay readable; a change of status alone updates the row. Each change
 * is conditional on the row still being current with the status it was read with, so of two commands on
 * the same range exactly one changes it and the other answers 409.
 */

export type HoldingRow = BillHoldingTable;
export type PackageRow = BillPackageTable;

/** The circulation flag a holding rests at when nothing locks it. */
export function restingCirculation(
  pkg: Pick<PackageRow, 'no_transfer'>,
  billStatus: string,
): CirculationFlag {
  if (billStatus === BILL_STATUS.terminated || billStatus === BILL_STATUS.settled) return CIRCULATION.ended;
  if (billStatus !== BILL_STATUS.received) return CIRCULATION.awaitingReceipt;
  return pkg.no_transfer === 1 ? CIRCULATION.notTransferable : CIRCULATION.negotiable;
}

/**
 * What one command changes beyond the rows it writes, gathered while it runs and written by its last step
 * (`endCommand`): the packages it entered (locked, and checked at its end), the moves of each
 * organisation's count of current holdings (bill_org_holdings, the held list's total) and the fen each
 * package's payable ranges moved by (bill_payable_days, 应付票据). Both move with the three writes below, the
 * only ones that start, end or change a holding; they are written once, counters first and each in one
 * order of keys, because a command signing A's range to B and another signing B's range to A at once would
 * otherwise each hold one counter row and wait for the other's (a deadlock on PostgreSQL).
 */
export class LedgerWork {
  readonly packages = new Set<string>();
  readonly heldMoves = new Map<string, number>();
  readonly payableMoves = new Map<string, number>();
}

/** The transaction a command writes through, and what it gathers for its end. */
export interface LedgerTx {
  trx: Db;
  work: LedgerWork;
}

/**
 * Packages that must be held with `packageIds` (docs/domain.md, the order of locks): what a record built over
 * several bills (a pledge financing) enters later in the same transaction, after its own lock. Each module
 * with such a record registers one on its app's database; the answer may include the packages themselves.
 */
export type PackageCompanions = (trx: Db, packageIds: readonly string[]) => Promise<readonly string[]>;
const companionSources = listenerListByDatabase<PackageCompanions>();

export const onPackageCompanions = (db: Db, source: PackageCompanions): (() => void) =>
  companionSources.add(db, source);

const packageLockName = (packageId: string) => `bill-package:${packageId}`;

/**
 * Holds the packages within `trx`, in order of key, as `enterPackage` does but without entering them in a
 * command (nothing checks them at its end): for a record over several bills (a financing, a day-end batch)
 * that takes its own lock after its packages'. A package held already is held again at once (PostgreSQL's
 * advisory locks count per transaction).
 */
export async function holdPackages(trx: Db, packageIds: Iterable<string>): Promise<void> {
  if (!trx.isTransaction) throw new Error('packages are held inside a transaction');
  const names = [...new Set(packageIds)].sort().map(packageLockName);
  await lockAllWithinTransaction(trx as Transaction<Database>, names);
}

/**
 * Enters a package: waits until no other command holds it and holds it until the transaction ends, so the
 * commands on one package (on different ranges too) run one after the other and number its events in
 * turn. Every command enters its package before it reads the state it decides on; the package is then
 * checked at the command's end. With it, in one order of keys, the packages a record over several bills
 * will enter after its own lock (`onPackageCompanions`): a payment of a financing's bill settles the loan and
 * releases the others, and must not hold one of them while waiting for the financing (PostgreSQL only: on
 * SQLite every transaction runs alone and takes no lock).
 */
export async function enterPackage(ledger: LedgerTx, packageId: string): Promise<void> {
  await enterPackages(ledger, [packageId]);
}

/**
 * Enters the packages as enterPackage enters one, all at once: their companions read with one query a source
 * and every lock taken in one order with one statement (a batch of the day-end enters hundreds).
 */
export async function enterPackages(ledger: LedgerTx, packageIds: Iterable<string>): Promise<void> {
  const entering = [...new Set(packageIds)].filter((id) => !ledger.work.packages.has(id));
  if (entering.length === 0) return;
  if (!ledger.trx.isTransaction) throw new Error('a ledger command runs inside a transaction');
  const keys = new Set(entering);
  if (isPostgres(ledger.trx)) {
    for (const source of companionSources.all(ledger.trx)) {
      for (const id of await source(ledger.trx, entering)) keys.add(id);
    }
  }
  await holdPackages(ledger.trx, keys);
  for (const id of entering) ledger.work.packages.add(id);
}

/**
 * Whether a current holding counts as held (the held list and its total): every holding but one at the end
 * of its life (TF0501, a withdrawn bill), which stays current only so the package's ranges stay whole.
 */
export const isHeld = (holding: Pick<HoldingRow, 'circ_status'>): boolean =>
  holding.circ_status !== CIRCULATION.ended;

/**
 * Notes a write to one of `orgId`'s holdings and what it moved its count of held ones by: every write, a
 * status changed in place too (delta 0), moves the organisation's held version at the end (writeHeldCounts).
 */
function countHeld(ledger: LedgerTx, orgId: string, delta: number): void {
  const moves = ledger.work.heldMoves;
  moves.set(orgId, (moves.get(orgId) ?? 0) + delta);
}

/**
 * Whether a holding counts in its acceptor's 应付票据: current, received (CS03, what the acceptor pays at
 * maturity to its holder) and not at the end of its life.
 */
export const isPayable = (holding: Pick<HoldingRow, 'bill_status' | 'circ_status' | 'ended_at'>): boolean =>
  holding.ended_at === null &&
  holding.bill_status === BILL_STATUS.received &&
  holding.circ_status !== CIRCULATION.ended;

/** The change of a holding from `before` to `after` (null: none), in its package's payable fen. */
function countPayable(ledger: LedgerTx, before: HoldingRow | null, after: HoldingRow | null): void {
  const fen = (h: HoldingRow | null) => (h !== null && isPayable(h) ? Number(h.amount_fen) : 0);
  const delta = fen(after) - fen(before);
  if (delta === 0) return;
  const packageId = (after ?? before)!.package_id;
  const moves = ledger.work.payableMoves;
  moves.set(packageId, (moves.get(packageId) ?? 0) + delta);
}

/**
 * Each organisation whose holdings the command wrote: its count of held ones moved by what the command moved
 * it by, and its held version by one (the held list at one version is one list: queries.ts keeps answers by
 * it). In order of organisation, as every command writes them, so two commands never wait crosswise.
 */
async function writeHeldCounts(ledger: LedgerTx): Promise<void> {
  const ordered = [...ledger.work.heldMoves].sort(([a], [b]) => (a < b ? -1 : 1));
  ledger.work.heldMoves.clear();
  for (const [orgId, delta] of ordered) {
    await ledger.trx
      .insertInto('bill_org_holdings')
      .values({ org_id: orgId, held: delta, version: 1 })
      .onConflict((oc) =>
        oc.column('org_id').doUpdateSet((eb) => ({
          held: eb('bill_org_holdings.held', '+', delta),
          version: eb('bill_org_holdings.version', '+', 1),
        })),
      )
      .execute();
  }
}

interface PayableDayMove {
  acceptorOrgId: string;
  dueDate: string;
  bills: number;
  fen: number;
}

/**
 * Moves each acceptor's 应付票据 by due date (bill_payable_days) by what the command moved in its packages'
 * payable ranges. A bill counts on its day while any of its fen is payable: the package's payable fen after
 * the command is read from the holdings its check read, and before it is that less what the command moved.
 */
async function writePayableDays(ledger: LedgerTx, checked: Map<string, CheckedPackage>): Promise<void> {
  const days = new Map<string, PayableDayMove>();
  for (const [packageId, fen] of ledger.work.payableMoves) {
    if (fen === 0) continue;
    const { pkg, holdings } = checked.get(packageId)!;
    const after = holdings.reduce((sum, h) => (isPayable(h) ? sum + Number(h.amount_fen) : sum), 0);
    const before = after - fen;
    const key = `${pkg.acceptor_org_id}\u0000${pkg.due_date}`;
    const day = days.get(key) ?? {
      acceptorOrgId: pkg.acceptor_org_id,
      dueDate: pkg.due_date,
      bills: 0,
      fen: 0,
    };
    day.bills += Number(after > 0) - Number(before > 0);
    day.fen += fen;
    days.set(key, day);
  }
  ledger.work.payableMoves.clear();
  const ordered = [...days].sort(([a], [b]) => (a < b ? -1 : 1));
  for (const [, day] of ordered) {
    if (day.bills === 0 && day.fen === 0) continue;
    await ledger.trx
      .insertInto('bill_payable_days')
      .values({
        acceptor_org_id: day.acceptorOrgId,
        due_date: day.dueDate,
        bills: day.bills,
        amount_fen: day.fen,
      })
      .onConflict((oc) =>
        oc.columns(['acceptor_org_id', 'due_date']).doUpdateSet((eb) => ({
          bills: eb('bill_payable_days.bills', '+', day.bills),
          amount_fen: eb('bill_payable_days.amount_fen', '+', day.fen),
        })),
      )
      .execute();
  }
}

/**
 * The last step of every command: checks each package it entered (and any other whose ranges it moved),
 * then writes what it gathered from its writes and the checks' reads. A breach throws and rolls the whole
 * command back.
 */
export async function endCommand(ledger: LedgerTx): Promise<void> {
  const checked = await checkPackages(ledger.trx, [
    ...ledger.work.packages,
    ...ledger.work.payableMoves.keys(),
  ]);
  await writeHeldCounts(ledger);
  await writePayableDays(ledger, checked);
}

/** Ends a current holding that still has the status it was read with; 409 when another command got there first. */
async function endHolding(ledger: LedgerTx, holding: HoldingRow, now: number): Promise<void> {
  const result = await ledger.trx
    .updateTable('bill_holdings')
    .set({ ended_at: now })
    .where('id', '=', holding.id)
    .where('ended_at', 'is', null)
    .where('circ_status', '=', holding.circ_status)
    .where('bill_status', '=', holding.bill_status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw fail(API_ERROR.billLocked, BILL_MSG.locked);
  countHeld(ledger, holding.org_id, isHeld(holding) ? -1 : 0);
  countPayable(ledger, holding, null);
}

async function insertHolding(
  ledger: LedgerTx,
  fields: Omit<HoldingRow, 'id' | 'amount_fen' | 'ended_at'>,
): Promise<HoldingRow> {
  const row: HoldingRow = {
    id: newId(),
    ...fields,
    amount_fen: fields.sub_end - fields.sub_start + 1,
    ended_at: null,
  };
  await ledger.trx.insertInto('bill_holdings').values(row).execute();
  countHeld(ledger, row.org_id, isHeld(row) ? 1 : 0);
  countPayable(ledger, null, row);
  return row;
}

/** Sets the statuses of a current holding whose statuses are still those read; 409 otherwise. */
export async function setStatus(
  ledger: LedgerTx,
  holding: HoldingRow,
  billStatus: BillStatus,
  circulation: CirculationFlag,
): Promise<HoldingRow> {
  const result = await ledger.trx
    .updateTable('bill_holdings')
    .set({ bill_status: billStatus, circ_status: circulation })
    .where('id', '=', holding.id)
    .where('ended_at', 'is', null)
    .where('circ_status', '=', holding.circ_status)
    .where('bill_status', '=', holding.bill_status)
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw fail(API_ERROR.billLocked, BILL_MSG.locked);
  const changed = { ...holding, bill_status: billStatus, circ_status: circulation };
  countHeld(ledger, holding.org_id, Number(isHeld(changed)) - Number(isHeld(holding)));
  countPayable(ledger, holding, changed);
  return changed;
}

/**
 * Sets the circulation flag of many current holdings at once (a day-end batch), each keeping its bill status
 * and still with the statuses it was read with: one UPDATE for the holdings read with the same statuses, as
 * setStatus does for one. 409 when any changed since it was read.
 */
export async function setCirculations(
  ledger: LedgerTx,
  holdings: readonly HoldingRow[],
  circulation: CirculationFlag,
): Promise<HoldingRow[]> {
  const groups = new Map<string, HoldingRow[]>();
  for (const holding of holdings) {
    const key = `${holding.bill_status}\u0000${holding.circ_status}`;
    const group = groups.get(key);
    if (group) group.push(holding);
    else groups.set(key, [holding]);
  }
  for (const group of groups.values()) {
    const { bill_status: readBill, circ_status: readCirc } = group[0]!;
    const result = await ledger.trx
      .updateTable('bill_holdings')
      .set({ circ_status: circulation })
      .where(
        'id',
        'in',
        group.map((holding) => holding.id),
      )
      .where('ended_at', 'is', null)
      .where('circ_status', '=', readCirc)
      .where('bill_status', '=', readBill)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== group.length) throw fail(API_ERROR.billLocked, BILL_MSG.locked);
  }
  return holdings.map((holding) => {
    const changed = { ...holding, circ_status: circulation };
    countHeld(ledger, holding.org_id, Number(isHeld(changed)) - Number(isHeld(holding)));
    countPayable(ledger, holding, changed);
    return changed;
  });
}

/**
 * Locks the front `amountFen` of a holding for an application (TF0302). The whole holding is locked in place;
 * a part is split off: the front leaves locked, the holder keeps the rest as it was.
 */
export async function lockFront(
  ledger: LedgerTx,
  holding: HoldingRow,
  amountFen: number,
  now: number,
): Promise<HoldingRow> {
  if (amountFen === holding.amount_fen) {
    return setStatus(ledger, holding, holding.bill_status as BillStatus, CIRCULATION.locked);
  }
  await endHolding(ledger, holding, now);
  const front = await insertHolding(ledger, {
    package_id: holding.package_id,
    org_id: holding.org_id,
    sub_start: holding.sub_start,
    sub_end: holding.sub_start + amountFen - 1,
    bill_status: holding.bill_status,
    circ_status: CIRCULATION.locked,
    acquired_at: holding.acquired_at,
    account_id: holding.account_id,
    due_date: holding.due_date,
  });
  await insertHolding(ledger, {
    package_id: holding.package_id,
    org_id: holding.org_id,
    sub_start: holding.sub_start + amountFen,
    sub_end: holding.sub_end,
    bill_status: holding.bill_status,
    circ_status: holding.circ_status,
    acquired_at: holding.acquired_at,
    account_id: holding.account_id,
    due_date: holding.due_date,
  });
  return front;
}

/**
 * Hands a locked holding to another organisation, which holds it from now with the given bill status in
 * the settlement account it chose.
 */
export async function transfer(
  ledger: LedgerTx,
  pkg: PackageRow,
  holding: HoldingRow,
  to: { orgId: string; accountId: string | null },
  billStatus: BillStatus,
  now: number,
): Promise<HoldingRow> {
  await endHolding(ledger, holding, now);
  return insertHolding(ledger, {
    package_id: holding.package_id,
    org_id: to.orgId,
    sub_start: holding.sub_start,
    sub_end: holding.sub_end,
    bill_status: billStatus,
    circ_status: restingCirculation(pkg, billStatus),
    acquired_at: now,
    account_id: to.accountId,
    due_date: holding.due_date,
  });
}

/**
 * Releases a locked holding back to rest (a refusal or a withdrawal), and joins it with the holder's
 * neighbouring ranges of the same status in the same account, so a refused part is whole again with what
 * the holder kept. A pledged range its pledgee presented (the pledge still in force on it) rests pledged
 * again, on its own: its pledge names the holding.
 */
export async function unlock(
  ledger: LedgerTx,
  pkg: PackageRow,
  holding: HoldingRow,
  now: number,
): Promise<HoldingRow> {
  const pledge = await ledger.trx
    .selectFrom('bill_pledges')
    .select('application_id')
    .where('holding_id', '=', holding.id)
    .where('pledged_at', 'is not', null)
    .where('released_at', 'is', null)
    .executeTakeFirst();
  if (pledge) return setStatus(ledger, holding, holding.bill_status as BillStatus, CIRCULATION.pledged);
  return release(ledger, pkg, holding, restingCirculation(pkg, holding.bill_status), now);
}

/**
 * Sets a holding's circulation flag back to `circulation` (the rest of an unlocked range, the flag a frozen
 * range had) and joins it with the holder's neighbouring ranges of the same statuses in the same account.
 */
export async function release(
  ledger: LedgerTx,
  pkg: PackageRow,
  holding: HoldingRow,
  circulation: CirculationFlag,
  now: number,
): Promise<HoldingRow> {
  const released = await setStatus(ledger, holding, holding.bill_status as BillStatus, circulation);
  const neighbours = await ledger.trx
    .selectFrom('bill_holdings')
    .selectAll()
    .where('package_id', '=', pkg.id)
    .where('org_id', '=', holding.org_id)
    .where('ended_at', 'is', null)
    .where('bill_status', '=', released.bill_status)
    .where('circ_status', '=', released.circ_status)
    .where('account_id', released.account_id === null ? 'is' : '=', released.account_id)
    .where((eb) =>
      eb.or([eb('sub_end', '=', released.sub_start - 1), eb('sub_start', '=', released.sub_end + 1)]),
    )
    .execute();
  if (neighbours.length === 0) return released;
  const parts = [released, ...neighbours];
  for (const part of parts) await endHolding(ledger, part, now);
  return insertHolding(ledger, {
    package_id: pkg.id,
    org_id: holding.org_id,
    sub_start: Math.min(...parts.map((p) => Number(p.sub_start))),
    sub_end: Math.max(...parts.map((p) => Number(p.sub_end))),
    bill_status: released.bill_status,
    circ_status: released.circ_status,
    acquired_at: Math.min(...parts.map((p) => Number(p.acquired_at))),
    account_id: released.account_id,
    due_date: pkg.due_date,
  });
}

/**
 * Sets `[start, end]` of a holding apart with its own circulation flag (a freeze): the holding is ended and
 * replaced by the part before the range, the range itself and the part after it, the parts keeping what
 * the holding had. The whole holding changes in place.
 */
export async function isolate(
  ledger: LedgerTx,
  holding: HoldingRow,
  start: number,
  end: number,
  circulation: CirculationFlag,
  now: number,
): Promise<HoldingRow> {
  const from = Number(holding.sub_start);
  const to = Number(holding.sub_end);
  if (start < from || end > to || start > end) throw new Error('a range outside its holding');
  if (start === from && end === to) {
    return setStatus(ledger, holding, holding.bill_status as BillStatus, circulation);
  }
  await endHolding(ledger, holding, now);
  const part = (subStart: number, subEnd: number, circ: string) =>
    insertHolding(ledger, {
      package_id: holding.package_id,
      org_id: holding.org_id,
      sub_start: subStart,
      sub_end: subEnd,
      bill_status: holding.bill_status,
      circ_status: circ,
      acquired_at: holding.acquired_at,
      account_id: holding.account_id,
      due_date: holding.due_date,
    });
  if (start > from) await part(from, start - 1, holding.circ_status);
  const middle = await part(start, end, circulation);
  if (end < to) await part(end + 1, to, holding.circ_status);
  return middle;
}

/** The first holding of a new package: the drawer holds the whole face in its settlement account. */
export const firstHolding = (ledger: LedgerTx, pkg: PackageRow, accountId: string, now: number) =>
  insertHolding(ledger, {
    package_id: pkg.id,
    org_id: pkg.drawer_org_id,
    sub_start: 1,
    sub_end: pkg.amount_fen,
    bill_status: BILL_STATUS.issued,
    circ_status: CIRCULATION.awaitingReceipt,
    acquired_at: now,
    account_id: accountId,
    due_date: pkg.due_date,
  });

export class LedgerInvariantBroken extends Error {}

/** What a package's check read: the package, and its current holdings in order. */
export interface CheckedPackage {
  pkg: Pick<PackageRow, 'amount_fen' | 'acceptor_org_id' | 'due_date'>;
  holdings: Array<
    Pick<
      HoldingRow,
      'id' | 'sub_start' | 'sub_end' | 'amount_fen' | 'bill_status' | 'circ_status' | 'ended_at' | 'due_date'
    >
  >;
}

type Mark = 'lock' | 'freeze';

/** Packages one read of the invariant takes at a time (each id is one bound parameter of its queries). */
const CHECK_CHUNK = 500;

/**
 * The ledger's one invariant, checked at the end of every command within its transaction (endCommand): the
 * package's current holdings, in order, cover 1..face exactly (no overlap, no gap), each amount is its
 * range's length, the locked holdings are exactly those of the pending applications and the active locks
 * of other modules' records, one each, and the frozen holdings exactly those of the active freezes. It only
 * reads.
 */
export async function checkPackage(trx: Db, packageId: string): Promise<CheckedPackage> {
  return (await checkPackages(trx, [packageId])).get(packageId)!;
}

/**
 * The invariant of several packages, read a chunk of packages per query rather than a package at a time (a
 * day-end batch ends with hundreds); each package is checked exactly as checkPackage checks one.
 */
export async function checkPackages(
  trx: Db,
  packageIds: readonly string[],
): Promise<Map<string, CheckedPackage>> {
  const checked = new Map<string, CheckedPackage>();
  const ids = [...new Set(packageIds)];
  for (let from = 0; from < ids.length; from += CHECK_CHUNK) {
    const chunk = ids.slice(from, from + CHECK_CHUNK);
    const marking = (
      table: 'bill_applications' | 'bill_locks' | 'bill_freezes',
      status: string,
      mark: Mark,
    ) =>
      trx
        .selectFrom(table)
        .select([sql.lit(mark).$castTo<Mark>().as('mark'), 'package_id', 'holding_id'])
        .where('package_id', 'in', chunk)
        .where('status', '=', status);
    const [packages, holdings, marks] = await Promise.all([
      trx
        .selectFrom('bill_packages')
        .select(['id', 'amount_fen', 'acceptor_org_id', 'due_date'])
        .where('id', 'in', chunk)
        .execute(),
      trx
        .selectFrom('bill_holdings')
        .select([
          'id',
          'package_id',
          'sub_start',
          'sub_end',
          'amount_fen',
          'bill_status',
          'circ_status',
          'ended_at',
          'due_date',
        ])
        .where('package_id', 'in', chunk)
        .where('ended_at', 'is', null)
        .orderBy('package_id')
        .orderBy('sub_start')
        .execute(),
      // What holds a range, in one query (a round trip each on PostgreSQL): the pending applications and the
      // other modules' active locks lock it, the active freezes freeze it.
      marking('bill_applications', APPLICATION_STATUS.pending, 'lock')
        .unionAll(marking('bill_locks', 'active', 'lock'))
        .unionAll(marking('bill_freezes', 'active', 'freeze'))
        .execute(),
    ]);
    const lockers = marks.filter((m) => m.mark === 'lock');
    const freezes = marks.filter((m) => m.mark === 'freeze');
    const byPackage = <T extends { package_id: string }>(rows: T[]) => {
      const grouped = new Map<string, T[]>();
      for (const row of rows) {
        const list = grouped.get(row.package_id);
        if (list) list.push(row);
        else grouped.set(row.package_id, [row]);
      }
      return grouped;
    };
    const holdingsOf = byPackage(holdings);
    const lockersOf = byPackage(lockers);
    const freezesOf = byPackage(freezes);
    const found = new Map(packages.map((pkg) => [pkg.id, pkg]));
    for (const packageId of chunk) {
      const pkg = found.get(packageId);
      if (!pkg) throw new LedgerInvariantBroken(`package ${packageId} does not exist`);
      const current = (holdingsOf.get(packageId) ?? []).map(({ package_id: _, ...h }) => h);
      verifyPackage(
        packageId,
        pkg,
        current,
        (lockersOf.get(packageId) ?? []).map((p) => p.holding_id),
        (freezesOf.get(packageId) ?? []).map((f) => f.holding_id),
      );
      checked.set(packageId, {
        pkg: { amount_fen: pkg.amount_fen, acceptor_org_id: pkg.acceptor_org_id, due_date: pkg.due_date },
        holdings: current,
      });
    }
  }
  return checked;
}

/** Throws LedgerInvariantBroken when one package's rows, read by checkPackages, break the invariant. */
function verifyPackage(
  packageId: string,
  pkg: CheckedPackage['pkg'],
  holdings: CheckedPackage['holdings'],
  lockers: string[],
  freezes: string[],
): void {
  let next = 1;
  for (const h of holdings) {
    const start = Number(h.sub_start);
    const end = Number(h.sub_end);
    if (start !== next || end < start || Number(h.amount_fen) !== end - start + 1) {
      throw new LedgerInvariantBroken(
        `package ${packageId}: holding ${h.id} [${start}, ${end}] after ${next - 1}`,
      );
    }
    if (h.due_date !== pkg.due_date) {
      throw new LedgerInvariantBroken(
        `package ${packageId}: holding ${h.id} is due ${h.due_date}, not ${pkg.due_date}`,
      );
    }
    next = end + 1;
  }
  if (next - 1 !== Number(pkg.amount_fen)) {
    throw new LedgerInvariantBroken(`package ${packageId}: holdings cover ${next - 1} of ${pkg.amount_fen}`);
  }
  const locked = new Set(holdings.filter((h) => h.circ_status === CIRCULATION.locked).map((h) => h.id));
  // Each locked holding is held by exactly one pending application or one active lock, never by both.
  const lockedBy = new Set(lockers);
  if (
    lockers.length !== lockedBy.size ||
    lockedBy.size !== locked.size ||
    [...lockedBy].some((id) => !locked.has(id))
  ) {
    throw new LedgerInvariantBroken(
      `package ${packageId}: locked holdings and pending applications with active locks differ`,
    );
  }
  const frozen = new Set(holdings.filter((h) => h.circ_status === CIRCULATION.frozen).map((h) => h.id));
  if (freezes.length !== frozen.size || freezes.some((id) => !frozen.has(id))) {
    throw new LedgerInvariantBroken(`package ${packageId}: frozen holdings and active freezes differ`);
  }
}
