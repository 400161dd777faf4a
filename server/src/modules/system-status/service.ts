import { Value } from 'typebox/value';
import { Type, type TSchema, type Static } from 'typebox';
import { DEFAULT_SYSTEM_STATUS } from '@contract/constants';
import { SYSTEM_STATUS_NAME, type SystemStatusCode } from '@contract/shell';
import { type OperationTime, SystemStatus } from '@contract/shell-schemas';
import type { BusinessHours } from '../../config';
import type { Db } from '../../db/database';
import { dayEndRunning, latestDayEndRun } from '../day-end/service';
import { calendarYearsNeeded, holidayCalendar, todayInShanghai } from '../holiday/service';

/** Keys of platform_settings this module owns. */
export const SETTING = {
  systemStatus: 'shcpe.system-status',
} as const;

/** What an operator sets (the setting's value): the status without what the platform works out. */
const StoredStatus = Type.Pick(SystemStatus, ['status', 'name']);
type StoredStatus = Static<typeof StoredStatus>;

export const DEFAULT_STATUS: StoredStatus = {
  status: DEFAULT_SYSTEM_STATUS as SystemStatusCode,
  name: SYSTEM_STATUS_NAME[DEFAULT_SYSTEM_STATUS as SystemStatusCode],
};

/** What the platform says while a close runs (SHCPE's 日终处理中). */
const DAY_END_SYSTEM_STATUS: SystemStatusCode = 'SS01';

export const BILL_BUSINESS_NAME = '企业票据业务';

const clock = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/**
 * The hours the bill ledger keeps (BILL_BUSINESS_HOURS, 08:00-20:00 by default) and the close (DAY_END_AT,
 * 21:00), so what the dashboard shows is what the ledger enforces: one setting, not a stored copy that could say otherwise.
 */
export function operationTimeOf(hours: BusinessHours, dayEndAt: number): OperationTime[] {
  return [
    {
      name: BILL_BUSINESS_NAME,
      start: clock(hours.open),
      end: clock(hours.close),
      businessDayEnd: clock(Math.max(hours.close, dayEndAt)),
    },
  ];
}

/**
 * A setting as stored, or `fallback` when it is missing or not of the expected shape (an operator's typo
 * must not take the dashboard down).
 */
async function readSetting<S extends TSchema>(
  db: Db,
  key: string,
  schema: S,
  fallback: Static<S>,
): Promise<Static<S>> {
  const row = await db
    .selectFrom('platform_settings')
    .select('value')
    .where('key', '=', key)
    .executeTakeFirst();
  if (!row) return fallback;
  try {
    const value: unknown = JSON.parse(row.value);
    return Value.Check(schema, value) ? (value as Static<S>) : fallback;
  } catch {
    return fallback;
  }
}

async function writeSetting(db: Db, key: string, value: unknown, now: number): Promise<void> {
  const json = JSON.stringify(value);
  await db
    .insertInto('platform_settings')
    .values({ key, value: json, updated_at: now })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: json, updated_at: now }))
    .execute();
}

/** Writes the defaults where nothing is stored yet, so an operator finds every setting in the table. */
export async function ensureDefaultSettings(db: Db, now: number): Promise<void> {
  await db
    .insertInto('platform_settings')
    .values([{ key: SETTING.systemStatus, value: JSON.stringify(DEFAULT_STATUS), updated_at: now }])
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

/** The years a bill issued today can reach that the holiday calendar answers from weekends alone. */
async function unpublishedHolidayYears(db: Db, now: number): Promise<number[]> {
  const calendar = await holidayCalendar(db);
  return calendarYearsNeeded(todayInShanghai(now)).filter((year) => calendar.sourceOf(year) === 'weekends');
}

/**
 * The status as the dashboard shows it: while a business day's close is running, 日终处理中 (SS01), unless an
 * operator set a state of their own (maintenance, suspension), which says more.
 */
export async function systemStatusOf(db: Db, now: number): Promise<SystemStatus> {
  const stored = await readSetting(db, SETTING.systemStatus, StoredStatus, DEFAULT_STATUS);
  const [dayEnd, running] = await Promise.all([latestDayEndRun(db), dayEndRunning(db, now)]);
  const closing = running && stored.status === DEFAULT_STATUS.status;
  return {
    ...(closing
      ? { status: DAY_END_SYSTEM_STATUS, name: SYSTEM_STATUS_NAME[DAY_END_SYSTEM_STATUS] }
      : stored),
    unpublishedHolidayYears: await unpublishedHolidayYears(db, now),
    dayEnd,
  };
}

export async function setSystemStatus(db: Db, status: SystemStatusCode, now: number): Promise<SystemStatus> {
  const value: StoredStatus = { status, name: SYSTEM_STATUS_NAME[status] };
  await writeSetting(db, SETTING.systemStatus, value, now);
  return {
    ...value,
    unpublishedHolidayYears: await unpublishedHolidayYears(db, now),
    dayEnd: await latestDayEndRun(db),
  };
}
