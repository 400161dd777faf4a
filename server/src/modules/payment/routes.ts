import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '@contract/bills-schemas';
import { CLEARING } from '@contract/discount';
import { Envelope, Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PAYMENT_URL } from '@contract/payment';
import {
  PaymentCandidate,
  PaymentCandidateQuery,
  PaymentListQuery,
  PaymentPayRequest,
  PaymentPresentRequest,
  PaymentRecord,
  PaymentRefuseRequest,
} from '@contract/payment-schemas';
import { PERMISSION } from '@contract/permissions';
import type { Static } from 'typebox';
import type { Db } from '../../db/database';
import { isCalendarDate } from '../../lib/calendar-date';
import { fail } from '../../lib/errors';
import { answerList } from '../../lib/list-page';
import { AUTHENTICATED_ERRORS, ERRORS } from '../../lib/responses';
import { requirePermission } from '../../lib/tenant';
import { ledgerActRoute, recordAnswer, type ApplicationRow, type Checked } from '../bills/service';
import {
  paymentCommands,
  presentPayment,
  refusePresentation,
  type PaymentOutcome,
  type PayInput,
  type PresentInput,
  type RefuseInput,
} from './commands';
import { PAYMENT_MSG } from './messages';
import { paymentById, paymentCandidatePage, paymentPage } from './queries';
import { PAYMENT_LIST_READ_BY } from './service';

/**
 * 提示付款 on the wire: the holder presents (members granted 提示付款), the acceptor answers 付款 or 拒付 (the
 * same permission), each a ledger act confirmed by QR or SMS after its check; the list shows either side's
 * presentations. The presenter withdraws through the ledger's shared 撤回.
 */
export const paymentRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const { payPresentation } = paymentCommands(app.adapters.settlement);
  const member = (request: Parameters<typeof requirePermission>[0]) =>
    requirePermission(request, PERMISSION.payPrompt.path);
  const recordOf = async (trx: Db, orgId: string, id: string) => {
    const record = await paymentById(trx, orgId, id, app.now(), app.config.dayEndAt);
    if (!record) throw fail(API_ERROR.notFound, PAYMENT_MSG.notPayment);
    return record;
  };
  const paidAnswer = recordAnswer(recordOf, PAYMENT_MSG.paid);
  const clearingRefusedAnswer = recordAnswer(recordOf, PAYMENT_MSG.clearingRefused);
  const refusedAnswer = recordAnswer(recordOf, PAYMENT_MSG.refused);
  const COMMAND_ERRORS = {
    ...AUTHENTICATED_ERRORS,
    ...ERRORS.badRequest,
    ...ERRORS.forbidden,
    ...ERRORS.notFound,
    ...ERRORS.conflict,
  } as const;

  ledgerActRoute<{ Body: Static<typeof PaymentPresentRequest> }, PresentInput, Checked, ApplicationRow>(app, {
    name: 'postPaymentPresent',
    url: PAYMENT_URL.present,
    schema: { body: PaymentPresentRequest, response: { 201: Envelope(PaymentRecord), ...COMMAND_ERRORS } },
    member,
    input: ({ body }) => ({ holdingId: body.holdingId, overdueReason: body.overdueReason }),
    command: presentPayment,
    answer: recordAnswer(recordOf, PAYMENT_MSG.presented, 201),
  });

  ledgerActRoute<
    { Params: Static<typeof IdParams>; Body: Static<typeof PaymentPayRequest> },
    PayInput,
    Checked,
    PaymentOutcome
  >(app, {
    name: 'postPaymentPay',
    url: PAYMENT_URL.pay,
    schema: {
      params: IdParams,
      body: PaymentPayRequest,
      response: { 200: Envelope(PaymentRecord), ...COMMAND_ERRORS },
    },
    bodyWhenNone: {},
    member,
    input: ({ params, body }) => ({ id: params.id, clearing: body.clearing ?? CLEARING.online }),
    command: payPresentation,
    answer: (trx, outcome, request, caller) =>
      (outcome.paid ? paidAnswer : clearingRefusedAnswer)(trx, outcome.application, request, caller),
  });

  ledgerActRoute<
    { Params: Static<typeof IdParams>; Body: Static<typeof PaymentRefuseRequest> },
    RefuseInput,
    Checked,
    PaymentOutcome
  >(app, {
    name: 'postPaymentRefuse',
    url: PAYMENT_URL.refuse,
    schema: {
      params: IdParams,
      body: PaymentRefuseRequest,
      response: { 200: Envelope(PaymentRecord), ...COMMAND_ERRORS },
    },
    member,
    input: ({ params, body }) => ({ id: params.id, code: body.code, text: body.text }),
    command: refusePresentation,
    answer: (trx, outcome, request, caller) => refusedAnswer(trx, outcome.application, request, caller),
  });

  app.get(
    PAYMENT_URL.list,
    {
      schema: {
        querystring: PaymentListQuery,
        response: {
          200: Envelope(Page(PaymentRecord)),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.badRequest,
          ...ERRORS.forbidden,
        },
      },
    },
    async function getPaymentList(request) {
      const { side, state, packageNo, dueFrom, dueTo } = request.query;
      return answerList(
        request,
        async (caller, page) => {
          // Inside the read: a member without the permission is refused that first, whatever the dates.
          for (const date of [dueFrom, dueTo]) {
            if (date && !isCalendarDate(date)) throw fail(API_ERROR.badRequest, PAYMENT_MSG.listDatesInvalid);
          }
          if (dueFrom && dueTo && dueFrom > dueTo)
            throw fail(API_ERROR.badRequest, PAYMENT_MSG.listDatesInvalid);
          const { content, total } = await paymentPage(
            app.db,
            caller.orgId,
            side,
            page,
            { state, packageNo, dueFrom, dueTo },
            app.now(),
            app.config.dayEndAt,
          );
          return { items: content, total };
        },
        { readBy: PAYMENT_LIST_READ_BY },
      );
    },
  );

  app.get(
    PAYMENT_URL.candidates,
    {
      schema: {
        querystring: PaymentCandidateQuery,
        response: {
          200: Envelope(Page(PaymentCandidate)),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.badRequest,
          ...ERRORS.forbidden,
        },
      },
    },
    async function getPaymentCandidates(request) {
      return answerList(
        request,
        async (caller, page) => {
          const { content, total } = await paymentCandidatePage(app.db, caller.orgId, page, app.now());
          return { items: content, total };
        },
        { readBy: PAYMENT_LIST_READ_BY },
      );
    },
  );
};
