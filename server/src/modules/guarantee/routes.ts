import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '@contract/bills-schemas';
import { Envelope, Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { GUARANTEE_CANDIDATES_SIZE, GUARANTEE_URL } from '@contract/guarantee';
import {
  GuaranteeApplyRequest,
  GuaranteeCandidate,
  GuaranteeCandidatesQuery,
  GuaranteeListQuery,
  GuaranteeRecord,
  GuaranteeRefuseRequest,
} from '@contract/guarantee-schemas';
import { PERMISSION } from '@contract/permissions';
import { Type, type Static } from 'typebox';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { answerList } from '../../lib/list-page';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { requirePermission } from '../../lib/tenant';
import { ledgerActRoute, recordAnswer, type Checked } from '../bills/service';
import {
  applyGuarantee,
  refuseGuarantee,
  signGuarantee,
  withdrawGuarantee,
  type GuaranteeInput,
  type GuaranteeRefuseInput,
  type GuaranteeRow,
} from './commands';
import { GUARANTEE_MSG } from './messages';
import { guaranteeById, guaranteeCandidates, guaranteePage } from './queries';
import { GUARANTEE_LIST_READ_BY } from './service';

const PERMISSION_PATH = PERMISSION.guarantee.path;
const COMMAND_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
} as const;

/**
 * 保证: the liable party's application, the guarantor's 签收 and 驳回, the applicant's 撤回 (each a ledger act:
 * checked before its QR or SMS confirmation, one idempotent transaction), both sides' lists and the bills
 * the caller may ask a guarantee on. Every call is the 票据保证 permission's, within the caller's
 * organisation: another's guarantee answers as a missing one.
 */
export const guaranteeRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);
  const recordOf = async (trx: Db, orgId: string, id: string) => {
    const record = await guaranteeById(trx, orgId, id, app.now());
    if (!record) throw fail(API_ERROR.notFound, GUARANTEE_MSG.notFound);
    return record;
  };
  const member = (request: Parameters<typeof requirePermission>[0]) =>
    requirePermission(request, PERMISSION_PATH);

  ledgerActRoute<{ Body: Static<typeof GuaranteeApplyRequest> }, GuaranteeInput, Checked, GuaranteeRow>(app, {
    name: 'postGuaranteeApply',
    url: GUARANTEE_URL.apply,
    schema: { body: GuaranteeApplyRequest, response: { 201: Envelope(GuaranteeRecord), ...COMMAND_ERRORS } },
    member,
    input: ({ body }) => ({
      packageId: body.packageId,
      role: body.role,
      guarantorOrgId: body.guarantorOrgId,
      remark: body.remark?.trim() ?? '',
    }),
    command: applyGuarantee,
    answer: recordAnswer(recordOf, GUARANTEE_MSG.applied, 201),
  });

  ledgerActRoute<{ Params: Static<typeof IdParams> }, string, Checked, GuaranteeRow>(app, {
    name: 'postGuaranteeSign',
    url: GUARANTEE_URL.sign,
    schema: { params: IdParams, response: { 200: Envelope(GuaranteeRecord), ...COMMAND_ERRORS } },
    member,
    input: (request) => request.params.id,
    command: signGuarantee,
    answer: recordAnswer(recordOf, GUARANTEE_MSG.signed),
  });

  ledgerActRoute<
    { Params: Static<typeof IdParams>; Body: Static<typeof GuaranteeRefuseRequest> },
    GuaranteeRefuseInput,
    Checked,
    GuaranteeRow
  >(app, {
    name: 'postGuaranteeRefuse',
    url: GUARANTEE_URL.refuse,
    schema: {
      params: IdParams,
      body: GuaranteeRefuseRequest,
      response: { 200: Envelope(GuaranteeRecord), ...COMMAND_ERRORS },
    },
    member,
    input: (request) => ({ id: request.params.id, reason: request.body.reason }),
    command: refuseGuarantee,
    answer: recordAnswer(recordOf, GUARANTEE_MSG.refused),
  });

  ledgerActRoute<{ Params: Static<typeof IdParams> }, string, Checked, GuaranteeRow>(app, {
    name: 'postGuaranteeWithdraw',
    url: GUARANTEE_URL.withdraw,
    schema: { params: IdParams, response: { 200: Envelope(GuaranteeRecord), ...COMMAND_ERRORS } },
    member,
    input: (request) => request.params.id,
    command: withdrawGuarantee,
    answer: recordAnswer(recordOf, GUARANTEE_MSG.withdrawn),
  });

  app.get(
    GUARANTEE_URL.list,
    {
      schema: {
        querystring: GuaranteeListQuery,
        response: { 200: Envelope(Page(GuaranteeRecord)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getGuaranteeList(request) {
      const { side, status, packageNo } = request.query;
      return answerList(
        request,
        async (caller, page) => {
          const { content, total } = await guaranteePage(
            app.db,
            caller.orgId,
            page,
            { side, status, packageNo },
            app.now(),
          );
          return { items: content, total };
        },
        { readBy: GUARANTEE_LIST_READ_BY },
      );
    },
  );

  app.get(
    GUARANTEE_URL.candidates,
    {
      schema: {
        querystring: GuaranteeCandidatesQuery,
        response: {
          200: Envelope(Type.Array(GuaranteeCandidate)),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
        },
      },
    },
    async function getGuaranteeCandidates(request) {
      const caller = await member(request);
      const { keyword, size = GUARANTEE_CANDIDATES_SIZE } = request.query;
      return ok(await guaranteeCandidates(app.db, caller.orgId, { keyword, size }, app.now()));
    },
  );
};
