import { BILL_TERM_MAX_MONTHS } from '@contract/bills';
import type { Db } from '../../db/database';
import { preparedQuery } from '../../db/prepared-query';
import { newId } from '../../lib/hash';
import { addDays, addMonths, isCalendarDate } from '../../lib/calendar-date';
import { shanghaiDate } from '../../lib/shanghai-time';
import { HolidayCalendar, type LoadedDay } from './calendar';
import type { HolidayYearFile } from './calendar-file';

/**
 * The holiday calendar (docs/domain.md, the business day): what other modules may use. Read it with
 * `await holidayCalendar(db)` and ask the snapshot synchronously: `dayOf`, `isBusinessDay`,
 * `businessDayOnOrAfter`, `nextBusinessDay`, `addBusinessDays`, `periodEnd`, `adjustDays`, `sourceOf`.
 */
export { HolidayCalendar, type CalendarSource } from './calendar';
export { parseHolidayYearFile, type HolidayYearFile } from './calendar-file';

export { isCalendarDate };

/** Today in Asia/Shanghai. */
export const todayInShanghai = (now: number): string => shanghaiDate(now);

/**
 * A platform setting that changes with every load: each node reads it (one row by key) and rebuilds its
 * snapshot only when it moved, so a year loaded through one node is answered by all of them at once.
 */
const VERSION_KEY = 'holiday.calendar-version';
const NOTHING_LOADED = 'none';
const KEPT_SNAPSHOTS = 8;

const snapshots = new Map<string, HolidayCalendar>();

/**
 * The calendar's version, as a subquery a read that dates its rows selects beside them (`.as(...)`) and
 * hands to holidayCalendarOf: the version is then asked in the same round trip as the rows.
 */
export const calendarVersionQuery = (db: Db) =>
  db.selectFrom('platform_settings').select('value').where('key', '=', VERSION_KEY);

// Prepared: every read that dates a payment asks it (the discount calculator, a presentation), and the kept
// calendar is only as current as this row.
const versionQuery = preparedQuery((db: Db) => calendarVersionQuery(db));

async function calendarVersion(db: Db): Promise<string> {
  const [row] = await versionQuery(db, {});
  return row?.value ?? NOTHING_LOADED;
}

/** The calendar as loaded now: operator-loaded years first, then the holiday package, then weekends. */
export async function holidayCalendar(db: Db): Promise<HolidayCalendar> {
  return holidayCalendarOf(db, await calendarVersion(db));
}

/** The calendar at `version` (read with calendarVersionQuery; null when nothing was ever loaded). */
export async function holidayCalendarOf(db: Db, version: string | null): Promise<HolidayCalendar> {
  version ??= NOTHING_LOADED;
  const cached = snapshots.get(version);
  if (cached) return cached;
  const [years, days] = await Promise.all([
    db.selectFrom('holiday_calendar_years').select(['year', 'source']).execute(),
    db.selectFrom('holiday_calendar_days').select(['date', 'workday', 'name']).execute(),
  ]);
  const calendar = new HolidayCalendar(
    new Map(years.map((row) => [Number(row.year), row.source])),
    new Map<string, LoadedDay>(days.map((row) => [row.date, { workday: row.workday === 1, name: row.name }])),
  );
  if (snapshots.size >= KEPT_SNAPSHOTS) snapshots.delete(snapshots.keys().next().value as string);
  snapshots.set(version, calendar);
  return calendar;
}

export interface LoadedYear {
  year: number;
  source: string;
  holidays: number;
  workdays: number;
}

/**
 * Loads one year's holidays and make-up working days (a checked file: parseHolidayYearFile), replacing what
 * was loaded for that year before, in one transaction; every node answers from it on its next read.
 */
export async function loadHolidayYear(db: Db, file: HolidayYearFile, now: number): Promise<LoadedYear> {
  const days = [
    ...file.holidays.flatMap((range) =>
      datesOf(range.from, range.to).map((date) => ({ date, name: range.name, workday: 0 })),
    ),
    ...file.workdays.map((day) => ({ date: day.date, name: day.name, workday: 1 })),
  ];
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('holiday_calendar_days').where('year', '=', file.year).execute();
    await trx
      .insertInto('holiday_calendar_years')
      .values({ year: file.year, source: file.source, loaded_at: now })
      .onConflict((oc) => oc.column('year').doUpdateSet({ source: file.source, loaded_at: now }))
      .execute();
    await trx
      .insertInto('holiday_calendar_days')
      .values(days.map((day) => ({ ...day, year: file.year })))
      .execute();
    const version = newId();
    await trx
      .insertInto('platform_settings')
      .values({ key: VERSION_KEY, value: version, updated_at: now })
      .onConflict((oc) => oc.column('key').doUpdateSet({ value: version, updated_at: now }))
      .execute();
  });
  return {
    year: file.year,
    source: file.source,
    holidays: days.filter((day) => day.workday === 0).length,
    workdays: file.workdays.length,
  };
}

/** The years an operator has loaded, oldest first. */
export async function loadedYears(
  db: Db,
): Promise<Array<{ year: number; source: string; loadedAt: number }>> {
  const rows = await db.selectFrom('holiday_calendar_years').selectAll().orderBy('year').execute();
  return rows.map((row) => ({ year: Number(row.year), source: row.source, loadedAt: Number(row.loaded_at) }));
}

function datesOf(from: string, to: string): string[] {
  const dates: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) dates.push(day);
  return dates;
}

/**
 * Days past a bill's longest term that its end still needs the calendar for: the 10-day presentation window
 * and the acceptor's three business days to answer, with room for a long holiday between them.
 */
const CALENDAR_HORIZON_EXTRA_DAYS = 31;

/**
 * The years a bill issued today can need: from today to its latest maturity and the deadlines after it.
 * The system status names those whose holidays are not yet known.
 */
export function calendarYearsNeeded(today: string): number[] {
  const last = addDays(addMonths(today, BILL_TERM_MAX_MONTHS), CALENDAR_HORIZON_EXTRA_DAYS);
  const years: number[] = [];
  for (let year = Number(today.slice(0, 4)); year <= Number(last.slice(0, 4)); year += 1) years.push(year);
  return years;
}
