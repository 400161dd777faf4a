/**
 * The day-end run (docs/domain.md, the business day) and the sandbox's controls of the server's time:
 * the paths, and the states a run and its steps go through. Plain values only; the shapes are in
 * day-end-schemas.ts.
 */

export const DAY_END_URL = {
  /** `GET`: the server's clock; `PUT { at }`: moves it (the sandbox only, never in production). */
  sandboxClock: '/api/sandbox/clock',
  /** `POST { businessDate? }`: runs the day-end of a business day now and answers its record (the sandbox). */
  sandboxRun: '/api/sandbox/day-end',
} as const;

export const DAY_END_RUN_STATUS = {
  pending: 'pending',
  running: 'running',
  done: 'done',
  failed: 'failed',
} as const;
export type DayEndRunStatus = (typeof DAY_END_RUN_STATUS)[keyof typeof DAY_END_RUN_STATUS];

export const DAY_END_RUN_STATUS_LABEL: Record<DayEndRunStatus, string> = {
  pending: '待处理',
  running: '日终处理中',
  done: '日终处理完成',
  failed: '日终处理失败',
};
