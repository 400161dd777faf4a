import type { PayableDay } from '@contract/bills-schemas';
import { API_ERROR } from '@contract/errors';
import type { Db } from '../../db/database';
import { carriedTotal, preparedQuery, unplanned } from '../../db/prepared-query';
import { fail } from '../../lib/errors';
import { isCalendarDate } from '../../lib/calendar-date';
import type { ListRead } from '../../lib/list-page';
import { fenToYuan } from '../../lib/money';
import type { PageRequest } from '../../lib/paging';
import { calendarVersionQuery, holidayCalendarOf } from '../holiday/service';
import { BILL_MSG } from './messages';

/** The upper bound of a range open at its end: later than any due date. */
const NO_END = '9999-12-31';

interface PayableValues {
  orgId: string;
  from: string;
  to: string;
  size: number;
  offset: number;
}

/** The acceptor's days from `from` to `to` on which it still pays something (bill_payable_days, kept by the ledger). */
const payableDays = (db: Db, v: PayableValues) =>
  db
    .selectFrom('bill_payable_days')
    .where('acceptor_org_id', '=', v.orgId)
    .where('due_date', '>=', v.from)
    .where('due_date', '<=', v.to)
    .where('bills', '>', 0);

const payablePageQuery = preparedQuery((db: Db, v: PayableValues) =>
  payableDays(db, v)
    .select(['due_date', 'bills', 'amount_fen'])
    // The total and the holiday calendar's version ride on every row: one query, one round trip, where the
    // page and the version were two queries side by side on two of the pool's connections.
    .select((eb) => eb.fn.countAll<number>().over().as('list_total'))
    .select(calendarVersionQuery(db).as('calendar_version'))
    .orderBy('due_date')
    .limit(unplanned(v.size, 'bigint'))
    .offset(unplanned(v.offset, 'bigint')),
);

const payableCount = preparedQuery((db: Db, v: PayableValues) =>
  payableDays(db, v).select((eb) => eb.fn.countAll<number>().as('n')),
);

/**
 * 应付票据: the bills `orgId` accepted that are held received (the ranges still current), by due date from
 * `from` to `to`, each date with its payment day, its number of bills and what the acceptor pays then.
 */
export async function payablePage(
  db: Db,
  orgId: string,
  range: { from: string; to: string | null },
  page: PageRequest,
): Promise<ListRead<PayableDay>> {
  if (!isCalendarDate(range.from) || (range.to !== null && !isCalendarDate(range.to)))
    throw fail(API_ERROR.badRequest, BILL_MSG.payableDateInvalid);
  if (range.to !== null && range.to < range.from)
    throw fail(API_ERROR.badRequest, BILL_MSG.payableRangeInvalid);
  const values = { orgId, from: range.from, to: range.to ?? NO_END, size: page.size, offset: page.offset };
  const rows = await payablePageQuery(db, values);
  // A page past the end has no row to carry the total: only then is it counted on its own. With no row
  // there is no day to date, and no calendar to read.
  if (rows.length === 0) {
    return { items: [], total: await carriedTotal(rows, page.offset, () => payableCount(db, values)) };
  }
  const total = Number(rows[0]!.list_total);
  const calendar = await holidayCalendarOf(db, rows[0]!.calendar_version);
  return {
    items: rows.map((row) => ({
      dueDate: row.due_date,
      payDay: calendar.businessDayOnOrAfter(row.due_date),
      bills: Number(row.bills),
      amount: fenToYuan(row.amount_fen),
    })),
    total,
  };
}
