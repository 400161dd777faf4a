import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { ECONTRACT_URL } from '@contract/e-contract';
import {
  BatchSignRequest,
  Contract,
  ContractIdParams,
  ContractIdQuery,
  ContractListQuery,
  EsignAccountState,
  RecordIdQuery,
  Seal,
  SignInfo,
  SignRecord,
  SignStatus,
} from '@contract/e-contract-schemas';
import { SIGN_RECORD_STATUS } from '@contract/e-contract';
import { Envelope, Page, PageQuery } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PERMISSION } from '@contract/permissions';
import { REALTIME_EVENT } from '@contract/realtime';
import { FUNCTION_OPENED_WITH } from '@contract/shell';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { runCommand } from '../../lib/idempotency';
import { answerList } from '../../lib/list-page';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { notFoundInOrg, memberOrNull, requirePermission, type Member } from '../../lib/tenant';
import { inline } from '../../lib/content-disposition';
import { openFunction, requireOpenable } from '../org-function/service';
import {
  cancelSignRecord,
  drawOpenedSeals,
  keepOpenedAccount,
  lockOrgSigning,
  queueSignRecord,
} from './commands';
import { BATCH_SIGN_OPERATION, ECONTRACT_MSG, OPEN_ACCOUNT_OPERATION } from './messages';
import {
  accountOf,
  accountState,
  ESIGN_FUNCTION,
  busyContractNo,
  contractInOrg,
  contractOrgOf,
  contractPage,
  contractView,
  orgIdentity,
  recordView,
  recordViews,
  sealsOf,
  sealToSign,
  sealView,
  signInfoOf,
  signRecordPageIds,
  signRecordState,
} from './queries';
import { checkBeforeSign, SIGNABLE, type ContractRow } from './service';

const CONTRACT_PERMISSION = PERMISSION.contractSign.path;
const COMMAND_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
  ...ERRORS.tooMany,
} as const;

/**
 * Electronic contracts (spec section 7, contracts and electronic documents): the organisation's e-sign
 * account and seals, its contracts and their files, batch signing and its records. Everything is read and
 * written through the caller's organisation, behind the contract-signing permission; another
 * organisation's ids answer as missing ones do.
 */
