import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RouteGenericInterface,
} from 'fastify';
import { Type, type Static } from 'typebox';
import { APPLICATION_KIND, BILL_URL } from '@contract/bills';
import {
  BatchAnswerResult,
  BatchRefuseRequest,
  BatchSignRequest,
  BillAccount,
  BillApplication,
  BillDetail,
  BillListQuery,
  BillPackage,
  Counterparty,
  CounterpartyQuery,
  EndorseRequest,
  Holding,
  IdParams,
  IssueRequest,
  PayableDay,
  PayableQuery,
  RefuseRequest,
  SignRequest,
} from '@contract/bills-schemas';
import { shanghaiDate } from '../../lib/shanghai-time';
import { Envelope, Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PERMISSION, type PermissionPath } from '@contract/permissions';
import { inSavepoint } from '../../db/after-commit';
import type { Db } from '../../db/database';
import { ApiFailure, fail } from '../../lib/errors';
import { runCommand, type CommandAnswer } from '../../lib/idempotency';
import { answerList } from '../../lib/list-page';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { notFoundInOrg, memberOrNull, requirePermission, type Member } from '../../lib/tenant';
import {
  applicationFor,
  endorse,
  issueBill,
  refuseApplication,
  requestAcceptance,
  requestReceipt,
  revokeBill,
  signApplication,
  withdrawApplication,
  type ActSummary,
  type ApplicationRow,
  type Checked,
  type CommandScope,
  type EndorseInput,
  type IssueInput,
  type LedgerCommand,
  type RefuseInput,
  type SignInput,
} from './commands';
import type { PackageRow } from './ledger';
import { BILL_LISTS_READ_BY } from './list-export';
import { ACT_NAME, actDescription, batchSummary, BILL_MSG } from './messages';
import {
  applicationById,
  applicationPage,
  billAccounts,
  billDetail,
  counterparties,
  heldPage,
  heldPageWithCaller,
  issuedPage,
  listFilterOf,
  listSortOf,
  packageOrgOf,
} from './queries';
import { payablePage } from './payable';
import { amountFenOf, requireBusinessTime } from './rules';

const COMMAND_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
} as const;
const READ_ERRORS = { ...AUTHENTICATED_ERRORS, ...ERRORS.notFound } as const;

const ISSUE_PERMISSION = PERMISSION.issue.path;
const ENDORSE_PERMISSION = PERMISSION.endorse.path;

/** Acceptance and receipt belong to issuing; an endorsement to endorsing; a discount to discounting. */
const permissionOfKind = (kind: string): PermissionPath =>
  kind === APPLICATION_KIND.endorsement
    ? ENDORSE_PERMISSION
    : kind === APPLICATION_KIND.discount
      ? PERMISSION.discount.path
      : ISSUE_PERMISSION;

declare module 'fastify' {
  interface FastifyRequest {
    /** On a ledger act: what its check found the user is about to confirm (the SMS text and QR prompt name it). */
    ledgerAct: Pick<ActSummary, 'operation' | 'amountFen' | 'counterparty'> | null;
  }
}

