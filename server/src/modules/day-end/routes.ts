import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { API_ERROR } from '@contract/errors';
import { DAY_END_URL } from '@contract/day-end';
import {
  DayEndRun,
  SandboxClock,
  SandboxClockRequest,
  SandboxDayEndRequest,
} from '@contract/day-end-schemas';
import { Envelope } from '@contract/envelope-schemas';
import { isCalendarDate } from '../../lib/calendar-date';
import { fail } from '../../lib/errors';
import { ERRORS, ok } from '../../lib/responses';
import { holidayCalendar } from '../holiday/service';
import { retireSmsSentAfter } from '../verification/service';
import { DAY_END_MSG } from './messages';
import { dayEndRunOf } from './records';
import { closedBusinessDay } from './runner';

/** An ISO 8601 moment with its offset (a moment without one would be read in the machine's zone). */
const ZONED_MOMENT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * The sandbox's hold on time: read and move the server's clock, and run a business day's close now, so a
 * journey can let a bill mature without waiting. Registered only through registerSandbox (app.ts), so a
 * production start has neither route, and its clock cannot be moved at all (app.ts keeps the plain one).
 */
export const dayEndSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const clock = app.sandboxClock;
  if (!clock) throw new Error('the sandbox routes of the clock need the sandbox clock');
  const reading = () => ({ now: new Date(app.now()).toISOString(), offsetMs: clock.offset });

  app.get(
    DAY_END_URL.sandboxClock,
    { schema: { response: { 200: Envelope(SandboxClock) } } },
    async function getSandboxClock() {
      return ok(reading());
    },
  );

  app.put(
    DAY_END_URL.sandboxClock,
    {
      schema: { body: SandboxClockRequest, response: { 200: Envelope(SandboxClock), ...ERRORS.badRequest } },
    },
    async function putSandboxClock(request) {
      const at = Date.parse(request.body.at);
      if (!ZONED_MOMENT.test(request.body.at) || !Number.isFinite(at))
        throw fail(API_ERROR.badRequest, DAY_END_MSG.clockInvalid);
      const back = at < app.now();
      clock.moveTo(at);
      // What was sent in the future the clock leaves must not stand before what is sent next.
      if (back) await retireSmsSentAfter(app.db, at);
      return ok(reading());
    },
  );

  app.post(
    DAY_END_URL.sandboxRun,
    {
      schema: {
        body: SandboxDayEndRequest,
        response: { 200: Envelope(DayEndRun), ...ERRORS.badRequest, ...ERRORS.conflict },
      },
    },
    async function postSandboxDayEnd(request) {
      const calendar = await holidayCalendar(app.db);
      const date = request.body.businessDate ?? closedBusinessDay(calendar, app.now(), app.config.dayEndAt);
      if (!isCalendarDate(date)) throw fail(API_ERROR.badRequest, DAY_END_MSG.dateInvalid);
      if (!calendar.isBusinessDay(date)) throw fail(API_ERROR.badRequest, DAY_END_MSG.notBusinessDay(date));
      if (date > closedBusinessDay(calendar, app.now(), app.config.dayEndAt))
        throw fail(API_ERROR.conflict, DAY_END_MSG.notClosed(date));
      const record = await app.dayEnd.runNow(date);
      return ok(dayEndRunOf(record));
    },
  );
};
