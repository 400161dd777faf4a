import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  CONTRACT_BIZ_TYPE,
  CONTRACT_STATUS,
  SIGN_ITEM_STATUS,
  SIGN_RECORD_STATUS,
  type SignRecordStatus,
  type SignItemStatus,
  ECONTRACT_URL,
} from '@contract/e-contract';
import {
  BatchSignRequest,
  Contract,
  ContractIdParams,
  ContractIdQuery,
  ContractListQuery,
  EsignAccountState,
  RecordIdQuery,
  SandboxContractRequest,
  Seal,
  SignInfo,
  SignRecord,
  SignStatus,
} from '@contract/e-contract-schemas';
import { Envelope, Page, PageQuery } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PERMISSION } from '@contract/permissions';
import type { Transaction } from 'kysely';
import type { Db } from '../../db/database';
import { lockWithinTransaction } from '../../db/locks';
import type { Database } from '../../db/schema';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { runCommand } from '../../lib/idempotency';
import { sendKeptAnswer } from '../../lib/kept-answers';
import { yuanToFen } from '../../lib/money';
import { pageOf, pageRequest } from '../../lib/paging';
import { drawSeal, sealSvg, type SealTemplate } from '../../lib/pdf/seal';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { isoTime } from '../../lib/shanghai-time';
import { notFoundInOrg, memberOrNull, requirePermission, type Member } from '../../lib/tenant';
import { BATCH_SIGN_OPERATION, ECONTRACT_MSG, OPEN_ACCOUNT_OPERATION } from './messages';
import {
  accountOf,
  announceContract,
  applyFlowEvent,
  contractInOrg,
  contractOrgOf,
  contractPage,
  signRecordPageIds,
  contractView,
  draftContract,
  expireOverdueContracts,
  PLATFORM_CREDIT_CODE,
  sealView,
  SIGNABLE,
  type ContractRow,
} from './service';
import { ExpiryTimer } from './expiry-timer';
import { createSignWorker } from './sign-worker';

const CONTRACT_PERMISSION = PERMISSION.contractSign.path;
/** Where the provider's callbacks arrive (no sign-in: the HMAC is the credential). */
export const ESIGN_CALLBACK_PATH = '/api/edoc/callback';
const COMMAND_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
  ...ERRORS.tooMany,
} as const;

async function accountState(db: Db, orgId: string) {
  const [account, org] = await Promise.all([
    accountOf(db, orgId),
    db.selectFrom('organizations').select('authorized').where('id', '=', orgId).executeTakeFirst(),
  ]);
  return {
    open: Boolean(account),
    canOpen: org?.authorized === 1,
    openedAt: account ? isoTime(Number(account.opened_at)) : null,
  };
}

/** The organisation's sign records of `recordIds`, in that order, each with its items: two queries for a page. */
async function recordViews(db: Db, orgId: string, recordIds: string[]): Promise<SignRecord[]> {
  if (recordIds.length === 0) return [];
  const [records, items] = await Promise.all([
    db
      .selectFrom('sign_records')
      .selectAll()
      .where('id', 'in', recordIds)
      .where('org_id', '=', orgId)
      .execute(),
    db
      .selectFrom('sign_record_items')
      .innerJoin('contracts', 'contracts.id', 'sign_record_items.contract_id')
      .select([
        'sign_record_items.record_id',
        'sign_record_items.contract_id',
        'sign_record_items.status',
        'sign_record_items.message',
        'contracts.contract_no',
        'contracts.title',
      ])
      .where('sign_record_items.record_id', 'in', recordIds)
      .where('contracts.org_id', '=', orgId)
      .orderBy('sign_record_items.record_id')
      .orderBy('sign_record_items.position')
      .execute(),
  ]);
  const byId = new Map(records.map((record) => [record.id, record]));
  const itemsOf = new Map<string, typeof items>();
  for (const item of items) itemsOf.set(item.record_id, [...(itemsOf.get(item.record_id) ?? []), item]);
  return recordIds.flatMap((id) => {
    const record = byId.get(id);
    if (!record) return [];
    const own = itemsOf.get(id) ?? [];
    const count = (status: string) => own.filter((item) => item.status === status).length;
    return [
      {
        recordId: record.id,
        status: record.status as SignRecordStatus,
        total: record.total,
        signed: count(SIGN_ITEM_STATUS.signed),
        failed: count(SIGN_ITEM_STATUS.failed),
        createdAt: isoTime(Number(record.created_at)),
        finishedAt: record.finished_at === null ? null : isoTime(Number(record.finished_at)),
        items: own.map((item) => ({
          contractId: item.contract_id,
          contractNo: item.contract_no,
          title: item.title,
          status: item.status as SignItemStatus,
          message: item.message,
        })),
      },
    ];
  });
}

