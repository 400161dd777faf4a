import { API_ERROR } from '@contract/errors';
import { BILL_TERM_MAX_MONTHS, MAX_FACE_FEN } from '@contract/bills';
import type { AppConfig, BusinessHours } from '../../config';
import { fail } from '../../lib/errors';
import { yuanToFen } from '../../lib/money';
import { shanghaiDate, shanghaiParts } from '../../lib/shanghai-time';
import type { Db } from '../../db/database';
import { holidayCalendar, isCalendarDate } from '../holiday/service';
import { BILL_MSG } from './messages';

const hhmm = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** True within the enterprise business hours, Asia/Shanghai. */
export function withinHours(hours: BusinessHours, now: number): boolean {
  const { hour, minute } = shanghaiParts(now);
  const minutes = hour * 60 + minute;
  return minutes >= hours.open && minutes < hours.close;
}

/** Every bill command runs within business hours (and on business days when the setting asks for them). */
export async function requireBusinessTime(
  config: Pick<AppConfig, 'billBusinessHours' | 'billWorkdaysOnly'>,
  db: Db,
  now: number,
): Promise<void> {
  const hours = config.billBusinessHours;
  if (!withinHours(hours, now)) {
    throw fail(API_ERROR.billOutsideHours, BILL_MSG.outsideHours(hhmm(hours.open), hhmm(hours.close)));
  }
  if (config.billWorkdaysOnly && !(await holidayCalendar(db)).isBusinessDay(shanghaiDate(now))) {
    throw fail(API_ERROR.billOutsideHours, BILL_MSG.notBusinessDay);
  }
}

/** A typed yuan amount as positive whole fen within the largest face, or 400. */
export function amountFenOf(amount: string): number {
  const fen = yuanToFen(amount);
  if (fen === null || fen < 1 || fen > MAX_FACE_FEN) {
    throw fail(API_ERROR.amountInvalid, BILL_MSG.amountInvalid);
  }
  return fen;
}

/** The same day `months` later, or the month's last day when it has no such day (08-31 + 6 = 02-28/29). */
export function addMonths(date: string, months: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/**
 * The issue date is the registration day (today, Asia/Shanghai); the maturity is after it and at most
 * BILL_TERM_MAX_MONTHS later.
 */
export function checkTerm(
  issueDate: string | undefined,
  dueDate: string,
  now: number,
): { issue: string; due: string } {
  const today = shanghaiDate(now);
  const issue = issueDate ?? today;
  if (!isCalendarDate(issue) || !isCalendarDate(dueDate)) {
    throw fail(API_ERROR.billDateInvalid, BILL_MSG.dateInvalid);
  }
  if (issue !== today) throw fail(API_ERROR.billDateInvalid, BILL_MSG.issueDateNotToday);
  if (dueDate <= issue) throw fail(API_ERROR.billDateInvalid, BILL_MSG.dueTooEarly);
  if (dueDate > addMonths(issue, BILL_TERM_MAX_MONTHS)) {
    throw fail(API_ERROR.billDateInvalid, BILL_MSG.dueTooLate);
  }
  return { issue, due: dueDate };
}
