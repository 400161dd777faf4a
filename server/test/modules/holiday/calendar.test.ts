import {
  holidayCalendar,
  loadHolidayYear,
  loadedYears,
  parseHolidayYearFile,
  calendarYearsNeeded,
} from '../../../src/modules/holiday/service';
import { HolidayFileError } from '../../../src/modules/holiday/calendar-file';
import { startApp, type TestApp } from '../../support/helpers';

/**
 * A year the package does not know, as an operator would load it. The dates are the tests' own, not a
 * published notice: 元旦 on Friday the 1st through the weekend, a Spring Festival week with a Sunday worked.
 */
const YEAR_2027 = {
  year: 2027,
  source: '测试用安排',
  holidays: [
    { name: '元旦', from: '2027-01-01', to: '2027-01-03' },
    { name: '春节', from: '2027-02-06', to: '2027-02-13' },
  ],
  workdays: [{ name: '春节', date: '2027-02-14' }],
};

let t: TestApp;
beforeEach(async () => {
  t = await startApp();
});
afterEach(async () => {
  await t.app.close();
});

describe('the holiday calendar', () => {
  it('answers a year the package knows from the package', async () => {
    const calendar = await holidayCalendar(t.app.db);
    expect(calendar.sourceOf(2026)).toBe('package');
    expect(calendar.dayOf('2026-10-01')).toEqual({
      date: '2026-10-01',
      holiday: true,
      workday: false,
      name: '国庆节',
    });
    expect(calendar.dayOf('2026-10-10')).toMatchObject({ workday: true, name: '国庆节调休' });
  });

  it('closes only weekends in a year nobody has published, and says so', async () => {
    const calendar = await holidayCalendar(t.app.db);
    expect(calendar.sourceOf(2027)).toBe('weekends');
    expect(calendar.dayOf('2027-01-01')).toEqual({ date: '2027-01-01', holiday: false, workday: true });
    expect(calendar.dayOf('2027-01-02')).toEqual({
      date: '2027-01-02',
      holiday: true,
      workday: false,
      name: '周末',
    });
  });

  it('answers a loaded year from what was loaded, before the package and the weekends', async () => {
    await loadHolidayYear(t.app.db, parseHolidayYearFile(YEAR_2027), t.clock.now());
    const calendar = await holidayCalendar(t.app.db);
    expect(calendar.sourceOf(2027)).toBe('loaded');
    expect(calendar.dayOf('2027-01-01')).toEqual({
      date: '2027-01-01',
      holiday: true,
      workday: false,
      name: '元旦',
    });
    expect(calendar.dayOf('2027-02-14')).toEqual({
      date: '2027-02-14',
      holiday: false,
      workday: true,
      name: '春节调休',
    });
    // A loaded year's other days follow their weekday.
    expect(calendar.isBusinessDay('2027-03-01')).toBe(true);
    expect(calendar.isBusinessDay('2027-03-06')).toBe(false);

    // Loading a year the package knows replaces the package's answer for all of it.
    await loadHolidayYear(
      t.app.db,
      parseHolidayYearFile({
        ...YEAR_2027,
        year: 2026,
        holidays: [{ name: '元旦', from: '2026-01-01', to: '2026-01-03' }],
        workdays: [],
      }),
      t.clock.now(),
    );
    const replaced = await holidayCalendar(t.app.db);
    expect(replaced.sourceOf(2026)).toBe('loaded');
    expect(replaced.isBusinessDay('2026-10-01')).toBe(true);
    expect(replaced.isBusinessDay('2026-10-10')).toBe(false);
  });

  it('replaces a year loaded again, and lists the years loaded', async () => {
    await loadHolidayYear(t.app.db, parseHolidayYearFile(YEAR_2027), 1000);
    const corrected = {
      ...YEAR_2027,
      source: '更正',
      holidays: [{ name: '元旦', from: '2027-01-01', to: '2027-01-01' }],
      workdays: [],
    };
    expect(await loadHolidayYear(t.app.db, parseHolidayYearFile(corrected), 2000)).toEqual({
      year: 2027,
      source: '更正',
      holidays: 1,
      workdays: 0,
    });
    const calendar = await holidayCalendar(t.app.db);
    expect(calendar.isBusinessDay('2027-02-08')).toBe(true);
    expect(calendar.isBusinessDay('2027-02-14')).toBe(false);
    expect(await loadedYears(t.app.db)).toEqual([{ year: 2027, source: '更正', loadedAt: 2000 }]);
  });
});

