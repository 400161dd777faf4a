import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { IdParams } from '@contract/bills-schemas';
import { Contract } from '@contract/e-contract-schemas';
import { Envelope, Page, PageQuery } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PERMISSION } from '@contract/permissions';
import { APPROVAL_RESULT, PLEDGE_FIN_STATE, PLEDGE_FIN_URL } from '@contract/pledge-fin';
import {
  OrgFinanceConfig,
  PledgeCost,
  PledgeCostRequest,
  PledgeFinApproveRequest,
  PledgeFinCancelRequest,
  PledgeFinCountersignRetryRequest,
  PledgeFinPayoutRetryRequest,
  PledgeFinCreateRequest,
  PledgeFinDetail,
  PledgeFinDetailQuery,
  PledgeFinFilter,
  PledgeFinHistoryEntry,
  PledgeFinInterestPaymentRequest,
  PledgeFinProduct,
  PledgeFinRestRetryRequest,
  PledgeFinSaveRequest,
  PledgeFinSummary,
} from '@contract/pledge-fin-schemas';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { runCommand } from '../../lib/idempotency';
import { answerList } from '../../lib/list-page';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { notFoundInOrg, requireMember, requirePermission, type Member } from '../../lib/tenant';
import {
  announceContract,
  beforeContractSign,
  contractView,
  onContractStatus,
  onCountersignFailed,
  revokeUnsignedContractOf,
} from '../e-contract/service';
import { onPackageCompanions } from '../bills/service';
import { onPledgeeProceeds } from '../payment/service';
import {
  answerApproval,
  cancelFinancing,
  financingCompanions,
  saveDraft,
  submitFinancing,
  type PledgeFinContext,
} from './commands';
import { costOfRequest } from './cost';
import {
  countersignFinancing,
  unstartedCountersigns,
  FINANCING_CONTRACTS,
  financingContracts,
  onFinancingContract,
  onFinancingCountersignFailed,
  requireSignable,
  retryCountersign,
  retryPayOut,
} from './lending';
import { PLEDGE_FIN_MSG } from './messages';
import { repayFromProceeds } from './proceeds';
import { retryRest } from './rest';
import { checkPayment, payInstallment, paymentOperation } from './repayment';
import {
  financingDetail,
  financingOf,
  financingPage,
  historyOf,
  orgFinanceConfig,
  productById,
  productList,
} from './queries';

const COMMAND_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
} as const;

/** A filter as typed: spaces and line breaks taken out; blank ones dropped. */
const compact = (value: string | undefined): string | undefined => {
  const text = value?.replace(/\s+/g, '');
  return text ? text : undefined;
};

/**
 * Pledge financing's calls (docs/domain.md, pledge financing). The products and the calculator answer any
 * signed-in user; everything of an organisation needs 质押融资 granted, and the approval its own permission,
 * held by a member other than the applicant. Another organisation's financing answers the same 404 as a
 * missing one.
 */
