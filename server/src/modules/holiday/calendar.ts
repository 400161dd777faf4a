import chineseDays from 'chinese-days';
import type { HolidayDay } from '@contract/shell-schemas';
import { addDays, daysBetween, weekdayOf } from '../../lib/calendar-date';

const WEEKEND_NAME = '周末';
const MAKE_UP_SUFFIX = '调休';

/**
 * Where a year's answers come from, in this order: a year an operator loaded (the State Council's notice),
 * the holiday package (chinese-days, which ships each year's notice some weeks after it is published), or
 * nothing: weekends alone are closed, which the system status says.
 */
export type CalendarSource = 'loaded' | 'package' | 'weekends';

/** A loaded year's day that is not what its weekday says. */
export interface LoadedDay {
  workday: boolean;
  name: string;
}

/** The longest run of closed days a calendar can have (Spring Festival with weekends is nine); a guard. */
const MAX_CLOSED_RUN = 60;

const yearOf = (date: string) => Number(date.slice(0, 4));
const isWeekend = (date: string) => [0, 6].includes(weekdayOf(date));

const packageYears = new Map<number, boolean>();

/**
 * Whether the package knows a year: every year's notice has holidays on weekdays (元旦 at least), so a
 * year with none has no data rather than no holidays.
 */
export function packageKnows(year: number): boolean {
  let known = packageYears.get(year);
  if (known === undefined) {
    known = chineseDays.getHolidaysInRange(`${year}-01-01`, `${year}-12-31`, false).length > 0;
    packageYears.set(year, known);
  }
  return known;
}

/** A day as the package answers it; its detail names a festival as 'National Day,国庆节,3'. */
function packageDay(date: string): HolidayDay {
  const detail = chineseDays.getDayDetail(date);
  const festival = detail.name.split(',')[1];
  const workday = detail.work;
  let name: string | undefined;
  if (festival) name = workday ? `${festival}${MAKE_UP_SUFFIX}` : festival;
  else if (!workday && isWeekend(date)) name = WEEKEND_NAME;
  return { date, holiday: !workday, workday, ...(name ? { name } : {}) };
}

function weekdayRule(date: string): HolidayDay {
  return isWeekend(date)
    ? { date, holiday: true, workday: false, name: WEEKEND_NAME }
    : { date, holiday: false, workday: true };
}

/**
 * The calendar as the platform knew it when it was read: synchronous answers for any date, so a command can
 * walk days without a query each. A business day is a working day (make-up working days included); the
 * ledger's deadlines are built from the helpers below (docs/domain.md, the business day).
 */
export class HolidayCalendar {
  constructor(
    private readonly loadedYears: ReadonlyMap<number, string>,
    private readonly loadedDays: ReadonlyMap<string, LoadedDay>,
  ) {}

  sourceOf(year: number): CalendarSource {
    if (this.loadedYears.has(year)) return 'loaded';
    return packageKnows(year) ? 'package' : 'weekends';
  }

  dayOf(date: string): HolidayDay {
    const source = this.sourceOf(yearOf(date));
    if (source === 'package') return packageDay(date);
    const loaded = source === 'loaded' ? this.loadedDays.get(date) : undefined;
    if (!loaded) return weekdayRule(date);
    return loaded.workday
      ? { date, holiday: false, workday: true, name: `${loaded.name}${MAKE_UP_SUFFIX}` }
      : { date, holiday: true, workday: false, name: loaded.name };
  }

  isBusinessDay(date: string): boolean {
    return this.dayOf(date).workday;
  }

  /** `date` itself when it is a business day, else the first business day after it. */
  businessDayOnOrAfter(date: string): string {
    let day = date;
    for (let step = 0; step <= MAX_CLOSED_RUN; step += 1) {
      if (this.isBusinessDay(day)) return day;
      day = addDays(day, 1);
    }
    throw new Error(`no business day within ${MAX_CLOSED_RUN} days of ${date}`);
  }

  /** The first business day strictly after `date`. */
  nextBusinessDay(date: string): string {
    return this.businessDayOnOrAfter(addDays(date, 1));
  }

  /**
   * The `count`-th business day counted from the day after `date`: a payment request of Friday 2026-03-06
   * with 3 business days ends on Wednesday the 11th. `count` 0 answers `date`.
   */
  addBusinessDays(date: string, count: number): string {
    if (!Number.isSafeInteger(count) || count < 0) throw new RangeError('count');
    let day = date;
    for (let n = 0; n < count; n += 1) day = this.nextBusinessDay(day);
    return day;
  }

  /**
   * The last day of a period of `days` calendar days from `start` (the start day not counted, as the Civil
   * Code art. 201 counts periods), moved to the next business day when it falls on a closed one: the
   * 10-day presentation window from maturity is `periodEnd(maturity, 10)`.
   */
  periodEnd(start: string, days: number): string {
    return this.businessDayOnOrAfter(addDays(start, days));
  }

  /** When maturity is not a business day, the days up to the next one (the discount's adjust days); else 0. */
  adjustDays(maturity: string): number {
    return daysBetween(maturity, this.businessDayOnOrAfter(maturity));
  }
}
