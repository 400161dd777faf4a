import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { SHELL_URL } from '@contract/shell';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { REALTIME_EVENT, type NonPaymentEventPayload } from '@contract/realtime';
import { NonPaymentRequest, NonPaymentResult } from '@contract/shell-schemas';
import { fail } from '../../lib/errors';
import { ERRORS, ok } from '../../lib/responses';
import { accountByMobile, UNKNOWN_ACCOUNT_MSG } from '../entry-link/service';

/**
 * `POST /api/sandbox/non-payment`: shows or hides the non-payment display of one account's open tabs. The real
 * trigger (overdue unpaid bills) comes with a later issue and will publish the same event.
 */
export const nonPaymentSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    SHELL_URL.sandboxNonPayment,
    {
      schema: {
        body: NonPaymentRequest,
        response: {
          200: Envelope(NonPaymentResult),
          ...ERRORS.badRequest,
          ...ERRORS.notFound,
          ...ERRORS.internal,
        },
      },
    },
    async function postShellSandboxNonPayment(request) {
      const account = await accountByMobile(app.db, request.body.mobile);
      if (!account) throw fail(API_ERROR.notFound, UNKNOWN_ACCOUNT_MSG);
      const payload: NonPaymentEventPayload = { show: request.body.show };
      // Counted before publishing, on this node only: other nodes' tabs get the event too, uncounted.
      const sent = app.realtime.hub.countOf({ userId: account.userId });
      await app.realtime.publishToUser(account.userId, { type: REALTIME_EVENT.nonPayment, payload });
      return ok({ sent });
    },
  );
};
