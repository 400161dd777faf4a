/**
 * The day-end run (docs/domain.md, the business day): what other modules may use. A module with work at the
 * close implements `DayEndStep` (step.ts says what a step must guarantee) and lists it in steps.ts.
 */
export {
  DAY_END_ROW_BATCH,
  DayEndStopped,
  eachInBatchTransactions,
  type DayEndContext,
  type DayEndStep,
} from './step';
export { closedBusinessDay } from './runner';
export type { DayEndRunRecord } from './records';
export { dayEndRunning, latestDayEndRun } from './records';