export const eContractRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  const esignOpening = (member: Member) => ({
    orgId: member.orgId,
    funcCode: ESIGN_FUNCTION,
    platformChannelId: app.config.channelId,
    openedWith: FUNCTION_OPENED_WITH.esignAccount,
  });

  async function ownContract(request: FastifyRequest, member: Member, id: string): Promise<ContractRow> {
    const row = await contractInOrg(app.db, member.orgId, id);
    if (row) return row;
    throw notFoundInOrg(request, 'contract', await contractOrgOf(app.db, id), ECONTRACT_MSG.contractNotFound);
  }

  app.get(
    ECONTRACT_URL.isOpen,
    {
      schema: {
        response: { 200: Envelope(EsignAccountState), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getEContractIsOpen(request) {
      const member = memberOrNull(request);
      if (!member) return ok({ open: false, canOpen: false, missing: [], openedAt: null });
      await requirePermission(request, CONTRACT_PERMISSION);
      return ok(await accountState(app.db, member.orgId, app.config.channelId));
    },
  );

  /**
   * Before the SMS guard: nobody is asked for a code for an account that cannot be opened, nor for one that
   * is open already (answered as it stands).
   */
  async function refuseUnopenable(
    request: FastifyRequest,
    reply: FastifyReply,
  ): Promise<FastifyReply | void> {
    const member = await requirePermission(request, CONTRACT_PERMISSION);
    const state = await accountState(app.db, member.orgId, app.config.channelId);
    if (state.open) return reply.send(ok(state, ECONTRACT_MSG.alreadyOpen));
    await requireOpenable(app.db, esignOpening(member));
  }

  app.post(
    ECONTRACT_URL.open,
    {
      config: { idempotent: true, verification: { kind: 'sms', operation: OPEN_ACCOUNT_OPERATION } },
      preHandler: refuseUnopenable,
      schema: { response: { 200: Envelope(EsignAccountState), ...COMMAND_ERRORS } },
    },
    async function postEContractOpen(request, reply) {
      const member = await requirePermission(request, CONTRACT_PERMISSION);
      const org = await orgIdentity(app.db, member.orgId);
      if (await accountOf(app.db, member.orgId)) {
        // Opened by another request since the check before the code: answered as it stands, as a command,
        // so the code this request proved is spent with its answer.
        return runCommand(request, reply, async (trx) => ({
          statusCode: 200,
          body: ok(await accountState(trx, member.orgId, app.config.channelId), ECONTRACT_MSG.alreadyOpen),
        }));
      }
      // The provider's account first (it answers the same account when asked twice), then ours.
      const opened = await app.adapters.esign.openAccount(
        { name: org.name, creditCode: org.credit_code },
        app.db,
      );
      const now = app.now();
      const seals = await drawOpenedSeals(member.orgId, opened, now);
      return runCommand(request, reply, async (trx) => {
        const isNew = await keepOpenedAccount(trx, {
          orgId: member.orgId,
          userId: member.userId,
          opened,
          seals,
          now,
        });
        // The account's opening is electronic signing's, under the same checks as any function's.
        if (isNew) {
          await openFunction(trx, { ...esignOpening(member), userId: member.userId, now });
          await app.realtime.publishToOrg(
            member.orgId,
            { type: REALTIME_EVENT.organization, payload: {} },
            trx,
          );
        }
        return {
          statusCode: 200,
          body: ok(await accountState(trx, member.orgId, app.config.channelId), ECONTRACT_MSG.opened),
        };
      });
    },
  );

  app.get(
    ECONTRACT_URL.seals,
    {
      schema: { response: { 200: Envelope(Type.Array(Seal)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden } },
    },
    async function getEContractSeals(request) {
      if (!memberOrNull(request)) return ok([]);
      const member = await requirePermission(request, CONTRACT_PERMISSION);
      return ok((await sealsOf(app.db, member.orgId)).map(sealView));
    },
  );

  app.get(
    ECONTRACT_URL.contracts,
    {
      schema: {
        querystring: ContractListQuery,
        response: { 200: Envelope(Page(Contract)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getEContractContracts(request) {
      return answerList(
        request,
        async (member, page) => {
          const { rows, total } = await contractPage(app.db, member.orgId, request.query.status, page);
          return { items: rows, total };
        },
        { readBy: { permission: CONTRACT_PERMISSION }, view: contractView },
      );
    },
  );

  app.get(
    ECONTRACT_URL.preview,
    {
      schema: {
        params: ContractIdParams,
        response: {
          200: Type.Unsafe({ type: 'string', format: 'binary', description: 'application/pdf' }),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function getEContractPreview(request, reply) {
      const member = await requirePermission(request, CONTRACT_PERMISSION);
      const contract = await ownContract(request, member, request.params.id);
      const file = await app.adapters.files.get(contract.signed_file_key ?? contract.file_key);
      if (!file) throw fail(API_ERROR.notFound, ECONTRACT_MSG.fileGone);
      return reply
        .header('Content-Type', 'application/pdf')
        .header('Content-Length', String(file.size))
        .header(
          'Content-Disposition',
          inline(`${contract.title}-${contract.contract_no}.pdf`, `${contract.contract_no}.pdf`),
        )
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.stream);
    },
  );

  /** Before the verification guard: no QR or SMS for a batch that cannot be signed. */
  async function refuseUnsignable(
    request: FastifyRequest<{ Body: { contractIds: string[]; sealId?: string } }>,
  ) {
    const member = await requirePermission(request, CONTRACT_PERMISSION);
    if (!(await accountOf(app.db, member.orgId))) {
      throw fail(API_ERROR.esignAccountNotOpen, ECONTRACT_MSG.accountNotOpen);
    }
    for (const id of request.body.contractIds) {
      const contract = await ownContract(request, member, id);
      if (!SIGNABLE.includes(contract.status) || Number(contract.expires_at) <= app.now()) {
        throw fail(API_ERROR.contractNotSignable, ECONTRACT_MSG.notSignable(contract.contract_no));
      }
      await checkBeforeSign(app.db, contract);
    }
    await refuseBusy(request.body.contractIds, app.db);
  }

  /** A contract already in a batch that has not finished with it is not queued twice. */
  async function refuseBusy(contractIds: string[], db = app.db): Promise<void> {
    const busy = await busyContractNo(db, contractIds);
    if (busy !== undefined) throw fail(API_ERROR.contractNotSignable, ECONTRACT_MSG.notSignable(busy));
  }

  app.post(
    ECONTRACT_URL.batchSign,
    {
      config: {
        idempotent: true,
        verification: { kind: 'qr-or-sms', operation: BATCH_SIGN_OPERATION },
      },
      preHandler: refuseUnsignable,
      schema: { body: BatchSignRequest, response: { 200: Envelope(SignRecord), ...COMMAND_ERRORS } },
    },
    async function postEContractBatchSign(request, reply) {
      const member = await requirePermission(request, CONTRACT_PERMISSION);
      const seal = await sealToSign(app.db, member.orgId, request.body.sealId);
      if (!seal) throw fail(API_ERROR.notFound, ECONTRACT_MSG.sealNotFound);
      const now = app.now();
      const recordId = newId();
      const { contractIds } = request.body;
      const answer = await runCommand(request, reply, async (trx) => {
        await lockOrgSigning(trx, member.orgId);
        await refuseBusy(contractIds, trx);
        await queueSignRecord(trx, {
          recordId,
          orgId: member.orgId,
          userId: member.userId,
          sealId: seal.id,
          contractIds,
          now,
        });
        const view = await recordView(trx, member.orgId, recordId);
        return { statusCode: 200, body: ok(view as SignRecord, ECONTRACT_MSG.accepted) };
      });
      // After the commit, so the worker finds the record; the answer does not wait for the signing.
      app.contractSignWorker.kick();
      return answer;
    },
  );

  app.get(
    ECONTRACT_URL.status,
    {
      schema: {
        querystring: ContractIdQuery,
        response: {
          200: Envelope(SignStatus),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function getEContractStatus(request) {
      const member = await requirePermission(request, CONTRACT_PERMISSION);
      const contract = await ownContract(request, member, request.query.contractId);
      const view = contractView(contract);
      return ok({ contractId: view.id, status: view.status, signedAt: view.signedAt });
    },
  );

  app.get(
    ECONTRACT_URL.signInfo,
    { schema: { response: { 200: Envelope(SignInfo), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden } } },
    async function getEContractSignInfo(request) {
      const member = await requirePermission(request, CONTRACT_PERMISSION);
      return ok(await signInfoOf(app.db, member.orgId));
    },
  );

  app.get(
    ECONTRACT_URL.recordResult,
    {
      schema: {
        querystring: RecordIdQuery,
        response: {
          200: Envelope(SignRecord),
          ...AUTHENTICATED_ERRORS,
          ...ERRORS.forbidden,
          ...ERRORS.notFound,
        },
      },
    },
    async function getEContractRecordResult(request) {
      const member = await requirePermission(request, CONTRACT_PERMISSION);
      const view = await recordView(app.db, member.orgId, request.query.recordId);
      if (!view) throw fail(API_ERROR.notFound, ECONTRACT_MSG.recordNotFound);
      return ok(view);
    },
  );

  app.get(
    ECONTRACT_URL.records,
    {
      schema: {
        querystring: PageQuery,
        response: { 200: Envelope(Page(SignRecord)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getEContractRecords(request) {
      return answerList(
        request,
        async (member, page) => {
          const { ids, total } = await signRecordPageIds(app.db, member.orgId, page);
          return { items: await recordViews(app.db, member.orgId, ids), total };
        },
        { readBy: { permission: CONTRACT_PERMISSION } },
      );
    },
  );

  app.post(
    ECONTRACT_URL.cancelRecord,
    {
      config: { idempotent: true },
      schema: { querystring: RecordIdQuery, response: { 200: Envelope(SignRecord), ...COMMAND_ERRORS } },
    },
    async function postEContractCancelRecord(request, reply) {
      const member = await requirePermission(request, CONTRACT_PERMISSION);
      const now = app.now();
      return runCommand(request, reply, async (trx) => {
        const record = await signRecordState(trx, member.orgId, request.query.recordId);
        if (!record) throw fail(API_ERROR.notFound, ECONTRACT_MSG.recordNotFound);
        if (record.status !== SIGN_RECORD_STATUS.pending && record.status !== SIGN_RECORD_STATUS.running) {
          throw fail(API_ERROR.signRecordFinished, ECONTRACT_MSG.recordFinished);
        }
        await cancelSignRecord(trx, record.id, now);
        const view = await recordView(trx, member.orgId, record.id);
        return { statusCode: 200, body: ok(view as SignRecord, ECONTRACT_MSG.cancelled) };
      });
    },
  );
};
