import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

/*
 * Dates and times as the app shows them: every instant in Shanghai time, whatever the browser's zone, as the
 * platform's business days are Shanghai's. dayjs speaks Chinese app-wide (antd's pickers use it too), so
 * the signed-in app imports this module once; the login screen never loads it.
 */
dayjs.extend(utc);
dayjs.extend(timezone);
dayjs.locale('zh-cn');

export const PLATFORM_TIME_ZONE = 'Asia/Shanghai';

const DATE = 'YYYY-MM-DD';
const MINUTES = 'YYYY-MM-DD HH:mm';
const SECONDS = 'YYYY-MM-DD HH:mm:ss';
const LONG_DATE = 'YYYY年M月D日 dddd';

/** An instant: ISO 8601 text or epoch milliseconds. */
export type Instant = string | number;

function inShanghai(value: Instant | null | undefined): dayjs.Dayjs | null {
  if (value === null || value === undefined || value === '') return null;
  const instant = dayjs(value);
  return instant.isValid() ? instant.tz(PLATFORM_TIME_ZONE) : null;
}

/** 2026-03-02 09:00 (with `seconds`, 2026-03-02 09:00:05) in Shanghai; empty for no or an invalid instant. */
export function formatDateTime(value: Instant | null | undefined, { seconds = false } = {}): string {
  return inShanghai(value)?.format(seconds ? SECONDS : MINUTES) ?? '';
}

/** The Shanghai calendar date of an instant, 2026-03-02; empty for no or an invalid instant. */
export function formatDate(value: Instant | null | undefined): string {
  return inShanghai(value)?.format(DATE) ?? '';
}

/** Today's date in Shanghai, 2026-03-02. */
export function shanghaiToday(now: number = Date.now()): string {
  return formatDate(now);
}

/** A calendar date (2026-03-02) spelled out: 2026年3月2日 星期一. */
export function formatLongDate(date: string): string {
  const day = dayjs(date);
  return day.isValid() ? day.format(LONG_DATE) : '';
}
