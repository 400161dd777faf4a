import { BILL_STATUS, CIRCULATION } from '@contract/bills';
import type { PayableDay } from '@contract/bills-schemas';
import { API_ERROR } from '@contract/errors';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { isCalendarDate } from '../../lib/calendar-date';
import type { ListRead } from '../../lib/list-page';
import { fenToYuan } from '../../lib/money';
import type { PageRequest } from '../../lib/paging';
import { holidayCalendar } from '../holiday/service';
import { BILL_MSG } from './messages';

/**
 * 应付票据: the bills `orgId` accepted that others hold received (the ranges still current), by due date from
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
  const base = db
    .selectFrom('bill_packages')
    .innerJoin('bill_holdings', 'bill_holdings.package_id', 'bill_packages.id')
    .where('bill_packages.acceptor_org_id', '=', orgId)
    .where('bill_packages.due_date', '>=', range.from)
    .$if(range.to !== null, (query) => query.where('bill_packages.due_date', '<=', range.to!))
    .where('bill_holdings.ended_at', 'is', null)
    .where('bill_holdings.bill_status', '=', BILL_STATUS.received)
    .where('bill_holdings.circ_status', '!=', CIRCULATION.ended);
  const [rows, counted, calendar] = await Promise.all([
    base
      .select((eb) => [
        'bill_packages.due_date',
        eb.fn.count<number | string>('bill_packages.id').distinct().as('bills'),
        eb.fn.sum<number | string>('bill_holdings.amount_fen').as('fen'),
      ])
      .groupBy('bill_packages.due_date')
      .orderBy('bill_packages.due_date')
      .limit(page.size)
      .offset(page.offset)
      .execute(),
    base
      .select((eb) => eb.fn.count<number | string>('bill_packages.due_date').distinct().as('days'))
      .executeTakeFirst(),
    holidayCalendar(db),
  ]);
  return {
    items: rows.map((row) => ({
      dueDate: row.due_date,
      payDay: calendar.businessDayOnOrAfter(row.due_date),
      bills: Number(row.bills),
      amount: fenToYuan(row.fen),
    })),
    total: Number(counted?.days ?? 0),
  };
}
