import { setImmediate as nextTurn } from 'node:timers/promises';
import { BILL_STATUS, CIRCULATION } from '@contract/bills';
import { NOTICE_TYPE } from '@contract/notice';
import { REALTIME_EVENT } from '@contract/realtime';
import type { Db } from '../../db/database';
import { addDays, daysBetween, isCalendarDate } from '../../lib/calendar-date';
import { yuanText } from '../../lib/money';
import type { DayEndContext, DayEndStep } from '../day-end/service';
import type { HolidayCalendar } from '../holiday/service';
import { postNotices, type NewNotice } from '../notice/service';
import { REMINDER_NOTICE } from './messages';

/** Days before maturity a holder and the acceptor are reminded, and 0: on the maturity date itself. */
export const MATURITY_REMINDER_DAYS = [30, 7, 1, 0] as const;
const LONGEST_LEAD = MATURITY_REMINDER_DAYS[0];
/** Bills one batch reads; their reminders and notices are written in one transaction with the step's cursor. */
export const REMINDER_BATCH = 500;

export const REMINDER_ROLE = { holder: 'holder', acceptor: 'acceptor' } as const;
type ReminderRole = (typeof REMINDER_ROLE)[keyof typeof REMINDER_ROLE];

/**
 * The reminder a bill maturing on `due` is owed at the close of `businessDate`. A lead of k days is owed at the
 * last close before the day k days ahead of maturity has passed (the next business day is after it), so a
 * threshold on a weekend or holiday is met at the close before it: a bill due on the Tuesday after the
 * Qingming holiday is reminded of 1 day on the Friday before. Only the nearest lead reached is owed (a bill
 * issued 5 days before maturity is never reminded of 30). The reminder on the day (0) comes at the close of
 * the day it is paid: its maturity date, or the business day after when that is closed. Null: none owed.
 */
export function reminderDue(due: string, businessDate: string, calendar: HolidayCalendar): number | null {
  if (due <= businessDate) return calendar.businessDayOnOrAfter(due) === businessDate ? 0 : null;
  const fromNextClose = daysBetween(calendar.nextBusinessDay(businessDate), due);
  return [...MATURITY_REMINDER_DAYS].reverse().find((lead) => lead > 0 && fromNextClose < lead) ?? null;
}

interface Reminder {
  packageId: string;
  orgId: string;
  role: ReminderRole;
  lead: number;
  notice: NewNotice;
}

async function remindersOfBatch(
  db: Db,
  ctx: DayEndContext,
  packages: ReadonlyArray<{
    id: string;
    package_no: string;
    due_date: string;
    acceptor_org_id: string;
    acceptor_account_no: string | null;
    acceptor_bank_name: string | null;
  }>,
): Promise<Reminder[]> {
  const owed = new Map<string, number>();
  for (const pkg of packages) {
    const lead = reminderDue(pkg.due_date, ctx.businessDate, ctx.calendar);
    if (lead !== null) owed.set(pkg.id, lead);
  }
  if (owed.size === 0) return [];
  // What each organisation holds of each bill, received and not yet ended (settled or paid ranges are not).
  const held = await db
    .selectFrom('bill_holdings')
    .select(['package_id', 'org_id', (eb) => eb.fn.sum<number | string>('amount_fen').as('amount')])
    .where('package_id', 'in', [...owed.keys()])
    .where('ended_at', 'is', null)
    .where('bill_status', '=', BILL_STATUS.received)
    .where('circ_status', '!=', CIRCULATION.ended)
    .groupBy(['package_id', 'org_id'])
    .execute();
  const byPackage = new Map<string, Array<{ orgId: string; fen: number }>>();
  for (const row of held) {
    const list = byPackage.get(row.package_id) ?? [];
    list.push({ orgId: row.org_id, fen: Number(row.amount) });
    byPackage.set(row.package_id, list);
  }
  const reminders: Reminder[] = [];
  for (const pkg of packages) {
    const lead = owed.get(pkg.id);
    const holders = byPackage.get(pkg.id);
    if (lead === undefined || !holders) continue;
    const payDay = ctx.calendar.businessDayOnOrAfter(pkg.due_date);
    const when = REMINDER_NOTICE.when(lead, pkg.due_date);
    for (const holder of holders) {
      reminders.push({
        packageId: pkg.id,
        orgId: holder.orgId,
        role: REMINDER_ROLE.holder,
        lead,
        notice: {
          orgId: holder.orgId,
          userId: null,
          type: NOTICE_TYPE.announcement,
          title: REMINDER_NOTICE.holderTitle(when),
          content: REMINDER_NOTICE.holder(pkg.package_no, yuanText(holder.fen), pkg.due_date, payDay),
        },
      });
    }
    const total = holders.reduce((sum, holder) => sum + holder.fen, 0);
    reminders.push({
      packageId: pkg.id,
      orgId: pkg.acceptor_org_id,
      role: REMINDER_ROLE.acceptor,
      lead,
      notice: {
        orgId: pkg.acceptor_org_id,
        userId: null,
        type: NOTICE_TYPE.announcement,
        title: REMINDER_NOTICE.acceptorTitle(when),
        content: REMINDER_NOTICE.acceptor(
          pkg.package_no,
          pkg.due_date,
          payDay,
          yuanText(total),
          pkg.acceptor_account_no ?? '',
          pkg.acceptor_bank_name ?? '',
        ),
      },
    });
  }
  return reminders;
}

