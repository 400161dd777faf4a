import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { APPLICATION_KIND, BILL_URL } from '@contract/bills';
import {
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
  RefuseRequest,
} from '@contract/bills-schemas';
import { Envelope, Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PERMISSION, type PermissionPath } from '@contract/permissions';
import type { Db } from '../../db/database';
import { fail } from '../../lib/errors';
import { runCommand } from '../../lib/idempotency';
import { answerList } from '../../lib/list-page';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { notFoundInOrg, memberOrNull, requirePermission, type Member } from '../../lib/tenant';
import {
  applicationFor,
  endorse,
  issueBill,
  refuseApplication,
  requireIssueFunctions,
  requestAcceptance,
  requestReceipt,
  revokeBill,
  signApplication,
  withdrawApplication,
  type CommandContext,
} from './commands';
import { requireFunction } from '../org-function/service';
import { BILL_MSG, ENDORSE_OPERATION, ISSUE_OPERATION } from './messages';
import {
  applicationById,
  applicationPage,
  billDetail,
  counterparties,
  heldPage,
  issuedPage,
  listFilterOf,
  listSortOf,
  packageOrgOf,
} from './queries';
import { amountFenOf, checkTerm, requireBusinessTime } from './rules';

const COMMAND_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
} as const;
const READ_ERRORS = { ...AUTHENTICATED_ERRORS, ...ERRORS.notFound } as const;

const ISSUE_PERMISSION = PERMISSION.issue.path;
const ENDORSE_PERMISSION = PERMISSION.endorse.path;

/** Acceptance and receipt belong to issuing; an endorsement to endorsing. */
const permissionOfKind = (kind: string): PermissionPath =>
  kind === APPLICATION_KIND.endorsement ? ENDORSE_PERMISSION : ISSUE_PERMISSION;

/**
 * The bill ledger's calls. Every read and write goes through the caller's organisation: a bill or an
 * application it is not party to answers the same 404 as a missing one. Every command needs the permission
 * of its domain, runs within business hours, in one transaction, once per Idempotency-Key.
 */
