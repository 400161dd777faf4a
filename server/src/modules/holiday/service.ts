import chineseDays from 'chinese-days';
import type { HolidayDay } from '@contract/shell';
import { shanghaiDate } from '../../lib/shanghai-time';

const WEEKEND_NAME = '周末';
const MAKE_UP_SUFFIX = '调休';

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 is not). */
export function isCalendarDate(date: string): boolean {
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/**
 * One day of the Chinese calendar from chinese-days (statutory holidays and make-up working days, maintained
 * yearly). Its detail names a festival as 'National Day,国庆节,3' and an ordinary day by its weekday.
 */
export function holidayOf(date: string): HolidayDay {
  const detail = chineseDays.getDayDetail(date);
  const festival = detail.name.split(',')[1];
  const workday = detail.work;
  const weekend = [0, 6].includes(new Date(`${date}T00:00:00Z`).getUTCDay());
  let name: string | undefined;
  if (festival) name = workday ? `${festival}${MAKE_UP_SUFFIX}` : festival;
  else if (!workday && weekend) name = WEEKEND_NAME;
  return { date, holiday: !workday, workday, ...(name ? { name } : {}) };
}

/** Today in Asia/Shanghai. */
export const todayInShanghai = (now: number): string => shanghaiDate(now);
