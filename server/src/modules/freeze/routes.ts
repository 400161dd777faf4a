import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Envelope, Page } from '@contract/envelope-schemas';
import { FREEZE_URL } from '@contract/freeze';
import { FreezeListQuery, FreezeRecord } from '@contract/freeze-schemas';
import { answerList } from '../../lib/list-page';
import { AUTHENTICATED_ERRORS } from '../../lib/responses';
import { registryHandlers } from './commands';
import { freezePage } from './queries';
import { FREEZE_LIST_READ_BY } from './service';

/**
 * 冻结: the registry's orders are taken here (from its adapter, never from a user), and a member reads the
 * freezes of the ranges its organisation held, within its organisation only.
 */
export const freezeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.adapters.registry.deliverTo(registryHandlers(app.db, app.realtime, app.now));
  app.addHook('preHandler', app.authenticate);

  app.get(
    FREEZE_URL.list,
    {
      schema: {
        querystring: FreezeListQuery,
        response: { 200: Envelope(Page(FreezeRecord)), ...AUTHENTICATED_ERRORS },
      },
    },
    async function getFreezeList(request) {
      const { status, packageNo } = request.query;
      return answerList(
        request,
        async (member, page) => {
          const { content, total } = await freezePage(app.db, member.orgId, page, { status, packageNo });
          return { items: content, total };
        },
        { readBy: FREEZE_LIST_READ_BY },
      );
    },
  );
};