/** `handler` under `name`: one shape of route declares several acts, each still named on its own. */
const named = <H extends (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>>(
  name: string,
  handler: H,
): H => ({ [name]: ((request, reply) => handler(request, reply)) as H })[name] as H;

/** The member acting on a route, with the permission its act needs. */
type MemberOf<R extends RouteGenericInterface> = (request: FastifyRequest<R>) => Promise<Member>;

export interface ActRoute<R extends RouteGenericInterface, I, C extends Checked, O> {
  /** The handler's name (routes are told apart by it in logs and traces). */
  name: string;
  url: string;
  schema: FastifySchema;
  /** A body the act takes when none is sent (签收 into the default account). */
  bodyWhenNone?: object;
  member: MemberOf<R>;
  /** The command's input from the request (a typed amount becomes fen here, 400 when it is not one). */
  input: (request: FastifyRequest<R>) => I;
  command: LedgerCommand<I, C, O>;
  /** The answer, read inside the command's transaction. */
  answer: (trx: Db, result: O, request: FastifyRequest<R>, member: Member) => Promise<CommandAnswer>;
}

/**
 * The answer of an act that shows the record it made (201) or answered (200): the record's view as the
 * caller's organisation reads it, in the act's transaction, with the act's message.
 */
export const recordAnswer =
  (
    view: (trx: Db, orgId: string, id: string) => Promise<unknown>,
    msg: string,
    statusCode: 200 | 201 = 200,
  ) =>
  async (trx: Db, row: { id: string }, _request: unknown, member: Member): Promise<CommandAnswer> => ({
    statusCode,
    body: { code: statusCode, msg, data: await view(trx, member.orgId, row.id) },
  });

/** A command's scope for a member acting through a route. */
export const commandScope = (app: FastifyInstance, trx: Db, member: Member): CommandScope => ({
  trx,
  now: app.now(),
  actor: { orgId: member.orgId, userId: member.userId },
  realtime: app.realtime,
});

/**
 * One ledger act on the wire, the way every act is: the command's check (read only) refuses before any
 * SMS code or QR confirmation is asked for and names what the user confirms; then the command in its
 * transaction, which checks again.
 */
export function ledgerActRoute<R extends RouteGenericInterface, I, C extends Checked, O>(
  app: FastifyInstance,
  route: ActRoute<R, I, C, O>,
): void {
  const scope = (trx: Db, member: Member) => commandScope(app, trx, member);
  // The schema validated the request as R before any of these run.
  const typed = (request: FastifyRequest) => request as FastifyRequest<R>;
  async function checkAct(request: FastifyRequest): Promise<void> {
    const member = await route.member(typed(request));
    await requireBusinessTime(app.config, app.db, app.now());
    const checked = await route.command.check(scope(app.db, member), route.input(typed(request)));
    request.ledgerAct = checked.summary;
  }
  async function runAct(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
    const member = await route.member(typed(request));
    const input = route.input(typed(request));
    return runCommand(request, reply, async (trx) => {
      const ctx = scope(trx, member);
      await requireBusinessTime(app.config, trx, ctx.now);
      return route.answer(trx, await route.command(ctx, input), typed(request), member);
    });
  }
  app.post(
    route.url,
    {
      config: {
        idempotent: true,
        verification: { kind: 'qr-or-sms', operation: (request) => actDescription(request.ledgerAct) },
      },
      ...(route.bodyWhenNone
        ? {
            preValidation: async function bodyWhenNone(request: FastifyRequest) {
              request.body ??= { ...route.bodyWhenNone };
            },
          }
        : {}),
      preHandler: checkAct,
      schema: route.schema,
    },
    named(route.name, runAct),
  );
}

/**
 * The bill ledger's calls. Every read and write goes through the caller's organisation: a bill or an
 * application it is not party to answers the same 404 as a missing one. Every act needs the permission of
 * its domain, runs within business hours, in one transaction, once per Idempotency-Key, and is confirmed by
 * QR (licence bound) or SMS; the command's own check runs before that confirmation is asked for.
 */
export const billRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);
  app.decorateRequest('ledgerAct', null);

  const scope = (trx: Db, member: Member): CommandScope => commandScope(app, trx, member);
  const actRoute = <R extends RouteGenericInterface, I, C extends Checked, O>(route: ActRoute<R, I, C, O>) =>
    ledgerActRoute(app, route);

  async function detailOf(db: Db, request: FastifyRequest, orgId: string, id: string): Promise<BillDetail> {
    const detail = await billDetail(db, orgId, id, app.now());
    if (!detail) {
      throw notFoundInOrg(request, 'bill', await packageOrgOf(app.db, id), BILL_MSG.billNotFound);
    }
    return detail;
  }

  // ---- issue registration, acceptance, receipt, revocation

  actRoute<{ Body: Static<typeof IssueRequest> }, IssueInput, Checked, PackageRow>({
    name: 'postBillIssue',
    url: BILL_URL.issue,
    schema: { body: IssueRequest, response: { 201: Envelope(BillDetail), ...COMMAND_ERRORS } },
    member: (request) => requirePermission(request, ISSUE_PERMISSION),
    input: ({ body }) => ({
      acceptorOrgId: body.acceptorOrgId,
      payeeOrgId: body.payeeOrgId,
      amountFen: amountFenOf(body.amount),
      issueDate: body.issueDate,
      dueDate: body.dueDate,
      noTransfer: body.noTransfer,
      splittable: body.splittable,
      remark: body.remark?.trim() ?? '',
    }),
    command: issueBill,
    answer: async (trx, pkg, request, member) => ({
      statusCode: 201,
      body: { code: 201, msg: BILL_MSG.issued, data: await detailOf(trx, request, member.orgId, pkg.id) },
    }),
  });

  for (const [path, command, msg] of [
    [BILL_URL.acceptance, requestAcceptance, BILL_MSG.applied],
    [BILL_URL.delivery, requestReceipt, BILL_MSG.applied],
    [BILL_URL.revoke, revokeBill, BILL_MSG.revoked],
  ] as const) {
    actRoute<{ Params: Static<typeof IdParams> }, string, Checked, unknown>({
      name: 'postBillIssuerStep',
      url: path,
      schema: { params: IdParams, response: { 200: Envelope(BillDetail), ...COMMAND_ERRORS } },
      member: (request) => requirePermission(request, ISSUE_PERMISSION),
      input: (request) => request.params.id,
      command: command as LedgerCommand<string, Checked, unknown>,
      answer: async (trx, _, request, member) => ({
        statusCode: 200,
        body: ok(await detailOf(trx, request, member.orgId, request.params.id), msg),
      }),
    });
  }

  // ---- endorsement

  actRoute<{ Body: Static<typeof EndorseRequest> }, EndorseInput, Checked, ApplicationRow>({
    name: 'postBillEndorse',
    url: BILL_URL.endorse,
    schema: { body: EndorseRequest, response: { 201: Envelope(BillApplication), ...COMMAND_ERRORS } },
    member: (request) => requirePermission(request, ENDORSE_PERMISSION),
    input: ({ body }) => ({
      holdingId: body.holdingId,
      endorseeOrgId: body.endorseeOrgId,
      amountFen: amountFenOf(body.amount),
      remark: body.remark?.trim() ?? '',
    }),
    command: endorse,
    answer: async (trx, application, _, member) => ({
      statusCode: 201,
      body: {
        code: 201,
        msg: BILL_MSG.applied,
        data: await applicationById(trx, member.orgId, application.id, app.now()),
      },
    }),
  });

  // ---- answers

  /** The permission of the application's kind; an application the caller is not party to answers 404. */
  async function memberFor(request: FastifyRequest, id: string): Promise<Member> {
    const member = memberOrNull(request);
    if (!member) throw fail(API_ERROR.notFound, BILL_MSG.applicationNotFound);
    const application = await applicationFor(app.db, member.orgId, id);
    return requirePermission(request, permissionOfKind(application.kind));
  }

  const answered = (msg: string) =>
    recordAnswer((trx, orgId, id) => applicationById(trx, orgId, id, app.now()), msg);

  actRoute<
    { Params: Static<typeof IdParams>; Body: Static<typeof SignRequest> | undefined },
    SignInput,
    Checked,
    ApplicationRow
  >({
    name: 'postBillApplicationAnswer',
    url: BILL_URL.sign,
    bodyWhenNone: {},
    schema: {
      params: IdParams,
      body: SignRequest,
      response: { 200: Envelope(BillApplication), ...COMMAND_ERRORS },
    },
    member: (request) => memberFor(request, request.params.id),
    input: (request) => ({ id: request.params.id, accountId: request.body?.accountId }),
    command: signApplication,
    answer: answered(BILL_MSG.signed),
  });

  actRoute<{ Params: Static<typeof IdParams> }, string, Checked, ApplicationRow>({
    name: 'postBillApplicationAnswer',
    url: BILL_URL.withdraw,
    schema: { params: IdParams, response: { 200: Envelope(BillApplication), ...COMMAND_ERRORS } },
    member: (request) => memberFor(request, request.params.id),
    input: (request) => request.params.id,
    command: withdrawApplication,
    answer: async (trx, application, request, member) => {
      // An application to an institution may be withdrawn from 我发起的申请 too: its adapter must stop
      // answering it in the same transaction, as the act's own withdrawal does (no-op for other kinds).
      await app.adapters.institution.withdraw(application.id, trx);
      return answered(BILL_MSG.withdrawn)(trx, application, request, member);
    },
  });

  actRoute<
    { Params: Static<typeof IdParams>; Body: Static<typeof RefuseRequest> },
    RefuseInput,
    Checked,
    ApplicationRow
  >({
    name: 'postBillRefuse',
    url: BILL_URL.refuse,
    schema: {
      params: IdParams,
      body: RefuseRequest,
      response: { 200: Envelope(BillApplication), ...COMMAND_ERRORS },
    },
    member: (request) => memberFor(request, request.params.id),
    input: (request) => ({ id: request.params.id, reason: request.body.reason.trim() }),
    command: refuseApplication,
    answer: answered(BILL_MSG.refused),
  });

  // ---- batch answers on the 待签收 workbench

  /**
   * 签收 or 驳回 of several applications with one confirmation. Each row is its own command, run in a
   * savepoint of the one transaction (inSavepoint): a row the ledger refuses is rolled back alone, with its
   * events and held writes, and answered with its reason; the others go through. Before the confirmation
   * every row is checked; only when none could go through is the batch refused whole (with the first row's
   * reason), so a mistake still costs no code.
   */
  function batchRoute<B extends { ids: string[] }, I>(route: {
    name: string;
    url: string;
    body: typeof BatchSignRequest | typeof BatchRefuseRequest;
    input: (body: B, id: string) => I;
    command: LedgerCommand<I, Checked, ApplicationRow>;
    operation: string;
    msg: (succeeded: number, failed: number) => string;
  }) {
    /** Each row's member, or why it cannot be answered. */
    const membersOf = (request: FastifyRequest, ids: string[]) =>
      Promise.all(
        ids.map(async (id) => {
          try {
            return { id, member: await memberFor(request, id) };
          } catch (error) {
            if (error instanceof ApiFailure) return { id, failure: error };
            throw error;
          }
        }),
      );

    async function checkBatch(request: FastifyRequest): Promise<void> {
      const body = request.body as B;
      await requireBusinessTime(app.config, app.db, app.now());
      const passed: ActSummary[] = [];
      let first: ApiFailure | null = null;
      for (const row of await membersOf(request, body.ids)) {
        try {
          if (!row.member) throw row.failure;
          passed.push(
            (await route.command.check(scope(app.db, row.member), route.input(body, row.id))).summary,
          );
        } catch (error) {
          if (!(error instanceof ApiFailure)) throw error;
          first ??= error;
        }
      }
      if (passed.length === 0 && first) throw first;
      request.ledgerAct = batchSummary(route.operation, passed);
    }

    async function runBatch(request: FastifyRequest, reply: FastifyReply): Promise<unknown> {
      const body = request.body as B;
      const rows = await membersOf(request, body.ids);
      return runCommand(request, reply, async (trx) => {
        await requireBusinessTime(app.config, trx, app.now());
        const results: BatchAnswerResult['results'] = [];
        for (const row of rows) {
          if (!row.member) {
            results.push({ id: row.id, ok: false, msg: row.failure.msg, application: null });
            continue;
          }
          const member = row.member;
          const done = await inSavepoint(
            trx,
            () => route.command(scope(trx, member), route.input(body, row.id)),
            (error) => error instanceof ApiFailure,
          );
          if (!done.ok) {
            results.push({ id: row.id, ok: false, msg: (done.error as ApiFailure).msg, application: null });
            continue;
          }
          const application = await applicationById(trx, member.orgId, done.value.id, app.now());
          results.push({ id: row.id, ok: true, msg: BILL_MSG.batchRowDone, application });
        }
        const succeeded = results.filter((r) => r.ok).length;
        const failed = results.length - succeeded;
        return {
          statusCode: 200,
          body: ok({ results, succeeded, failed }, route.msg(succeeded, failed)),
        };
      });
    }

    app.post(
      route.url,
      {
        config: {
          idempotent: true,
          verification: { kind: 'qr-or-sms', operation: (request) => actDescription(request.ledgerAct) },
        },
        preHandler: checkBatch,
        schema: {
          body: route.body,
          response: { 200: Envelope(BatchAnswerResult), ...COMMAND_ERRORS },
        } as FastifySchema,
      },
      named(route.name, runBatch),
    );
  }

  batchRoute<Static<typeof BatchSignRequest>, SignInput>({
    name: 'postBillBatchSign',
    url: BILL_URL.batchSign,
    body: BatchSignRequest,
    input: (body, id) => ({ id, accountId: body.accountId }),
    command: signApplication,
    operation: ACT_NAME.batchSign,
    msg: BILL_MSG.batchSigned,
  });

  batchRoute<Static<typeof BatchRefuseRequest>, RefuseInput>({
    name: 'postBillBatchRefuse',
    url: BILL_URL.batchRefuse,
    body: BatchRefuseRequest,
    input: (body, id) => ({ id, reason: body.reason.trim() }),
    command: refuseApplication,
    operation: ACT_NAME.batchRefuse,
    msg: BILL_MSG.batchRefused,
  });

  // ---- reads

  app.get(
    BILL_URL.payable,
    {
      schema: {
        querystring: PayableQuery,
        response: { 200: Envelope(Page(PayableDay)), ...AUTHENTICATED_ERRORS, ...ERRORS.badRequest },
      },
    },
    async function getBillPayable(request) {
      const { from, to } = request.query;
      return answerList(request, (member, page) =>
        payablePage(app.db, member.orgId, { from: from ?? shanghaiDate(app.now()), to: to ?? null }, page),
      );
    },
  );

  app.get(
    BILL_URL.held,
    {
      // The list the bill screens open on: on PostgreSQL, unfiltered, in one statement with its caller.
      config: { readsCaller: true },
      schema: {
        querystring: BillListQuery,
        response: { 200: Envelope(Page(Holding)), ...AUTHENTICATED_ERRORS },
      },
    },
    async function getBillHeld(request, reply) {
      const filter = listFilterOf(request.query, 'bill');
      const sort = listSortOf(request.query.sort);
      return answerList(
        request,
        (member, page) => heldPage(app.db, member.orgId, filter, sort, page, app.now()),
        {
          readBy: BILL_LISTS_READ_BY,
          withCaller: (tokenHash, page) =>
            heldPageWithCaller(app.db, tokenHash, filter, sort, page, app.now()),
          // A page kept for its version (queries.ts) is the same items: answered with the same bytes.
          reply,
        },
      );
    },
  );

  app.get(
    BILL_URL.issued,
    {
      schema: {
        querystring: BillListQuery,
        response: { 200: Envelope(Page(BillPackage)), ...AUTHENTICATED_ERRORS },
      },
    },
    async function getBillIssued(request) {
      const filter = listFilterOf(request.query, 'bill');
      const sort = listSortOf(request.query.sort);
      return answerList(
        request,
        (member, page) => issuedPage(app.db, member.orgId, filter, sort, page, app.now()),
        { readBy: BILL_LISTS_READ_BY },
      );
    },
  );

  for (const [path, side] of [
    [BILL_URL.pending, 'receiver'],
    [BILL_URL.mine, 'applicant'],
  ] as const) {
    app.get(
      path,
      {
        schema: {
          querystring: BillListQuery,
          response: { 200: Envelope(Page(BillApplication)), ...AUTHENTICATED_ERRORS },
        },
      },
      async function getBillApplications(request) {
        const filter = listFilterOf(request.query, 'application');
        const sort = listSortOf(request.query.sort);
        return answerList(
          request,
          (member, page) => applicationPage(app.db, member.orgId, side, filter, sort, page, app.now()),
          { readBy: BILL_LISTS_READ_BY },
        );
      },
    );
  }

  app.get(
    BILL_URL.detail,
    { schema: { params: IdParams, response: { 200: Envelope(BillDetail), ...READ_ERRORS } } },
    async function getBillDetail(request) {
      const member = memberOrNull(request);
      if (!member) throw fail(API_ERROR.notFound, BILL_MSG.billNotFound);
      return ok(await detailOf(app.db, request, member.orgId, request.params.id));
    },
  );

  app.get(
    BILL_URL.accounts,
    {
      schema: {
        response: { 200: Envelope(Type.Array(BillAccount)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function billAccountList(request) {
      const member = memberOrNull(request);
      if (!member) return ok([]);
      // Those who may sign for a bill: the issuing or the endorsing permission.
      await requirePermission(request, ISSUE_PERMISSION).catch(() =>
        requirePermission(request, ENDORSE_PERMISSION),
      );
      return ok(await billAccounts(app.db, member.orgId));
    },
  );

  app.get(
    BILL_URL.counterparties,
    {
      schema: {
        querystring: CounterpartyQuery,
        response: { 200: Envelope(Type.Array(Counterparty)), ...AUTHENTICATED_ERRORS },
      },
    },
    async function getBillCounterparties(request) {
      return ok(memberOrNull(request) ? await counterparties(app.db, request.query.keyword) : []);
    },
  );
};
