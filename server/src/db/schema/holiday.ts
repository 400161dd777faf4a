/** The holiday calendar an operator loads for years the holiday package does not know yet (modules/holiday). */
export interface HolidayTables {
  holiday_calendar_years: HolidayCalendarYearTable;
  holiday_calendar_days: HolidayCalendarDayTable;
}

/** A year loaded from the State Council's notice: it replaces the package's answer for that whole year. */
export interface HolidayCalendarYearTable {
  year: number;
  /** Where the dates come from, as the file said (the notice's title and number). */
  source: string;
  loaded_at: number;
}

/** A day of a loaded year that is not what its weekday says: a holiday, or a weekend made a working day. */
export interface HolidayCalendarDayTable {
  /** YYYY-MM-DD */
  date: string;
  year: number;
  /** 1: a make-up working day (调休) on a weekend; 0: a holiday. */
  workday: number;
  /** The festival, e.g. 春节. */
  name: string;
}