async function recordView(db: Db, orgId: string, recordId: string): Promise<SignRecord | null> {
  return (await recordViews(db, orgId, [recordId]))[0] ?? null;
}

/** `inline` with the ASCII fallback and the Chinese name (RFC 6266, RFC 8187). */
function inline(fileName: string, asciiName: string): string {
  const ext = encodeURIComponent(fileName).replace(
    /['()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
  return `inline; filename="${asciiName.replace(/[^A-Za-z0-9._-]/g, '_')}"; filename*=UTF-8''${ext}`;
}

/**
 * Electronic contracts (spec section 7, contracts and electronic documents): the organisation's e-sign
 * account and seals, its contracts and their files, batch signing and its records. Everything is read and
 * written through the caller's organisation, behind the contract-signing permission; another
 * organisation's ids answer as missing ones do.
 */
export const eContractRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

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
      if (!member) return ok({ open: false, canOpen: false, openedAt: null });
      await requirePermission(request, CONTRACT_PERMISSION);
      return ok(await accountState(app.db, member.orgId));
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
    const state = await accountState(app.db, member.orgId);
    if (state.open) return reply.send(ok(state, ECONTRACT_MSG.alreadyOpen));
    if (!state.canOpen) throw fail(API_ERROR.orgNotAuthorized, ECONTRACT_MSG.orgNotAuthorized);
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
      const org = await app.db
        .selectFrom('organizations')
        .select(['name', 'credit_code'])
        .where('id', '=', member.orgId)
        .executeTakeFirstOrThrow();
      if (await accountOf(app.db, member.orgId)) {
        return ok(await accountState(app.db, member.orgId), ECONTRACT_MSG.alreadyOpen);
      }
      // The provider's account first (it answers the same account when asked twice), then ours.
      const opened = await app.adapters.esign.openAccount(
        { name: org.name, creditCode: org.credit_code },
        app.db,
      );
      const now = app.now();
      const drawings = await Promise.all(
        opened.seals.map((seal) =>
          drawSeal({
            template: seal.template as SealTemplate,
            name: seal.name,
            label: seal.label ?? undefined,
          }),
        ),
      );
      const seals = opened.seals.map((seal, index) => ({
        id: newId(),
        org_id: member.orgId,
        provider_seal_id: seal.sealId,
        template: seal.template,
        name: seal.name,
        label: seal.label,
        svg: sealSvg(drawings[index]!),
        is_default: index === 0 ? 1 : 0,
        created_at: now + index,
      }));
      return runCommand(request, reply, async (trx) => {
        const inserted = await trx
          .insertInto('esign_accounts')
          .values({
            org_id: member.orgId,
            provider_account_id: opened.accountId,
            opened_by: member.userId,
            opened_at: now,
          })
          .onConflict((oc) => oc.column('org_id').doNothing())
          .executeTakeFirst();
        // Another request opened it meanwhile: its seals stand.
        if (Number(inserted.numInsertedOrUpdatedRows ?? 0) > 0)
          await trx.insertInto('esign_seals').values(seals).execute();
        return { statusCode: 200, body: ok(await accountState(trx, member.orgId), ECONTRACT_MSG.opened) };
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
      const rows = await app.db
        .selectFrom('esign_seals')
        .selectAll()
        .where('org_id', '=', member.orgId)
        .orderBy('created_at')
        .execute();
      return ok(rows.map(sealView));
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
    async function getEContractContracts(request, reply) {
      const page = pageRequest(request.query);
      if (!memberOrNull(request)) return ok(pageOf<Contract>([], 0, page));
      const member = await requirePermission(request, CONTRACT_PERMISSION);
      const { rows, total } = await contractPage(app.db, member.orgId, request.query.status, page);
      // Each row's parties are JSON and its amount and times are formatted: made and serialised once
      // for as long as the rows are kept (lib/kept-answers.ts).
      return sendKeptAnswer(reply, rows, `${total}:${page.page}:${page.size}`, () =>
        ok(pageOf(rows.map(contractView), total, page)),
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
    }
    await refuseBusy(app.db, request.body.contractIds);
  }

  /** A contract already in a batch that has not finished with it is not queued twice. */
  async function refuseBusy(db: Db, contractIds: string[]): Promise<void> {
    const busy = await db
      .selectFrom('sign_record_items')
      .innerJoin('contracts', 'contracts.id', 'sign_record_items.contract_id')
      .select('contracts.contract_no')
      .where('sign_record_items.contract_id', 'in', contractIds)
      .where('sign_record_items.status', 'in', [SIGN_ITEM_STATUS.pending, SIGN_ITEM_STATUS.signing])
      .executeTakeFirst();
    if (busy) throw fail(API_ERROR.contractNotSignable, ECONTRACT_MSG.notSignable(busy.contract_no));
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
      const sealQuery = app.db.selectFrom('esign_seals').select('id').where('org_id', '=', member.orgId);
      const seal = await (
        request.body.sealId
          ? sealQuery.where('id', '=', request.body.sealId)
          : sealQuery.where('is_default', '=', 1)
      ).executeTakeFirst();
      if (!seal) throw fail(API_ERROR.notFound, ECONTRACT_MSG.sealNotFound);
      const now = app.now();
      const recordId = newId();
      const answer = await runCommand(request, reply, async (trx) => {
        // Two batches of the organisation at once (two tabs, a double click) take turns here.
        await lockWithinTransaction(trx as Transaction<Database>, `contract-sign:${member.orgId}`);
        await refuseBusy(trx, request.body.contractIds);
        await trx
          .insertInto('sign_records')
          .values({
            id: recordId,
            org_id: member.orgId,
            user_id: member.userId,
            seal_id: seal.id,
            status: SIGN_RECORD_STATUS.pending,
            total: request.body.contractIds.length,
            attempts: 0,
            lease_expires_at: null,
            created_at: now,
            started_at: null,
            finished_at: null,
          })
          .execute();
        await trx
          .insertInto('sign_record_items')
          .values(
            request.body.contractIds.map((contractId, position) => ({
              record_id: recordId,
              contract_id: contractId,
              position,
              status: SIGN_ITEM_STATUS.pending,
              message: null,
              updated_at: now,
            })),
          )
          .execute();
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
      const [account, org, seals, counts] = await Promise.all([
        accountOf(app.db, member.orgId),
        app.db.selectFrom('organizations').select('bound').where('id', '=', member.orgId).executeTakeFirst(),
        app.db
          .selectFrom('esign_seals')
          .select(['id', 'is_default'])
          .where('org_id', '=', member.orgId)
          .execute(),
        app.db
          .selectFrom('contracts')
          .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
          .where('org_id', '=', member.orgId)
          .groupBy('status')
          .execute(),
      ]);
      const countOf = (statuses: string[]) =>
        counts.filter((c) => statuses.includes(c.status)).reduce((sum, c) => sum + Number(c.n), 0);
      return ok({
        open: Boolean(account),
        verification: org?.bound === 1 ? ('qr' as const) : ('sms' as const),
        defaultSealId: seals.find((s) => s.is_default === 1)?.id ?? null,
        sealCount: seals.length,
        pending: countOf([...SIGNABLE]),
        signed: countOf([CONTRACT_STATUS.complete]),
      });
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
      const page = pageRequest(request.query);
      if (!memberOrNull(request)) return ok(pageOf<SignRecord>([], 0, page));
      const member = await requirePermission(request, CONTRACT_PERMISSION);
      const { ids, total } = await signRecordPageIds(app.db, member.orgId, page);
      return ok(pageOf(await recordViews(app.db, member.orgId, ids), total, page));
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
        const record = await trx
          .selectFrom('sign_records')
          .select(['id', 'status'])
          .where('id', '=', request.query.recordId)
          .where('org_id', '=', member.orgId)
          .executeTakeFirst();
        if (!record) throw fail(API_ERROR.notFound, ECONTRACT_MSG.recordNotFound);
        if (record.status !== SIGN_RECORD_STATUS.pending && record.status !== SIGN_RECORD_STATUS.running) {
          throw fail(API_ERROR.signRecordFinished, ECONTRACT_MSG.recordFinished);
        }
        // What has not begun is withdrawn; a contract already with the provider finishes there.
        await trx
          .updateTable('sign_record_items')
          .set({ status: SIGN_ITEM_STATUS.cancelled, updated_at: now })
          .where('record_id', '=', record.id)
          .where('status', '=', SIGN_ITEM_STATUS.pending)
          .execute();
        await trx
          .updateTable('sign_records')
          .set({ status: SIGN_RECORD_STATUS.cancelled, finished_at: now, lease_expires_at: null })
          .where('id', '=', record.id)
          .where('status', '=', SIGN_RECORD_STATUS.pending)
          .execute();
        const view = await recordView(trx, member.orgId, record.id);
        return { statusCode: 200, body: ok(view as SignRecord, ECONTRACT_MSG.cancelled) };
      });
    },
  );
};

/**
 * `POST /api/edoc/callback`: the provider's flow events. Not a way in: no sign-in, but nothing is read or
 * changed before the HMAC over the timestamp and the raw body checks out within the time window; the event
 * is applied once (a replay answers 200 and changes nothing), so the provider's retries are harmless.
 */
export const eContractCallbackRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // The signature is over the bytes as sent: the body is kept raw and parsed only once it checks out.
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
    done(null, body),
  );

  app.post(
    ECONTRACT_URL.callback,
    {
      config: { rawBody: true },
      schema: {
        response: {
          200: Type.Object({ code: Type.Number(), msg: Type.String() }),
          ...ERRORS.badRequest,
          ...ERRORS.unauthorized,
          ...ERRORS.internal,
        },
      },
    },
    async function postEContractCallback(request, reply) {
      const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      const reading = await app.adapters.esign.readCallback({
        headers: request.headers,
        query: request.query as Record<string, string | string[] | undefined>,
        rawBody: raw,
        now: app.now(),
      });
      if (reading.kind === 'rejected') {
        if (reading.reason === 'body') throw fail(API_ERROR.badRequest, ECONTRACT_MSG.callbackRejected);
        logSecurityEvent(request, SECURITY_EVENT.callbackRejected, { reason: reading.reason });
        return reply
          .code(401)
          .send({ error: 'invalid_token', error_description: ECONTRACT_MSG.callbackRejected });
      }
      if (reading.kind === 'ignored') return { code: 200, msg: 'ignored' };
      const event = reading.event;
      const outcome = await applyFlowEvent(
        {
          db: app.db,
          files: app.adapters.files,
          now: app.now(),
          announce: (trx, row) => announceContract(app, trx, row),
        },
        event,
      );
      request.log.info({ flowId: event.flowId, outcome }, 'e-sign callback');
      return { code: 200, msg: outcome };
    },
  );
};

