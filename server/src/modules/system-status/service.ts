import { Value } from 'typebox/value';
import { Type, type TSchema, type Static } from 'typebox';
import { DEFAULT_SYSTEM_STATUS } from '@contract/constants';
import { SYSTEM_STATUS_NAME, type SystemStatusCode } from '@contract/shell';
import { OperationTime, SystemStatus } from '@contract/shell-schemas';
import type { Db } from '../../db/database';

/** Keys of platform_settings this module owns. */
export const SETTING = {
  systemStatus: 'shcpe.system-status',
  operationTime: 'shcpe.operation-time',
} as const;

export const DEFAULT_STATUS: SystemStatus = {
  status: DEFAULT_SYSTEM_STATUS as SystemStatusCode,
  name: SYSTEM_STATUS_NAME[DEFAULT_SYSTEM_STATUS as SystemStatusCode],
};

/** Practice (docs/domain.md): enterprise business 08:00-20:00, the business day ends 21:00. */
export const DEFAULT_OPERATION_TIME: OperationTime[] = [
  { name: '企业票据业务', start: '08:00', end: '20:00', businessDayEnd: '21:00' },
];

const OperationTimes = Type.Array(OperationTime);

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
    .values([
      { key: SETTING.systemStatus, value: JSON.stringify(DEFAULT_STATUS), updated_at: now },
      { key: SETTING.operationTime, value: JSON.stringify(DEFAULT_OPERATION_TIME), updated_at: now },
    ])
    .onConflict((oc) => oc.column('key').doNothing())
    .execute();
}

export const systemStatusOf = (db: Db) => readSetting(db, SETTING.systemStatus, SystemStatus, DEFAULT_STATUS);

export const operationTimeOf = (db: Db) =>
  readSetting(db, SETTING.operationTime, OperationTimes, DEFAULT_OPERATION_TIME);

export async function setSystemStatus(db: Db, status: SystemStatusCode, now: number): Promise<SystemStatus> {
  const value: SystemStatus = { status, name: SYSTEM_STATUS_NAME[status] };
  await writeSetting(db, SETTING.systemStatus, value, now);
  return value;
}
