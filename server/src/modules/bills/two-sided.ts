import { API_ERROR } from '@contract/errors';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { closeNotices, postNotice, type NewNotice } from '../notice/service';
import {
  announce,
  announceNotices,
  enteredRecord,
  orgName,
  rangeOf,
  recordEvent,
  type CheckContext,
  type Checked,
  type CommandContext,
} from './commands';
import type { PackageRow } from './ledger';

/**
 * The answers to a record another module keeps between two organisations on a bill (a guarantee between the
 * guaranteed party and its guarantor, a recourse notice between the holder and a debtor): how the answer
 * finds the record, makes sure it is the only answer, and ends. The ledger's own applications follow the
 * same steps in commands.ts.
 */

/** A module's record: how it is read by id, who stands on each of its two sides, what it is about. */
export interface TwoSided<R, S extends string> {
  read(trx: Db, id: string): Promise<R | undefined>;
  sides(row: R): Record<S, string>;
  /** 404: there is none, or the caller is on neither side (another organisation's answers as a missing one). */
  notFound: string;
  /** 403, by the side the caller is not on. */
  notOnSide: Record<S, string>;
  /** 409 with why the record no longer waits for an answer from `side`; null while it does. */
  closed(row: R, side: S): string | null;
  /** The range of the bill the record is about and its amount, as the answer's summary names them. */
  about(row: R, pkg: PackageRow): { range: { sub_start: number; sub_end: number }; amountFen: number };
}

export interface Answering<R> extends Checked {
  pkg: PackageRow;
  row: R;
}

/**
 * The record the caller answers from `side` as `operation`, still waiting for that answer. The bill's
 * package is entered and the record read again, so what the answer decides on no other command is changing.
 */
export async function answeringSide<R extends { package_id: string }, S extends string>(
  ctx: CheckContext,
  record: TwoSided<R, S>,
  id: string,
  side: S,
  operation: string,
): Promise<Answering<R>> {
  const org = ctx.actor.orgId;
  // Another organisation's record reads as none.
  const read = async () => {
    const row = await record.read(ctx.trx, id);
    return row && Object.values<string>(record.sides(row)).includes(org) ? row : undefined;
  };
  const { pkg, row } = await enteredRecord(ctx, read, record.notFound);
  const sides = record.sides(row);
  if (sides[side] !== org) throw fail(API_ERROR.forbidden, record.notOnSide[side]);
  const closed = record.closed(row, side);
  if (closed !== null) throw fail(API_ERROR.billApplicationAnswered, closed);
  const other = (Object.keys(sides) as S[]).find((s) => s !== side)!;
  const { range, amountFen } = record.about(row, pkg);
  return {
    pkg,
    row,
    summary: {
      operation,
      packageNo: pkg.package_no,
      amountFen,
      counterparty: await orgName(ctx.trx, sides[other]),
      range: rangeOf(pkg, range),
    },
  };
}

/**
 * Runs an answer's update, made on the status the answer found: of two answers at once exactly one changes
 * the row, the other is refused 409 with `message`.
 */
export async function onlyAnswer(
  update: { executeTakeFirst(): Promise<{ numUpdatedRows: bigint }> },
  message: string,
): Promise<void> {
  const result = await update.executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) throw fail(API_ERROR.billApplicationAnswered, message);
}

export interface AnswerEnd {
  /** The answer in the bill's history. */
  event: Parameters<typeof recordEvent>[1];
  /** The subject of the to-do the answer settles: it closes for whoever still has it open. */
  settles: string;
  /** What the organisations told of the answer get, each for all of its members. */
  notices: Array<Omit<NewNotice, 'userId'>>;
  /** The organisations whose screens of the bill are told it changed. */
  parties: string[];
}

/** The end of an answer, after its own writes: the history, the to-dos, the notices and the screens. */
export async function endAnswer(ctx: CommandContext, end: AnswerEnd): Promise<void> {
  await recordEvent(ctx, end.event);
  const closedFor = await closeNotices(ctx.trx, end.settles, ctx.now);
  for (const notice of end.notices) await postNotice(ctx.trx, { ...notice, userId: null }, ctx.now);
  await announceNotices(ctx, [...closedFor, ...end.notices.map((notice) => notice.orgId)]);
  await announce(ctx, end.event.packageId, end.parties);
}
