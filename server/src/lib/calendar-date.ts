/**
 * Calendar dates written `YYYY-MM-DD` (a day in Shanghai, docs/domain.md): arithmetic on the dates alone,
 * never on instants, so no time zone or daylight saving can shift a day.
 */

const DAY_MS = 24 * 60 * 60 * 1000;
const DATE_TEXT = /^\d{4}-\d{2}-\d{2}$/;

const dayNumber = (date: string): number => {
  const [year = 0, month = 1, day = 1] = date.split('-').map(Number);
  return Date.UTC(year, month - 1, day) / DAY_MS;
};

/** True for a real calendar date written YYYY-MM-DD (2026-02-30 and 2026-2-3 are not). */
export function isCalendarDate(date: string): boolean {
  if (!DATE_TEXT.test(date)) return false;
  const parsed = new Date(`${date}T00:00:00Z`);
  return !Number.isNaN(parsed.getTime()) && parsed.toISOString().slice(0, 10) === date;
}

/**
 * Days from `from` to `to` with the first counted and the last not, which is plain calendar subtraction:
 * 2026-12-01 to 2027-03-01 is 90, one day to the next is 1, a date to itself 0; negative when `to` is earlier.
 */
export function daysBetween(from: string, to: string): number {
  return dayNumber(to) - dayNumber(from);
}

/** `date` moved by `days` calendar days (negative: back). */
export function addDays(date: string, days: number): string {
  return new Date((dayNumber(date) + days) * DAY_MS).toISOString().slice(0, 10);
}

/** The same day `months` later, or the month's last day when it has no such day (08-31 + 6 = 02-28/29). */
export function addMonths(date: string, months: number): string {
  const [y = 0, m = 1, d = 1] = date.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(d, lastDay));
  return target.toISOString().slice(0, 10);
}

/** 0 Sunday .. 6 Saturday. */
export const weekdayOf = (date: string): number => new Date(`${date}T00:00:00Z`).getUTCDay();
