import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { DISCOUNT_URL } from '@contract/discount';
import {
  DiscountQuoteRequest,
  DiscountQuoteSet,
  DiscountTrial,
  DiscountTrialRequest,
} from '@contract/discount-schemas';
import { Envelope } from '@contract/envelope-schemas';
import { PERMISSION } from '@contract/permissions';
import { Type } from 'typebox';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { requirePermission } from '../../lib/tenant';
import { holidayCalendar } from '../holiday/service';
import { quoteHeldBills } from './quotes';
import { discountTrial } from './trial';

/**
 * `POST /api/scbill/discount/trial`: the calculator (试算), for any signed-in user. It reads nothing of an
 * organisation, so it needs no membership: the discount form calls it as the user types.
 * `POST /api/scbill/discount/quotes`: 轻松贴, every institution's quote for the caller's held bills, for
 * members granted 票据贴现.
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

  app.post(
    DISCOUNT_URL.quotes,
    {
      schema: {
        body: DiscountQuoteRequest,
        response: {
          200: Envelope(Type.Array(DiscountQuoteSet)),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
          ...ERRORS.conflict,
        },
      },
    },
    async function postDiscountQuotes(request) {
      const member = await requirePermission(request, PERMISSION.discount.path);
      const sets = await quoteHeldBills(
        { db: app.db, now: app.now(), institutions: app.adapters.institution },
        member.orgId,
        request.body.holdingIds,
      );
      return ok(sets);
    },
  );
};
