import type { Generated } from 'kysely';

/** The day-end run (modules/day-end). */
export interface DayEndTables {
  day_end_runs: DayEndRunTable;
  day_end_steps: DayEndStepTable;
  maturity_reminders: MaturityReminderTable;
}

/** One business day's close; a task of the queue, so one node runs it and another takes it over when it dies. */
export interface DayEndRunTable {
  id: string;
  /** YYYY-MM-DD, Asia/Shanghai: the business day that closed; unique, so a day runs once. */
  business_date: string;
  /** pending | running | done | failed */
  status: string;
  attempts: Generated<number>;
  lease_expires_at: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
  /** Why the run failed: the step's name and its error. */
  error: string | null;
}

/** How far one step of a run got: its last batch's cursor and what it has processed, written with the batch. */
export interface DayEndStepTable {
  run_id: string;
  name: string;
  /** The step's place in the run (0, 1, …). */
  position: number;
  /** running | done | failed */
  status: string;
  cursor: string | null;
  processed: Generated<number>;
  started_at: number | null;
  finished_at: number | null;
  error: string | null;
}

/** A reminder of a bill's maturity, sent once (modules/bills/reminders.ts). */
export interface MaturityReminderTable {
  package_id: string;
  org_id: string;
  /** holder | acceptor */
  role: string;
  /** 30, 7, 1, or 0 for the maturity date itself. */
  days_before: number;
  sent_at: number;
}