export const pledgeFinRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  const applicant = (request: FastifyRequest) => requirePermission(request, PERMISSION.pledgeFinancing.path);
  const contextOf = (trx: Db, member: Member): PledgeFinContext => ({
    trx,
    orgId: member.orgId,
    userId: member.userId,
    now: app.now(),
    realtime: app.realtime,
  });
  const detailOf = async (db: Db, orgId: string, id: string) => {
    const detail = await financingDetail(db, orgId, id, app.now());
    if (!detail) throw fail(API_ERROR.notFound, PLEDGE_FIN_MSG.financingNotFound);
    return detail;
  };
  /** The 404 of a financing the caller's organisation does not hold, logged when another's. */
  const notOurs = async (request: FastifyRequest, id: string) => {
    const row = await app.db
      .selectFrom('pledge_financings')
      .select('org_id')
      .where('id', '=', id)
      .executeTakeFirst();
    return notFoundInOrg(request, 'pledge-financing', row?.org_id, PLEDGE_FIN_MSG.financingNotFound);
  };

  // A bill that matured pledged, paid to the institution: the proceeds repay the loan.
  const offProceeds = onPledgeeProceeds(app.db, (ctx, proceeds) =>
    repayFromProceeds(app.adapters.settlement, ctx, proceeds),
  );
  app.addHook('onClose', async () => offProceeds());
  // A package one of whose bills backs an open financing is entered with the financing's other packages.
  const offCompanions = onPackageCompanions(app.db, financingCompanions);
  app.addHook('onClose', async () => offCompanions());

  /** The institution's signature of a financing's contracts, started outside any transaction. */
  const countersignLater = (orgId: string, id: string) => {
    void countersignFinancing(
      { db: app.db, esign: app.adapters.esign, now: app.now, realtime: app.realtime },
      orgId,
      id,
    ).catch((error: unknown) =>
      app.log.error({ err: error, financingId: id }, 'pledge financing: the institution did not sign'),
    );
  };
  // A signature due when the server last stopped, before it began, begins now.
  app.addHook('onReady', async () => {
    for (const financing of await unstartedCountersigns(app.db))
      countersignLater(financing.orgId, financing.id);
  });
  const lendingDeps = {
    institutions: app.adapters.institution,
    realtime: app.realtime,
    countersign: countersignLater,
  };
  // The financing's contracts: checked before they are signed, followed once they are.
  for (const bizType of FINANCING_CONTRACTS) {
    const offCheck = beforeContractSign(app.db, bizType, (db, contract) =>
      requireSignable(db, contract, app.now()),
    );
    const offStatus = onContractStatus(app.db, bizType, (trx, contract, status) =>
      onFinancingContract(lendingDeps, trx, contract, status, app.now()),
    );
    const offFailed = onCountersignFailed(app.db, bizType, (trx, contract, failure) =>
      onFinancingCountersignFailed(app.realtime, trx, contract, failure, app.now()),
    );
    app.addHook('onClose', async () => {
      offCheck();
      offStatus();
      offFailed();
    });
  }

  /** A cancelled financing's contracts still unsigned are revoked: nobody should sign for it. */
  const revokeContractsOf = async (id: string) => {
    for (const bizType of FINANCING_CONTRACTS) {
      await revokeUnsignedContractOf(
        {
          db: app.db,
          now: app.now(),
          revoke: (flowId) => app.adapters.esign.revoke(flowId),
          announce: (trx, row) => announceContract(app, trx, row),
          onRevokeFailed: (contractId, error) =>
            app.log.warn({ err: error, contractId }, 'pledge financing cancel: the flow was not revoked'),
        },
        bizType,
        id,
      );
    }
  };

  app.post(
    PLEDGE_FIN_URL.configList,
    {
      schema: { response: { 200: Envelope(Type.Array(PledgeFinProduct)), ...AUTHENTICATED_ERRORS } },
    },
    async function postPledgeFinConfigList() {
      return ok(await productList(app.db));
    },
  );

  app.get(
    PLEDGE_FIN_URL.orgFinanceConfig,
    {
      schema: {
        params: IdParams,
        response: {
          200: Envelope(OrgFinanceConfig),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function getOrgFinanceConfig(request) {
      const member = await applicant(request);
      if (request.params.id !== member.orgId) {
        const other = await app.db
          .selectFrom('organizations')
          .select('id')
          .where('id', '=', request.params.id)
          .executeTakeFirst();
        throw notFoundInOrg(request, 'org-finance-config', other?.id, PLEDGE_FIN_MSG.orgNotFound);
      }
      return ok(await orgFinanceConfig(app.db, member.orgId));
    },
  );

  app.post(
    PLEDGE_FIN_URL.costCal,
    {
      schema: {
        body: PledgeCostRequest,
        response: { 200: Envelope(PledgeCost), ...AUTHENTICATED_ERRORS },
      },
    },
    async function postPledgeCostRealTimeCal(request) {
      const { productId } = request.body;
      const product = productId === undefined ? undefined : await productById(app.db, productId);
      if (productId !== undefined && !product) {
        throw fail(API_ERROR.pledgeFinProductInvalid, PLEDGE_FIN_MSG.productInvalid);
      }
      return ok(costOfRequest(request.body, product));
    },
  );

  app.post(
    PLEDGE_FIN_URL.save,
    {
      config: { idempotent: true },
      schema: { body: PledgeFinSaveRequest, response: { 200: Envelope(PledgeFinDetail), ...COMMAND_ERRORS } },
    },
    async function postPledgeFinSave(request, reply) {
      const member = await applicant(request);
      if (request.body.id !== undefined) {
        const own = await financingOf(app.db, member.orgId, request.body.id);
        if (!own) throw await notOurs(request, request.body.id);
      }
      return runCommand(request, reply, async (trx) => {
        const id = await saveDraft(contextOf(trx, member), request.body);
        return { statusCode: 200, body: ok(await detailOf(trx, member.orgId, id), PLEDGE_FIN_MSG.saved) };
      });
    },
  );

  app.post(
    PLEDGE_FIN_URL.create,
    {
      config: { idempotent: true },
      schema: {
        body: PledgeFinCreateRequest,
        response: { 201: Envelope(PledgeFinDetail), ...COMMAND_ERRORS },
      },
    },
    async function postPledgeFin(request, reply) {
      const member = await applicant(request);
      if (request.body.id !== undefined) {
        const own = await financingOf(app.db, member.orgId, request.body.id);
        if (!own) throw await notOurs(request, request.body.id);
      }
      return runCommand(request, reply, async (trx) => {
        const id = await submitFinancing(contextOf(trx, member), request.body);
        const data = await detailOf(trx, member.orgId, id);
        return { statusCode: 201, body: { code: 201, msg: PLEDGE_FIN_MSG.submitted, data } };
      });
    },
  );

  app.put(
    PLEDGE_FIN_URL.approve,
    {
      config: { idempotent: true },
      schema: {
        body: PledgeFinApproveRequest,
        response: { 200: Envelope(PledgeFinDetail), ...COMMAND_ERRORS },
      },
    },
    async function putPledgeFinApprove(request, reply) {
      const member = await requirePermission(request, PERMISSION.pledgeFinancingApprove.path);
      if (!(await financingOf(app.db, member.orgId, request.body.id))) {
        throw await notOurs(request, request.body.id);
      }
      return runCommand(request, reply, async (trx) => {
        await answerApproval(contextOf(trx, member), request.body);
        const msg =
          request.body.result === APPROVAL_RESULT.approve ? PLEDGE_FIN_MSG.approved : PLEDGE_FIN_MSG.rejected;
        return { statusCode: 200, body: ok(await detailOf(trx, member.orgId, request.body.id), msg) };
      });
    },
  );

  app.put(
    PLEDGE_FIN_URL.cancel,
    {
      config: { idempotent: true },
      schema: {
        body: PledgeFinCancelRequest,
        response: { 200: Envelope(PledgeFinDetail), ...COMMAND_ERRORS },
      },
    },
    async function putPledgeFinCancel(request, reply) {
      const member = await applicant(request);
      if (!(await financingOf(app.db, member.orgId, request.body.id))) {
        throw await notOurs(request, request.body.id);
      }
      const answer = await runCommand(request, reply, async (trx) => {
        await cancelFinancing(contextOf(trx, member), request.body);
        return {
          statusCode: 200,
          body: ok(await detailOf(trx, member.orgId, request.body.id), PLEDGE_FIN_MSG.cancelled),
        };
      });
      await revokeContractsOf(request.body.id).catch((error: unknown) =>
        app.log.warn({ err: error }, 'pledge financing cancel: contracts not revoked'),
      );
      return answer;
    },
  );

  app.put(
    PLEDGE_FIN_URL.payoutRetry,
    {
      config: { idempotent: true },
      schema: {
        body: PledgeFinPayoutRetryRequest,
        response: { 200: Envelope(PledgeFinDetail), ...COMMAND_ERRORS },
      },
    },
    async function putPledgeFinPayoutRetry(request, reply) {
      const member = await applicant(request);
      if (!(await financingOf(app.db, member.orgId, request.body.id))) {
        throw await notOurs(request, request.body.id);
      }
      return runCommand(request, reply, async (trx) => {
        await retryPayOut(lendingDeps, contextOf(trx, member), request.body.id);
        const detail = await detailOf(trx, member.orgId, request.body.id);
        const msg =
          detail.state === PLEDGE_FIN_STATE.repaying
            ? PLEDGE_FIN_MSG.payoutRetryDone
            : PLEDGE_FIN_MSG.payoutRetryRefused;
        return { statusCode: 200, body: ok(detail, msg) };
      });
    },
  );

  app.put(
    PLEDGE_FIN_URL.countersignRetry,
    {
      config: { idempotent: true },
      schema: {
        body: PledgeFinCountersignRetryRequest,
        response: { 200: Envelope(PledgeFinDetail), ...COMMAND_ERRORS },
      },
    },
    async function putPledgeFinCountersignRetry(request, reply) {
      const member = await applicant(request);
      if (!(await financingOf(app.db, member.orgId, request.body.id))) {
        throw await notOurs(request, request.body.id);
      }
      return runCommand(request, reply, async (trx) => {
        await retryCountersign(contextOf(trx, member), request.body.id, countersignLater);
        const detail = await detailOf(trx, member.orgId, request.body.id);
        return { statusCode: 200, body: ok(detail, PLEDGE_FIN_MSG.countersignRestarted) };
      });
    },
  );

  app.put(
    PLEDGE_FIN_URL.restRetry,
    {
      config: { idempotent: true },
      schema: {
        body: PledgeFinRestRetryRequest,
        response: { 200: Envelope(PledgeFinDetail), ...COMMAND_ERRORS },
      },
    },
    async function putPledgeFinRestRetry(request, reply) {
      const member = await applicant(request);
      if (!(await financingOf(app.db, member.orgId, request.body.id))) {
        throw await notOurs(request, request.body.id);
      }
      return runCommand(request, reply, async (trx) => {
        const paid = await retryRest(contextOf(trx, member), app.adapters.settlement, request.body.id);
        const msg = paid ? PLEDGE_FIN_MSG.restRetryDone : PLEDGE_FIN_MSG.restRetryRefused;
        return { statusCode: 200, body: ok(await detailOf(trx, member.orgId, request.body.id), msg) };
      });
    },
  );

  /** What each payment request confirms, named by its check before the QR or SMS confirmation. */
  const paymentConfirms = new WeakMap<FastifyRequest, string>();
  app.post(
    PLEDGE_FIN_URL.interestPayment,
    {
      config: {
        idempotent: true,
        verification: {
          kind: 'qr-or-sms',
          operation: (request) => paymentConfirms.get(request) ?? PLEDGE_FIN_MSG.act.payInterest,
        },
      },
      preHandler: async function checkInterestPayment(
        request: FastifyRequest<{ Body: PledgeFinInterestPaymentRequest }>,
      ) {
        const member = await applicant(request);
        if (!(await financingOf(app.db, member.orgId, request.body.id))) {
          throw await notOurs(request, request.body.id);
        }
        const checked = await checkPayment(contextOf(app.db, member), app.adapters.settlement, request.body);
        paymentConfirms.set(request, paymentOperation(checked));
      },
      schema: {
        body: PledgeFinInterestPaymentRequest,
        response: { 200: Envelope(PledgeFinDetail), ...COMMAND_ERRORS },
      },
    },
    async function postPledgeFinInterestPayment(request, reply) {
      const member = await applicant(request);
      return runCommand(request, reply, async (trx) => {
        await payInstallment(contextOf(trx, member), app.adapters.settlement, request.body);
        const data = await detailOf(trx, member.orgId, request.body.id);
        const msg =
          data.state === PLEDGE_FIN_STATE.settled ? PLEDGE_FIN_MSG.settled : PLEDGE_FIN_MSG.paidInterest;
        return { statusCode: 200, body: ok(data, msg) };
      });
    },
  );

  app.get(
    PLEDGE_FIN_URL.contracts,
    {
      schema: {
        params: IdParams,
        response: {
          200: Envelope(Type.Array(Contract)),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function getPledgeFinContracts(request) {
      const member = await readerOf(request);
      const contracts = await financingContracts(
        { db: app.db, files: app.adapters.files, now: app.now },
        member.orgId,
        request.params.id,
      );
      if (!contracts) throw await notOurs(request, request.params.id);
      return ok(contracts.map(contractView));
    },
  );

  app.post(
    PLEDGE_FIN_URL.pageByPledger,
    {
      schema: {
        querystring: PageQuery,
        body: PledgeFinFilter,
        response: { 200: Envelope(Page(PledgeFinSummary)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function postPledgeFinPageByPledger(request) {
      const filter = {
        finNo: compact(request.body.finNo),
        state: compact(request.body.state),
        institutionOrgId: compact(request.body.institutionOrgId),
      };
      return answerList(request, async (member, page) => {
        await readerOf(request);
        return financingPage(app.db, member.orgId, filter, page);
      });
    },
  );

  app.get(
    PLEDGE_FIN_URL.detail,
    {
      schema: {
        params: IdParams,
        querystring: PledgeFinDetailQuery,
        response: {
          200: Envelope(PledgeFinDetail),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function getPledgeFinDetail(request) {
      const member = await readerOf(request);
      const detail = await financingDetail(app.db, member.orgId, request.params.id, app.now());
      if (!detail) throw await notOurs(request, request.params.id);
      return ok(detail);
    },
  );

  app.get(
    PLEDGE_FIN_URL.opHistory,
    {
      schema: {
        params: IdParams,
        response: {
          200: Envelope(Type.Array(PledgeFinHistoryEntry)),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function getPledgeFinOpHistory(request) {
      const member = await readerOf(request);
      const history = await historyOf(app.db, member.orgId, request.params.id);
      if (!history) throw await notOurs(request, request.params.id);
      return ok(history);
    },
  );

  /** A financing is read by its applicants and by its approvers alike. */
  async function readerOf(request: FastifyRequest): Promise<Member> {
    const member = requireMember(request);
    try {
      return await applicant(request);
    } catch (error) {
      await requirePermission(request, PERMISSION.pledgeFinancingApprove.path).catch(() => {
        throw error;
      });
      return member;
    }
  }
};
