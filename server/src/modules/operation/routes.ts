import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHELL_URL } from '@contract/shell';
import { Envelope, Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { OperationItem, OperationQuery } from '@contract/shell-schemas';
import { fail } from '../../lib/errors';
import { answerList } from '../../lib/list-page';
import { MSG } from '../../lib/messages';
import { AUTHENTICATED_ERRORS } from '../../lib/responses';
import { DEFAULT_OPERATION_SORT, isOperationSort, OPERATION_LIST_READ_BY, operationPage } from './service';

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
      const sort = request.query.sort ?? DEFAULT_OPERATION_SORT;
      if (!isOperationSort(sort)) throw fail(API_ERROR.badRequest, MSG.badRequest);
      return answerList(
        request,
        (member, page) => operationPage(app.db, member.orgId, { bizType: request.query.bizType }, sort, page),
        { readBy: OPERATION_LIST_READ_BY },
      );
    },
  );
};
