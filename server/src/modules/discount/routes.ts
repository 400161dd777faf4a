import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DISCOUNT_URL } from '@contract/discount';
import { DiscountTrial, DiscountTrialRequest } from '@contract/discount-schemas';
import { Envelope } from '@contract/envelope-schemas';
import { AUTHENTICATED_ERRORS, ok } from '../../lib/responses';
import { holidayCalendar } from '../holiday/service';
import { discountTrial } from './trial';

/**
 * `POST /api/scbill/discount/trial`: the calculator (试算), for any signed-in user. It reads nothing of an
 * organisation, so it needs no membership: the discount form calls it as the user types.
 */
export const discountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.post(
    DISCOUNT_URL.trial,
    {
      schema: {
        body: DiscountTrialRequest,
        response: { 200: Envelope(DiscountTrial), ...AUTHENTICATED_ERRORS },
      },
    },
    async function postDiscountTrial(request) {
      return ok(discountTrial(request.body, await holidayCalendar(app.db)));
    },
  );
};
