import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { APPLICATION_KIND } from '@contract/bills';
import { IdParams } from '@contract/bills-schemas';
import { DISCOUNT_URL } from '@contract/discount';
import {
  DiscountApplyRequest,
  DiscountListQuery,
  DiscountQuoteRequest,
  DiscountQuoteSet,
  DiscountRecord,
  DiscountTrial,
  DiscountTrialRequest,
} from '@contract/discount-schemas';
import { Envelope, Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PERMISSION } from '@contract/permissions';
import { Type, type Static } from 'typebox';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { answerList } from '../../lib/list-page';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { requirePermission } from '../../lib/tenant';
import { holidayCalendar } from '../holiday/service';
import { requireFunction } from '../org-function/service';
import {
  ledgerActRoute,
  recordAnswer,
  withdrawApplicationOf,
  type ApplicationRow,
  type Checked,
} from '../bills/service';
import { amountFenOfText } from './amount';
import { discountCommands, type DiscountInput } from './commands';
import { DISCOUNT_MSG } from './messages';
import { discountById, discountFilterOf, discountPage } from './queries';
import { quoteHeldBills } from './quotes';
import { DISCOUNT_LIST_READ_BY } from './service';
import { discountTrial } from './trial';

/**
 * `POST /api/scbill/discount/trial`: the calculator (试算), for any signed-in user. It reads nothing of an
 * organisation, so it needs no membership: the discount form calls it as the user types.
 * `POST /api/scbill/discount/quotes`: 轻松贴, every institution's quote for the caller's held bills, for
 * members granted 票据贴现. The application to an institution and its withdrawal are ledger acts of those
 * members; the institutions' answers arrive through their adapter, registered here.
 */
export const discountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const { applyDiscount, takeAnswer } = discountCommands(app.adapters.institution);
  app.adapters.institution.answerTo('discount', (answer) =>
    takeAnswer(app.db, app.realtime, app.now(), answer),
  );
  const recordOf = async (trx: Db, orgId: string, id: string) => {
    const record = await discountById(trx, orgId, id);
    if (!record) throw fail(API_ERROR.notFound, DISCOUNT_MSG.applicationNotFound);
    return record;
  };
  const withdrawDiscountApplication = withdrawApplicationOf(
    APPLICATION_KIND.discount,
    DISCOUNT_MSG.applicationNotFound,
  );
  const COMMAND_ERRORS = {
    ...AUTHENTICATED_ERRORS,
    ...ERRORS.forbidden,
    ...ERRORS.notFound,
    ...ERRORS.conflict,
  } as const;

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
      await requireFunction(app.db, member.orgId, 'EASE_DISCOUNT');
      const sets = await quoteHeldBills(
        { db: app.db, now: app.now(), institutions: app.adapters.institution },
        member.orgId,
        request.body.holdingIds,
      );
      return ok(sets);
    },
  );

  ledgerActRoute<{ Body: Static<typeof DiscountApplyRequest> }, DiscountInput, Checked, ApplicationRow>(app, {
    name: 'postDiscountApply',
    url: DISCOUNT_URL.apply,
    schema: { body: DiscountApplyRequest, response: { 201: Envelope(DiscountRecord), ...COMMAND_ERRORS } },
    member: (request) => requirePermission(request, PERMISSION.discount.path),
    input: ({ body }) => ({
      holdingId: body.holdingId,
      institutionOrgId: body.institutionOrgId,
      amountFen: amountFenOfText(body.amount),
      ...(body.annualRate === undefined ? {} : { annualRate: body.annualRate }),
      interestPayer: body.interestPayer,
      ...(body.buyerSharePercent === undefined ? {} : { buyerSharePercent: body.buyerSharePercent }),
      clearing: body.clearing,
      ...(body.accountId === undefined ? {} : { accountId: body.accountId }),
      ...(body.quoteId === undefined ? {} : { quoteId: body.quoteId }),
    }),
    command: applyDiscount,
    answer: recordAnswer(recordOf, DISCOUNT_MSG.applied, 201),
  });

  ledgerActRoute<{ Params: Static<typeof IdParams> }, string, Checked, ApplicationRow>(app, {
    name: 'postDiscountWithdraw',
    url: DISCOUNT_URL.withdraw,
    schema: { params: IdParams, response: { 200: Envelope(DiscountRecord), ...COMMAND_ERRORS } },
    member: (request) => requirePermission(request, PERMISSION.discount.path),
    input: (request) => request.params.id,
    command: withdrawDiscountApplication,
    answer: async (trx, application, _, member) => {
      // The institution stops answering it, in the same transaction as the range comes back.
      await app.adapters.institution.withdraw(application.id, trx);
      return {
        statusCode: 200,
        body: ok(await recordOf(trx, member.orgId, application.id), DISCOUNT_MSG.withdrawn),
      };
    },
  });

  app.get(
    DISCOUNT_URL.list,
    {
      schema: {
        querystring: DiscountListQuery,
        response: { 200: Envelope(Page(DiscountRecord)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getDiscountList(request) {
      const filter = discountFilterOf(request.query);
      return answerList(
        request,
        async (member, page) => {
          const { content, total } = await discountPage(app.db, member.orgId, page, filter);
          return { items: content, total };
        },
        { readBy: DISCOUNT_LIST_READ_BY },
      );
    },
  );
};
