import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHELL_URL } from '@contract/shell';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { HolidayDay, HolidayQuery } from '@contract/shell-schemas';
import { fail } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import { AUTHENTICATED_ERRORS, ok } from '../../lib/responses';
import { holidayCalendar, isCalendarDate, todayInShanghai } from './service';

/** `GET /api/quote/holidays/day?date=YYYY-MM-DD` (spec: shcpeTodayIsHoliday). */
export const holidayRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    SHELL_URL.holidayToday,
    {
      schema: { querystring: HolidayQuery, response: { 200: Envelope(HolidayDay), ...AUTHENTICATED_ERRORS } },
    },
    async function getShellHolidayToday(request) {
      const date = request.query.date ?? todayInShanghai(app.now());
      if (!isCalendarDate(date)) throw fail(API_ERROR.badRequest, MSG.badRequest);
      return ok((await holidayCalendar(app.db)).dayOf(date));
    },
  );
};
