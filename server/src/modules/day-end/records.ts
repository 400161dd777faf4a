import type { Selectable } from 'kysely';
import type { DayEndRun } from '@contract/day-end-schemas';
import { DAY_END_RUN_STATUS, type DayEndRunStatus } from '@contract/day-end';
import type { Db } from '../../db/database';
import type { DayEndRunTable } from '../../db/schema';

export interface DayEndStepRecord {
  name: string;
  status: string;
  processed: number;
  error: string | null;
}

/** A business day's run as recorded, with its steps in the order they run. */
export interface DayEndRunRecord {
  businessDate: string;
  status: string;
  attempts: number;
  startedAt: number | null;
  finishedAt: number | null;
  error: string | null;
  steps: DayEndStepRecord[];
}

export async function recordOfRun(db: Db, run: Selectable<DayEndRunTable>): Promise<DayEndRunRecord> {
  const steps = await db
    .selectFrom('day_end_steps')
    .select(['name', 'status', 'processed', 'error'])
    .where('run_id', '=', run.id)
    .orderBy('position')
    .execute();
  return {
    businessDate: run.business_date,
    status: run.status,
    attempts: Number(run.attempts),
    startedAt: run.started_at === null ? null : Number(run.started_at),
    finishedAt: run.finished_at === null ? null : Number(run.finished_at),
    error: run.error,
    steps: steps.map((step) => ({ ...step, processed: Number(step.processed) })),
  };
}

const iso = (at: number | null) => (at === null ? null : new Date(at).toISOString());

/** A run's record on the wire. */
export function dayEndRunOf(record: DayEndRunRecord): DayEndRun {
  return {
    ...record,
    status: record.status as DayEndRunStatus,
    startedAt: iso(record.startedAt),
    finishedAt: iso(record.finishedAt),
  };
}

/** The latest business day's run with its steps (the system status shows it to operators); null before any. */
export async function latestDayEndRun(db: Db): Promise<DayEndRun | null> {
  const run = await db
    .selectFrom('day_end_runs')
    .selectAll()
    .orderBy('business_date', 'desc')
    .limit(1)
    .executeTakeFirst();
  return run ? dayEndRunOf(await recordOfRun(db, run)) : null;
}

/**
 * Whether a business day's close is running now: a run claimed and not finished whose lease still holds (a
 * run whose node died is not running until another node takes it over).
 */
export async function dayEndRunning(db: Db, now: number): Promise<boolean> {
  const run = await db
    .selectFrom('day_end_runs')
    .select('id')
    .where('status', '=', DAY_END_RUN_STATUS.running)
    .where('lease_expires_at', '>', now)
    .executeTakeFirst();
  return run !== undefined;
}
