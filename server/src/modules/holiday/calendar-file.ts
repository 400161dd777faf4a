import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import { isCalendarDate, weekdayOf } from '../../lib/calendar-date';

/**
 * A year's calendar as an operator writes it from the State Council's notice (docs/deployment.md, the
 * holiday calendar): each holiday as the notice gives it, a range of days with its name, and each make-up
 * working day (调休上班) with the festival it belongs to.
 *
 * ```json
 * {
 *   "year": 2027,
 *   "source": "国务院办公厅关于2027年部分节假日安排的通知",
 *   "holidays": [{ "name": "元旦", "from": "2027-01-01", "to": "2027-01-03" }],
 *   "workdays": [{ "name": "春节", "date": "2027-02-07" }]
 * }
 * ```
 */
const Name = Type.String({ minLength: 1, maxLength: 20 });
const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });

export const HolidayYearFile = Type.Object(
  {
    year: Type.Integer({ minimum: 2000, maximum: 2200 }),
    source: Type.String({ minLength: 1, maxLength: 200 }),
    holidays: Type.Array(
      Type.Object({ name: Name, from: DateText, to: DateText }, { additionalProperties: false }),
      {
        minItems: 1,
      },
    ),
    workdays: Type.Array(Type.Object({ name: Name, date: DateText }, { additionalProperties: false })),
  },
  { additionalProperties: false },
);
export type HolidayYearFile = Static<typeof HolidayYearFile>;

/** A file that cannot be loaded: every reason, one per line, for the operator to correct. */
export class HolidayFileError extends Error {
  constructor(readonly problems: string[]) {
    super(problems.join('\n'));
  }
}

/**
 * The file checked as a whole: its form, then that every date is real and in its year, every range runs
 * forward, no day is listed twice, and every make-up working day is a weekend day (a notice never moves
 * work onto a weekday; one that seems to is a typo). Throws HolidayFileError listing everything wrong.
 */
export function parseHolidayYearFile(json: unknown): HolidayYearFile {
  if (!Value.Check(HolidayYearFile, json)) {
    throw new HolidayFileError(
      [...Value.Errors(HolidayYearFile, json)].map(
        (error) => `${error.instancePath || '/'}: ${error.message}`,
      ),
    );
  }
  const problems: string[] = [];
  const seen = new Set<string>();
  const check = (date: string, where: string) => {
    if (!isCalendarDate(date)) problems.push(`${where}: ${date} is not a calendar date`);
    else if (Number(date.slice(0, 4)) !== json.year)
      problems.push(`${where}: ${date} is not in ${json.year}`);
  };
  const claim = (date: string, where: string) => {
    if (seen.has(date)) problems.push(`${where}: ${date} is listed twice`);
    seen.add(date);
  };
  json.holidays.forEach((range, index) => {
    const where = `holidays[${index}] ${range.name}`;
    check(range.from, where);
    check(range.to, where);
    if (problems.length > 0) return;
    if (range.to < range.from) {
      problems.push(`${where}: ends (${range.to}) before it starts (${range.from})`);
      return;
    }
    for (let day = new Date(`${range.from}T00:00:00Z`); ; day.setUTCDate(day.getUTCDate() + 1)) {
      const date = day.toISOString().slice(0, 10);
      if (date > range.to) break;
      claim(date, where);
    }
  });
  json.workdays.forEach((day, index) => {
    const where = `workdays[${index}] ${day.name}`;
    check(day.date, where);
    if (!isCalendarDate(day.date)) return;
    claim(day.date, where);
    if (![0, 6].includes(weekdayOf(day.date)))
      problems.push(`${where}: ${day.date} is a weekday, not a weekend day`);
  });
  if (problems.length > 0) throw new HolidayFileError(problems);
  return json;
}