export const billRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  const context = (trx: Db, member: Member): CommandContext => ({
    trx,
    now: app.now(),
    actor: { orgId: member.orgId, userId: member.userId },
    realtime: app.realtime,
  });

  async function detailOf(db: Db, request: FastifyRequest, orgId: string, id: string): Promise<BillDetail> {
    const detail = await billDetail(db, orgId, id, app.now());
    if (!detail) {
      throw notFoundInOrg(request, 'bill', await packageOrgOf(app.db, id), BILL_MSG.billNotFound);
    }
    return detail;
  }

  // ---- issue registration

  /** Before the verification guard: nobody is asked for a code for a bill that cannot be issued. */
  async function checkIssue(request: FastifyRequest<{ Body: IssueRequest }>): Promise<void> {
    const member = await requirePermission(request, ISSUE_PERMISSION);
    await requireIssueFunctions(app.db, member.orgId, request.body.acceptorOrgId);
    await requireBusinessTime(app.config, app.db, app.now());
    amountFenOf(request.body.amount);
    checkTerm(request.body.issueDate, request.body.dueDate, app.now());
  }

  app.post(
    BILL_URL.issue,
    {
      config: {
        idempotent: true,
        verification: { kind: 'qr-or-sms', operation: ISSUE_OPERATION },
      },
      preHandler: checkIssue,
      schema: { body: IssueRequest, response: { 201: Envelope(BillDetail), ...COMMAND_ERRORS } },
    },
    async function postBillIssue(request, reply) {
      const member = await requirePermission(request, ISSUE_PERMISSION);
      const body = request.body;
      return runCommand(request, reply, async (trx) => {
        const ctx = context(trx, member);
        await requireBusinessTime(app.config, trx, ctx.now);
        const term = checkTerm(body.issueDate, body.dueDate, ctx.now);
        const pkg = await issueBill(ctx, {
          acceptorOrgId: body.acceptorOrgId,
          payeeOrgId: body.payeeOrgId,
          amountFen: amountFenOf(body.amount),
          issueDate: term.issue,
          dueDate: term.due,
          noTransfer: body.noTransfer,
          splittable: body.splittable,
          remark: body.remark?.trim() ?? '',
        });
        const detail = await detailOf(trx, request, member.orgId, pkg.id);
        return { statusCode: 201, body: { code: 201, msg: BILL_MSG.issued, data: detail } };
      });
    },
  );

  for (const [path, command, msg] of [
    [BILL_URL.acceptance, requestAcceptance, BILL_MSG.applied],
    [BILL_URL.delivery, requestReceipt, BILL_MSG.applied],
    [BILL_URL.revoke, revokeBill, BILL_MSG.revoked],
  ] as const) {
    app.post(
      path,
      {
        config: { idempotent: true },
        schema: { params: IdParams, response: { 200: Envelope(BillDetail), ...COMMAND_ERRORS } },
      },
      async function postBillIssuerStep(request, reply) {
        const member = await requirePermission(request, ISSUE_PERMISSION);
        return runCommand(request, reply, async (trx) => {
          const ctx = context(trx, member);
          await requireBusinessTime(app.config, trx, ctx.now);
          await command(ctx, request.params.id);
          return {
            statusCode: 200,
            body: ok(await detailOf(trx, request, member.orgId, request.params.id), msg),
          };
        });
      },
    );
  }

  // ---- endorsement

  async function checkEndorse(request: FastifyRequest<{ Body: EndorseRequest }>): Promise<void> {
    const member = await requirePermission(request, ENDORSE_PERMISSION);
    await requireFunction(app.db, member.orgId, 'BILL_ENDORSE');
    await requireBusinessTime(app.config, app.db, app.now());
    amountFenOf(request.body.amount);
    const holding = await app.db
      .selectFrom('bill_holdings')
      .select(['org_id', 'package_id'])
      .where('id', '=', request.body.holdingId)
      .executeTakeFirst();
    if (holding?.org_id !== member.orgId)
      throw notFoundInOrg(request, 'bill_holding', holding?.org_id, BILL_MSG.holdingNotFound);
  }

  app.post(
    BILL_URL.endorse,
    {
      config: {
        idempotent: true,
        verification: { kind: 'qr-or-sms', operation: ENDORSE_OPERATION },
      },
      preHandler: checkEndorse,
      schema: { body: EndorseRequest, response: { 201: Envelope(BillApplication), ...COMMAND_ERRORS } },
    },
    async function postBillEndorse(request, reply) {
      const member = await requirePermission(request, ENDORSE_PERMISSION);
      const body = request.body;
      return runCommand(request, reply, async (trx) => {
        const ctx = context(trx, member);
        await requireBusinessTime(app.config, trx, ctx.now);
        const application = await endorse(ctx, {
          holdingId: body.holdingId,
          endorseeOrgId: body.endorseeOrgId,
          amountFen: amountFenOf(body.amount),
          remark: body.remark?.trim() ?? '',
        });
        const view = await applicationById(trx, application.id);
        return { statusCode: 201, body: { code: 201, msg: BILL_MSG.applied, data: view } };
      });
    },
  );

  // ---- answers

  /** The permission of the application's kind; an application the caller is not party to answers 404. */
  async function memberFor(request: FastifyRequest, id: string): Promise<Member> {
    const member = memberOrNull(request);
    if (!member) throw fail(API_ERROR.notFound, BILL_MSG.applicationNotFound);
    const application = await applicationFor(app.db, member.orgId, id);
    return requirePermission(request, permissionOfKind(application.kind));
  }

  const answers = [
    [BILL_URL.sign, (ctx: CommandContext, id: string) => signApplication(ctx, id), BILL_MSG.signed],
    [
      BILL_URL.withdraw,
      (ctx: CommandContext, id: string) => withdrawApplication(ctx, id),
      BILL_MSG.withdrawn,
    ],
  ] as const;
  for (const [path, command, msg] of answers) {
    app.post(
      path,
      {
        config: { idempotent: true },
        schema: { params: IdParams, response: { 200: Envelope(BillApplication), ...COMMAND_ERRORS } },
      },
      async function postBillApplicationAnswer(request, reply) {
        const member = await memberFor(request, request.params.id);
        return runCommand(request, reply, async (trx) => {
          const ctx = context(trx, member);
          await requireBusinessTime(app.config, trx, ctx.now);
          await command(ctx, request.params.id);
          return { statusCode: 200, body: ok(await applicationById(trx, request.params.id), msg) };
        });
      },
    );
  }

  app.post(
    BILL_URL.refuse,
    {
      config: { idempotent: true },
      schema: {
        params: IdParams,
        body: RefuseRequest,
        response: { 200: Envelope(BillApplication), ...COMMAND_ERRORS },
      },
    },
    async function postBillRefuse(request, reply) {
      const member = await memberFor(request, request.params.id);
      const reason = request.body.reason.trim();
      if (!reason) throw fail(API_ERROR.badRequest, BILL_MSG.reasonRequired);
      return runCommand(request, reply, async (trx) => {
        const ctx = context(trx, member);
        await requireBusinessTime(app.config, trx, ctx.now);
        await refuseApplication(ctx, request.params.id, reason);
        return { statusCode: 200, body: ok(await applicationById(trx, request.params.id), BILL_MSG.refused) };
      });
    },
  );

  // ---- reads

  app.get(
    BILL_URL.held,
    {
      schema: {
        querystring: BillListQuery,
        response: { 200: Envelope(Page(Holding)), ...AUTHENTICATED_ERRORS },
      },
    },
    async function getBillHeld(request) {
      const filter = listFilterOf(request.query, 'bill');
      const sort = listSortOf(request.query.sort);
      return answerList(request, (member, page) =>
        heldPage(app.db, member.orgId, filter, sort, page, app.now()),
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
      return answerList(request, (member, page) =>
        issuedPage(app.db, member.orgId, filter, sort, page, app.now()),
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
        return answerList(request, (member, page) =>
          applicationPage(app.db, member.orgId, side, filter, sort, page, app.now()),
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
