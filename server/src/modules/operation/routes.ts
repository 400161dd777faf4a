import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHELL_URL } from '@contract/shell';
import { Envelope, Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { OperationItem, OperationQuery } from '@contract/shell-schemas';
import { fail } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import { AUTHENTICATED_ERRORS, ok } from '../../lib/responses';
import { pageOf, pageRequest } from '../../lib/paging';
import { DEFAULT_OPERATION_SORT, isOperationSort, operationPage } from './service';
import { memberOrNull } from '../../lib/tenant';

/** `GET /api/scbill/operate/list`: the current organisation's business operation log. */
export const operationRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    SHELL_URL.operations,
    {
      schema: {
        querystring: OperationQuery,
        response: { 200: Envelope(Page(OperationItem)), ...AUTHENTICATED_ERRORS },
      },
    },
    async function getShellOperations(request) {
      const page = pageRequest(request.query);
      const sort = request.query.sort ?? DEFAULT_OPERATION_SORT;
      if (!isOperationSort(sort)) throw fail(API_ERROR.badRequest, MSG.badRequest);
      const member = memberOrNull(request);
      if (!member) return ok(pageOf<OperationItem>([], 0, page));
      const { items, total } = await operationPage(
        app.db,
        member.orgId,
        { bizType: request.query.bizType },
        sort,
        page,
      );
      return ok(pageOf(items, total, page));
    },
  );
};
