import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams, RefuseRequest } from '@contract/bills-schemas';
import { Envelope, Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PERMISSION } from '@contract/permissions';
import { PLEDGE_URL } from '@contract/pledge';
import { PledgeApplyRequest, PledgeListQuery, PledgeRecord } from '@contract/pledge-schemas';
import { APPLICATION_KIND, MAX_FACE_FEN } from '@contract/bills';
import type { Static } from 'typebox';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { yuanToFen } from '../../lib/money';
import { answerList } from '../../lib/list-page';
import { AUTHENTICATED_ERRORS, ERRORS } from '../../lib/responses';
import { requirePermission } from '../../lib/tenant';
import {
  ledgerActRoute,
  recordAnswer,
  withdrawApplicationOf,
  type ApplicationRow,
  type Checked,
} from '../bills/service';
import { answerRelease, pledgeCommands, type PledgeInput, type ReleaseAnswer } from './commands';
import { PLEDGE_MSG } from './messages';
import { PLEDGE_LIST_READ_BY } from './service';
import { pledgeById, pledgePage } from './queries';

/** A typed amount of yuan as fen, or 400 AMOUNT_INVALID. */
function amountFenOfText(amount: string): number {
  const fen = yuanToFen(amount.trim());
  if (fen === null || fen < 1 || fen > MAX_FACE_FEN)
    throw fail(API_ERROR.amountInvalid, PLEDGE_MSG.amountInvalid);
  return fen;
}

/**
 * The pledgor's calls, for members granted 票据质押: the application to an institution and its withdrawal,
 * the answer to the pledgee's release, and the list of its pledges. The institutions' answers arrive through
 * their adapter, registered here.
 */
export const pledgeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const { applyPledge, takeAnswer } = pledgeCommands(app.adapters.institution);
  app.adapters.institution.answerTo('pledge', (answer) =>
    takeAnswer(app.db, app.realtime, app.now(), answer),
  );
  const recordOf = async (trx: Db, orgId: string, id: string) => {
    const record = await pledgeById(trx, orgId, id, app.now());
    if (!record) throw fail(API_ERROR.notFound, PLEDGE_MSG.pledgeNotFound);
    return record;
  };
  const withdrawnAnswer = recordAnswer(recordOf, PLEDGE_MSG.withdrawn);
  const withdrawPledgeApplication = withdrawApplicationOf(APPLICATION_KIND.pledge, PLEDGE_MSG.pledgeNotFound);
  // A release is answered on the pledge: the pledge's record is the answer.
  const releaseSignedAnswer = recordAnswer(recordOf, PLEDGE_MSG.releaseSigned);
  const releaseRefusedAnswer = recordAnswer(recordOf, PLEDGE_MSG.releaseRefused);
  const member = (request: Parameters<typeof requirePermission>[0]) =>
    requirePermission(request, PERMISSION.pledge.path);
  const COMMAND_ERRORS = {
    ...AUTHENTICATED_ERRORS,
    ...ERRORS.forbidden,
    ...ERRORS.notFound,
    ...ERRORS.conflict,
  } as const;

  ledgerActRoute<{ Body: Static<typeof PledgeApplyRequest> }, PledgeInput, Checked, ApplicationRow>(app, {
    name: 'postPledgeApply',
    url: PLEDGE_URL.apply,
    schema: { body: PledgeApplyRequest, response: { 201: Envelope(PledgeRecord), ...COMMAND_ERRORS } },
    member,
    input: ({ body }) => ({
      holdingId: body.holdingId,
      institutionOrgId: body.institutionOrgId,
      amountFen: amountFenOfText(body.amount),
      remark: body.remark?.trim() ?? '',
    }),
    command: applyPledge,
    answer: recordAnswer(recordOf, PLEDGE_MSG.applied, 201),
  });

  ledgerActRoute<{ Params: Static<typeof IdParams> }, string, Checked, ApplicationRow>(app, {
    name: 'postPledgeWithdraw',
    url: PLEDGE_URL.withdraw,
    schema: { params: IdParams, response: { 200: Envelope(PledgeRecord), ...COMMAND_ERRORS } },
    member,
    input: (request) => request.params.id,
    command: withdrawPledgeApplication,
    answer: async (trx, application, request, caller) => {
      // The institution stops answering it, in the same transaction as the range comes back.
      await app.adapters.institution.withdraw(application.id, trx);
      return withdrawnAnswer(trx, application, request, caller);
    },
  });

  ledgerActRoute<{ Params: Static<typeof IdParams> }, ReleaseAnswer, Checked, void>(app, {
    name: 'postPledgeReleaseSign',
    url: PLEDGE_URL.releaseSign,
    schema: { params: IdParams, response: { 200: Envelope(PledgeRecord), ...COMMAND_ERRORS } },
    member,
    input: (request) => ({ pledgeId: request.params.id, decision: 'sign' }),
    command: answerRelease,
    answer: (trx, _, request, caller) => releaseSignedAnswer(trx, { id: request.params.id }, request, caller),
  });

  ledgerActRoute<
    { Params: Static<typeof IdParams>; Body: Static<typeof RefuseRequest> },
    ReleaseAnswer,
    Checked,
    void
  >(app, {
    name: 'postPledgeReleaseRefuse',
    url: PLEDGE_URL.releaseRefuse,
    schema: {
      params: IdParams,
      body: RefuseRequest,
      response: { 200: Envelope(PledgeRecord), ...COMMAND_ERRORS, ...ERRORS.badRequest },
    },
    member,
    input: (request) => ({ pledgeId: request.params.id, decision: 'refuse', reason: request.body.reason }),
    command: answerRelease,
    answer: (trx, _, request, caller) =>
      releaseRefusedAnswer(trx, { id: request.params.id }, request, caller),
  });

  app.get(
    PLEDGE_URL.list,
    {
      schema: {
        querystring: PledgeListQuery,
        response: { 200: Envelope(Page(PledgeRecord)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getPledgeList(request) {
      const { status, institutionOrgId, packageNo } = request.query;
      return answerList(
        request,
        async (caller, page) => {
          const { content, total } = await pledgePage(
            app.db,
            caller.orgId,
            page,
            { status, institutionOrgId, packageNo },
            app.now(),
          );
          return { items: content, total };
        },
        { readBy: PLEDGE_LIST_READ_BY },
      );
    },
  );
};