describe('business days for the ledger', () => {
  it('finds the next business day over holidays, make-up days and the year end', async () => {
    const calendar = await holidayCalendar(t.app.db);
    expect(calendar.businessDayOnOrAfter('2026-03-02')).toBe('2026-03-02');
    expect(calendar.businessDayOnOrAfter('2026-10-01')).toBe('2026-10-08');
    expect(calendar.nextBusinessDay('2026-10-09')).toBe('2026-10-10');
    expect(calendar.nextBusinessDay('2026-12-31')).toBe('2027-01-01');
    expect(calendar.adjustDays('2026-10-01')).toBe(7);
    expect(calendar.adjustDays('2026-10-08')).toBe(0);

    await loadHolidayYear(t.app.db, parseHolidayYearFile(YEAR_2027), t.clock.now());
    const loaded = await holidayCalendar(t.app.db);
    expect(loaded.nextBusinessDay('2026-12-31')).toBe('2027-01-04');
    expect(loaded.adjustDays('2027-01-01')).toBe(3);
  });

  it('counts the 3 business days to answer a payment request from the day after it', async () => {
    const calendar = await holidayCalendar(t.app.db);
    // Friday: Monday, Tuesday, Wednesday.
    expect(calendar.addBusinessDays('2026-03-06', 3)).toBe('2026-03-11');
    // The day before National Day: the 8th, the 9th and Saturday the 10th, a make-up working day.
    expect(calendar.addBusinessDays('2026-09-30', 3)).toBe('2026-10-10');
    // Over the year end into an unpublished year: New Year's Day counts as a Friday.
    expect(calendar.addBusinessDays('2026-12-30', 3)).toBe('2027-01-04');
    expect(calendar.addBusinessDays('2026-12-30', 0)).toBe('2026-12-30');

    await loadHolidayYear(t.app.db, parseHolidayYearFile(YEAR_2027), t.clock.now());
    expect((await holidayCalendar(t.app.db)).addBusinessDays('2026-12-30', 3)).toBe('2027-01-05');
  });

  it('extends the 10-day presentation window to a business day', async () => {
    const calendar = await holidayCalendar(t.app.db);
    expect(calendar.periodEnd('2026-03-02', 10)).toBe('2026-03-12');
    // The 10th day is 4 October, in the National Day week.
    expect(calendar.periodEnd('2026-09-24', 10)).toBe('2026-10-08');
    // The 10th day is a Saturday.
    expect(calendar.periodEnd('2026-03-04', 10)).toBe('2026-03-16');
    // Across the year end into a leap February.
    expect(calendar.periodEnd('2028-02-20', 10)).toBe('2028-03-01');
  });

  it('names the years a bill issued today can need', () => {
    expect(calendarYearsNeeded('2026-03-02')).toEqual([2026]);
    expect(calendarYearsNeeded('2026-06-01')).toEqual([2026, 2027]);
    expect(calendarYearsNeeded('2026-11-26')).toEqual([2026, 2027]);
  });
});

describe('the operator file', () => {
  const problems = (json: unknown): string[] => {
    try {
      parseHolidayYearFile(json);
    } catch (error) {
      if (error instanceof HolidayFileError) return error.problems;
      throw error;
    }
    return [];
  };

  it('accepts a well-formed year', () => {
    expect(problems(YEAR_2027)).toEqual([]);
  });

  it('refuses what a notice never says, naming each mistake', () => {
    expect(problems({ ...YEAR_2027, workdays: [{ name: '春节', date: '2027-02-15' }] })).toEqual([
      'workdays[0] 春节: 2027-02-15 is a weekday, not a weekend day',
    ]);
    expect(
      problems({ ...YEAR_2027, holidays: [{ name: '元旦', from: '2028-01-01', to: '2028-01-01' }] }),
    ).toEqual(['holidays[0] 元旦: 2028-01-01 is not in 2027', 'holidays[0] 元旦: 2028-01-01 is not in 2027']);
    expect(
      problems({ ...YEAR_2027, holidays: [{ name: '元旦', from: '2027-01-03', to: '2027-01-01' }] }),
    ).toEqual(['holidays[0] 元旦: ends (2027-01-01) before it starts (2027-01-03)']);
    expect(problems({ ...YEAR_2027, workdays: [{ name: '元旦', date: '2027-01-02' }] })).toEqual([
      'workdays[0] 元旦: 2027-01-02 is listed twice',
    ]);
    expect(
      problems({ ...YEAR_2027, holidays: [{ name: '清明', from: '2027-02-30', to: '2027-02-30' }] }),
    ).toEqual([
      'holidays[0] 清明: 2027-02-30 is not a calendar date',
      'holidays[0] 清明: 2027-02-30 is not a calendar date',
    ]);
    expect(problems({ ...YEAR_2027, holidays: [] }).length).toBeGreaterThan(0);
    expect(problems({ ...YEAR_2027, extra: 1 }).length).toBeGreaterThan(0);
    expect(problems({ year: '2027' }).length).toBeGreaterThan(0);
  });
});