/** Reminders one INSERT records at most (each column of each row is a bound parameter). */
const REMINDER_INSERT_CHUNK = 500;

const reminderKey = (r: { package_id: string; org_id: string; role: string; days_before: number }) =>
  `${r.package_id}|${r.org_id}|${r.role}|${Number(r.days_before)}`;

/**
 * Records the batch's reminders, a chunk to a statement; answers those recorded now. One already recorded
 * (by an earlier run of this close) is left as it is and not sent again: the unique key refuses it and the
 * statement returns only the rows it inserted.
 */
async function recordReminders(trx: Db, reminders: readonly Reminder[], now: number): Promise<Reminder[]> {
  const sent: Reminder[] = [];
  for (let from = 0; from < reminders.length; from += REMINDER_INSERT_CHUNK) {
    const chunk = reminders.slice(from, from + REMINDER_INSERT_CHUNK);
    const inserted = await trx
      .insertInto('maturity_reminders')
      .values(
        chunk.map((reminder) => ({
          package_id: reminder.packageId,
          org_id: reminder.orgId,
          role: reminder.role,
          days_before: reminder.lead,
          sent_at: now,
        })),
      )
      .onConflict((oc) => oc.columns(['package_id', 'org_id', 'role', 'days_before']).doNothing())
      .returning(['package_id', 'org_id', 'role', 'days_before'])
      .execute();
    const recorded = new Set(inserted.map(reminderKey));
    for (const reminder of chunk) {
      const key = reminderKey({
        package_id: reminder.packageId,
        org_id: reminder.orgId,
        role: reminder.role,
        days_before: reminder.lead,
      });
      if (recorded.has(key)) sent.push(reminder);
    }
  }
  return sent;
}

/**
 * 到期提醒, a day-end step: holders and acceptors of every received bill are told 30, 7 and 1 days before
 * maturity and on the day (the acceptor how much it pays on the payment day and from which account). A bill
 * is read in order of due date and id from the step's cursor; each batch writes its reminders (each once: a
 * reminder already recorded is not sent again), their notices and the cursor in one transaction.
 */
export const maturityRemindersStep: DayEndStep = {
  name: 'maturity-reminders',
  async run(ctx) {
    // A maturity on a closed day since the last business day is reminded "on the day" at this close.
    const from = addDays(ctx.businessDate, -MAX_CLOSED_BEFORE);
    const to = addDays(ctx.nextBusinessDate, LONGEST_LEAD);
    // The last bill done: its due date and id. A cursor of another shape (a run recorded before the cursor
    // held the due date) starts the step again, which sends nothing twice.
    let [afterDue, afterId] = cursorOf(ctx.cursor) ?? [from, ''];
    for (;;) {
      const packages = await ctx.db
        .selectFrom('bill_packages')
        .select([
          'id',
          'package_no',
          'due_date',
          'acceptor_org_id',
          'acceptor_account_no',
          'acceptor_bank_name',
        ])
        // In the order of the due date index, from where the last batch ended (the window's first day at
        // first: every id is after ''): ordered by id alone, each batch sorted every bill of the window after
        // the cursor again to find its 500.
        .where((eb) => eb(eb.refTuple('due_date', 'id'), '>', eb.tuple(afterDue, afterId)))
        .where('due_date', '<=', to)
        .orderBy('due_date')
        .orderBy('id')
        .limit(REMINDER_BATCH)
        .execute();
      if (packages.length === 0) return;
      const last = packages[packages.length - 1]!;
      [afterDue, afterId] = [last.due_date, last.id];
      const next = `${last.due_date} ${last.id}`;
      await ctx.db.transaction().execute(async (trx) => {
        const reminders = await remindersOfBatch(trx, ctx, packages);
        const sent = await recordReminders(trx, reminders, ctx.now);
        await postNotices(
          trx,
          sent.map((reminder) => reminder.notice),
          ctx.now,
        );
        for (const orgId of new Set(sent.map((reminder) => reminder.orgId))) {
          await ctx.realtime.publishToOrg(orgId, { type: REALTIME_EVENT.notice, payload: {} }, trx);
        }
        await ctx.progress(next, sent.length, trx);
      });
      // Between batches, let requests in (better-sqlite3 answers synchronously).
      await nextTurn();
    }
  },
};

/** A cursor of the reminders' step as its due date and id; null when it has none. */
function cursorOf(cursor: string | null): [string, string] | null {
  const [due, id] = (cursor ?? '').split(' ');
  return due !== undefined && id !== undefined && isCalendarDate(due) ? [due, id] : null;
}

/** The longest run of closed days (the Spring Festival's week and its weekends around it). */
const MAX_CLOSED_BEFORE = 12;
