import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope } from '@contract/envelope-schemas';
import { pathOf } from '@contract/paths';
import { STATISTICS_KINDS, STATISTICS_URL } from '@contract/statistics';
import { Statistics } from '@contract/statistics-schemas';
import { AUTHENTICATED_ERRORS, ok } from '../../lib/responses';
import { memberOrNull } from '../../lib/tenant';
import { emptyStatistics, statisticsOf } from './service';

/** `GET /api/scbill/statistics/{issue|accept|discount|trans}`: the dashboard's figures for the current org. */
export const statisticsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  for (const kind of STATISTICS_KINDS) {
    app.get(
      pathOf(STATISTICS_URL.figures, { kind }),
      { schema: { response: { 200: Envelope(Statistics), ...AUTHENTICATED_ERRORS } } },
      async function getStatisticsFigures(request) {
        const member = memberOrNull(request);
        const now = app.now();
        return ok(member ? await statisticsOf(app.db, member.orgId, kind, now) : emptyStatistics(now));
      },
    );
  }
};
