import { Type, type Static } from 'typebox';
import { literalUnion } from './common-schemas';
import { DAY_END_RUN_STATUS } from './day-end';

/** The wire shapes of day-end.ts's domain. */

const DateText = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
/** ISO 8601 (UTC), or null before it happened. */
const Moment = Type.Union([Type.String(), Type.Null()]);

/** One step of a run: how far it got. */
export const DayEndStepRecord = Type.Object({
  name: Type.String(),
  status: Type.String(),
  /** Items the step handled (applications cleared, reminders sent, …). */
  processed: Type.Integer(),
  error: Type.Union([Type.String(), Type.Null()]),
});
export type DayEndStepRecord = Static<typeof DayEndStepRecord>;

/** A business day's run as operators see it (the system status shows the latest). */
export const DayEndRun = Type.Object({
  businessDate: DateText,
  status: literalUnion(Object.values(DAY_END_RUN_STATUS)),
  attempts: Type.Integer(),
  startedAt: Moment,
  finishedAt: Moment,
  error: Type.Union([Type.String(), Type.Null()]),
  steps: Type.Array(DayEndStepRecord),
});
export type DayEndRun = Static<typeof DayEndRun>;

/** `PUT /api/sandbox/clock` */
export const SandboxClockRequest = Type.Object(
  {
    /** Where the clock moves to: ISO 8601 with its offset, e.g. 2027-03-02T21:30:00+08:00. */
    at: Type.String({ minLength: 1, maxLength: 40 }),
  },
  { additionalProperties: false },
);
export type SandboxClockRequest = Static<typeof SandboxClockRequest>;

/** The server's clock (the sandbox). */
export const SandboxClock = Type.Object({
  /** ISO 8601 (UTC). */
  now: Type.String(),
  /** How far the clock is from the machine's (0 when nobody moved it). */
  offsetMs: Type.Integer(),
});
export type SandboxClock = Static<typeof SandboxClock>;

/** `POST /api/sandbox/day-end`: the business day to run; the one that closed last when absent. */
export const SandboxDayEndRequest = Type.Object(
  { businessDate: Type.Optional(DateText) },
  { additionalProperties: false },
);
export type SandboxDayEndRequest = Static<typeof SandboxDayEndRequest>;
