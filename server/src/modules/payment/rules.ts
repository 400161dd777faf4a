import { PAYMENT_RIGHTS_YEARS, presentationLastDay } from '@contract/bills';
import {
  OVERDUE_REASON_MAX,
  PAYMENT_ANSWER_BUSINESS_DAYS,
  PRESENTATION_PERIOD_DAYS,
} from '@contract/payment';
import type { HolidayCalendar } from '../holiday/service';

export { OVERDUE_REASON_MAX, PRESENTATION_PERIOD_DAYS };
export const PAYMENT_RIGHTS_YEARS_TEXT = `${PAYMENT_RIGHTS_YEARS}年`;

/** Where a day stands against a bill's maturity for presentation (docs/domain.md, payment). */
export type PresentationTime = 'early' | 'inPeriod' | 'overdue' | 'lapsed';

export function presentationTime(
  calendar: HolidayCalendar,
  dueDate: string,
  today: string,
): PresentationTime {
  if (today < dueDate) return 'early';
  if (today <= calendar.periodEnd(dueDate, PRESENTATION_PERIOD_DAYS)) return 'inPeriod';
  if (today <= presentationLastDay(dueDate)) return 'overdue';
  return 'lapsed';
}

/**
 * The last day of the acceptor's answer: the third business day counted from the day after the request, or
 * from the day after maturity when it was presented before (票交所发〔2022〕2号).
 */
export const answerDue = (calendar: HolidayCalendar, dueDate: string, presentedOn: string): string =>
  calendar.addBusinessDays(presentedOn > dueDate ? presentedOn : dueDate, PAYMENT_ANSWER_BUSINESS_DAYS);