/**
 * Sandbox: drafts an organisation agreement for an organisation, as the company centre's agreements will
 * once they exist, so contracts can be signed on one machine.
 */
export const eContractSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    ECONTRACT_URL.sandboxAgreement,
    {
      schema: {
        body: SandboxContractRequest,
        response: { 201: Envelope(Contract), ...ERRORS.badRequest, ...ERRORS.notFound },
      },
    },
    async function postEContractSandboxAgreement(request, reply) {
      const org = await app.db
        .selectFrom('organizations')
        .select('id')
        .where('id', '=', request.body.orgId)
        .executeTakeFirst();
      if (!org) throw fail(API_ERROR.notFound, ECONTRACT_MSG.contractNotFound);
      const amountFen = yuanToFen(request.body.amount ?? '12000.00') ?? 0;
      const row = await draftContract(
        { db: app.db, files: app.adapters.files, now: app.now() },
        {
          orgId: org.id,
          bizType: CONTRACT_BIZ_TYPE.orgAgreement,
          bizId: newId(),
          counterparty: { name: app.config.platformName, creditCode: PLATFORM_CREDIT_CODE },
          amountFen,
        },
      );
      return reply.code(201).send({ code: 201, msg: '已生成合同', data: contractView(row) });
    },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    contractSignWorker: ReturnType<typeof createSignWorker>;
    /** Ends the contracts whose signing window has passed; tests call `sweep()` with their clock. */
    contractExpiry: ExpiryTimer;
  }
}

/** The batch-signing worker of this node, started with the app and stopped before it closes. */
export function setupContractSigning(app: FastifyInstance): void {
  const worker = createSignWorker({
    db: app.db,
    esign: app.adapters.esign,
    now: app.now,
    log: app.log,
    leaseMs: app.config.taskLeaseSeconds * 1000,
    pollMs: app.config.taskPollSeconds * 1000,
  });
  app.decorate('contractSignWorker', worker);
  app.addHook('onReady', async () => worker.start());
  app.addHook('preClose', async () => worker.stop());

  const expiry = new ExpiryTimer(
    () =>
      expireOverdueContracts({
        db: app.db,
        now: app.now(),
        revoke: (flowId) => app.adapters.esign.revoke(flowId),
        announce: (trx, row) => announceContract(app, trx, row),
        onRevokeFailed: (contractId, error) =>
          app.log.warn({ err: error, contractId }, 'contract expiry: the provider did not revoke the flow'),
      }),
    app.log,
  );
  app.decorate('contractExpiry', expiry);
  app.addHook('onReady', async () => expiry.start());
  app.addHook('preClose', async () => expiry.stop());
}
