import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import {
  BANK_VERIFICATION_PURPOSE,
  emptyBankPage,
  normalizeAccountNo,
  TRANSFER_AMOUNT_MAX_FEN,
  TRANSFER_AMOUNT_MIN_FEN,
  BANK_URL,
} from '@contract/bank-account';
import {
  AmountCheckRequest,
  BankAccount,
  BankAccountRequest,
  BankAccountUpdate,
  BankBranch,
  BankSearchRequest,
  BindSettlementRequest,
  SandboxBankTransfer,
  SandboxStatementQuery,
} from '@contract/bank-account-schemas';
import { Envelope, Page, PageQuery, type ApiError } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PERMISSION } from '@contract/permissions';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { runCommand } from '../../lib/idempotency';
import { hitSandboxLimit } from '../../lib/ip-limit';
import { answerList } from '../../lib/list-page';
import { MSG } from '../../lib/messages';
import { fenToYuan, yuanToFen } from '../../lib/money';
import { pageOf, pageRequest } from '../../lib/paging';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { isoTime } from '../../lib/shanghai-time';
import { notFoundInOrg, memberOrNull, requirePermission, type Member } from '../../lib/tenant';
import {
  accountByNumber,
  accountInOrg,
  accountOrgOf,
  accountPage,
  accountView,
  latestVerifications,
  lockBankAccounts,
  validatedAccount,
  type AccountFields,
} from './accounts';
import { branchCriteriaOf, branchSortOf, regionOfOrg, searchBranches } from './directory';
import { BANK_MSG, BIND_SETTLEMENT_OPERATION } from './messages';
import { refusalOf } from './service';
import { checkTransferAmount, isOpen, requestTransfer, type AccountRow } from './transfers';

const BANK_ACCOUNT_PERMISSION = PERMISSION.bankAccount.path;
const AccountAnswer = Envelope(BankAccount);
const COMMAND_ERRORS = {
  ...AUTHENTICATED_ERRORS,
  ...ERRORS.forbidden,
  ...ERRORS.notFound,
  ...ERRORS.conflict,
  ...ERRORS.tooMany,
} as const;

type Db = FastifyRequest['server']['db'];
/** An amount check answers the account, or a refusal it commits (a wrong amount counts). */
type CheckAnswer = ReturnType<typeof ok<BankAccount>> | ApiError;

/** The caller's account of that id, or the same 404 as a missing one (logged when it is another's). */
async function ownAccount(request: FastifyRequest, db: Db, member: Member, id: string): Promise<AccountRow> {
  const row = await accountInOrg(db, member.orgId, id);
  if (row) return row;
  throw notFoundInOrg(
    request,
    'bank_account',
    await accountOrgOf(request.server.db, id),
    BANK_MSG.accountNotFound,
  );
}

/** Refuses a second account of the same number in the organisation (other than `exceptId`). */
async function refuseDuplicate(db: Db, orgId: string, accountNo: string, exceptId?: string): Promise<void> {
  const existing = await accountByNumber(db, orgId, accountNo);
  if (existing && existing.id !== exceptId) {
    throw fail(API_ERROR.bankAccountExists, BANK_MSG.accountExists);
  }
}

const changed = (row: AccountRow, fields: AccountFields) =>
  row.account_no !== fields.account_no ||
  row.branch_no !== fields.branch_no ||
  row.account_name !== fields.account_name;

/**
 * The branch directory's search and the organisation's bank accounts (spec section 7, bank accounts). Every
 * account call reads and writes only the caller's organisation; changing one needs the owner or the
 * bank-account permission, and so does reading them (account numbers are the organisation's business).
 */
export const bankAccountRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.post(
    BANK_URL.branchPage,
    {
      schema: {
        querystring: PageQuery,
        body: BankSearchRequest,
        response: { 200: Envelope(Page(BankBranch)), ...AUTHENTICATED_ERRORS },
      },
    },
    async function postBankBranchPage(request) {
      const criteria = branchCriteriaOf(request.body);
      // Spec section 5: no criterion, no query.
      if (!criteria) return ok(emptyBankPage());
      const page = pageRequest(request.query);
      // The default order puts the caller's city and province first; a sort asked for orders the whole.
      const orgId = memberOrNull(request)?.orgId;
      const near = orgId && !request.query.sort?.trim() ? await regionOfOrg(app.db, orgId) : null;
      const found = await searchBranches(app.db, criteria, branchSortOf(request.query.sort), page, near);
      // The index keeps each search's answer (the directory does not change while the server runs).
      return ok(pageOf([...found.items], found.total, page));
    },
  );

  app.get(
    BANK_URL.accountList,
    {
      schema: {
        querystring: PageQuery,
        response: { 200: Envelope(Page(BankAccount)), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getBankAccountList(request) {
      return answerList(request, (member, page) => accountPage(app.db, member.orgId, page, app.now()), {
        readBy: { permission: BANK_ACCOUNT_PERMISSION },
      });
    },
  );

  app.post(
    BANK_URL.account,
    {
      config: { idempotent: true },
      schema: { body: BankAccountRequest, response: { 201: AccountAnswer, ...COMMAND_ERRORS } },
    },
    async function postBankAccount(request, reply) {
      const member = await requirePermission(request, BANK_ACCOUNT_PERMISSION);
      const fields = await validatedAccount(app.db, member.orgId, request.body);
      const now = app.now();
      return runCommand(request, reply, async (trx) => {
        await lockBankAccounts(trx, member.orgId);
        await refuseDuplicate(trx, member.orgId, fields.account_no);
        const account: AccountRow = {
          id: newId(),
          org_id: member.orgId,
          ...fields,
          verified: 0,
          verified_at: null,
          is_default: 0,
          created_by: member.userId,
          created_at: now,
          updated_at: now,
        };
        await trx.insertInto('bank_accounts').values(account).execute();
        await requestTransfer(trx, app.adapters.bankTransfer, {
          account,
          purpose: BANK_VERIFICATION_PURPOSE.account,
          userId: member.userId,
          now,
        });
        const view = await accountView(trx, member.orgId, account.id, now);
        return { statusCode: 201, body: { code: 201, msg: BANK_MSG.created, data: view } };
      });
    },
  );

  app.put(
    BANK_URL.account,
    {
      config: { idempotent: true },
      schema: { body: BankAccountUpdate, response: { 200: AccountAnswer, ...COMMAND_ERRORS } },
    },
    async function putBankAccount(request, reply) {
      const member = await requirePermission(request, BANK_ACCOUNT_PERMISSION);
      const current = await ownAccount(request, app.db, member, request.body.id);
      const fields = await validatedAccount(app.db, member.orgId, request.body);
      const now = app.now();
      return runCommand(request, reply, async (trx) => {
        await lockBankAccounts(trx, member.orgId);
        const row = await accountInOrg(trx, member.orgId, current.id);
        if (!row) throw fail(API_ERROR.notFound, BANK_MSG.accountNotFound);
        await refuseDuplicate(trx, member.orgId, fields.account_no, row.id);
        let requestNew = false;
        if (changed(row, fields)) {
          // An edited account is another account as far as the bank knows: verified again, chosen again.
          await trx
            .updateTable('bank_accounts')
            .set({ ...fields, verified: 0, verified_at: null, is_default: 0, updated_at: now })
            .where('id', '=', row.id)
            .execute();
          requestNew = true;
        } else if (row.verified === 0) {
          // Saving an unverified account unchanged asks for a new transfer when the last one has ended.
          const latest = (await latestVerifications(trx, [row.id])).get(row.id);
          requestNew = !latest || !isOpen(latest, now);
        }
        if (requestNew) {
          await requestTransfer(trx, app.adapters.bankTransfer, {
            account: { ...row, ...fields },
            purpose: BANK_VERIFICATION_PURPOSE.account,
            userId: member.userId,
            now,
          });
        }
        const view = await accountView(trx, member.orgId, row.id, now);
        return {
          statusCode: 200,
          body: ok(view, requestNew ? BANK_MSG.transferRequested : BANK_MSG.updated),
        };
      });
    },
  );

  app.put(
    BANK_URL.amountCheck,
    {
      config: { idempotent: true },
      schema: { body: AmountCheckRequest, response: { 200: AccountAnswer, ...COMMAND_ERRORS } },
    },
    async function putBankAmountCheck(request, reply) {
      const member = await requirePermission(request, BANK_ACCOUNT_PERMISSION);
      const amountFen = yuanToFen(request.body.amount);
      if (amountFen === null || amountFen < TRANSFER_AMOUNT_MIN_FEN || amountFen > TRANSFER_AMOUNT_MAX_FEN) {
        throw fail(API_ERROR.amountInvalid, BANK_MSG.amountInvalid);
      }
      const account = await ownAccount(request, app.db, member, request.body.id);
      const now = app.now();
      return runCommand<CheckAnswer>(request, reply, async (trx) => {
        await lockBankAccounts(trx, member.orgId);
        const open = await trx
          .selectFrom('bank_verifications')
          .selectAll()
          .where('account_id', '=', account.id)
          .where('purpose', '=', BANK_VERIFICATION_PURPOSE.account)
          .where('closed_at', 'is', null)
          .executeTakeFirst();
        if (!open) {
          const msg = account.verified === 1 ? BANK_MSG.accountVerified : BANK_MSG.noOpenVerification;
          throw fail(API_ERROR.verificationClosed, msg);
        }
        const outcome = await checkTransferAmount(trx, app.adapters.bankTransfer, open, amountFen, now);
        const refused = refusalOf(outcome);
        if (refused) return refused;
        const view = await accountView(trx, member.orgId, account.id, now);
        return { statusCode: 200, body: ok(view, BANK_MSG.verified) };
      });
    },
  );

  /** Before the SMS guard: nobody is asked for a code for an account that cannot be bound. */
  async function refuseUnbindable(request: FastifyRequest<{ Body: { id: string } }>): Promise<void> {
    const member = await requirePermission(request, BANK_ACCOUNT_PERMISSION);
    const account = await ownAccount(request, app.db, member, request.body.id);
    if (account.verified !== 1) {
      throw fail(API_ERROR.bankAccountNotVerified, BANK_MSG.accountNotVerified);
    }
  }

  app.post(
    BANK_URL.bindSettlement,
    {
      config: { idempotent: true, verification: { kind: 'sms', operation: BIND_SETTLEMENT_OPERATION } },
      preHandler: refuseUnbindable,
      schema: { body: BindSettlementRequest, response: { 200: AccountAnswer, ...COMMAND_ERRORS } },
    },
    async function postBankBindSettlement(request, reply) {
      const member = await requirePermission(request, BANK_ACCOUNT_PERMISSION);
      const now = app.now();
      return runCommand(request, reply, async (trx) => {
        await lockBankAccounts(trx, member.orgId);
        const row = await accountInOrg(trx, member.orgId, request.body.id);
        if (!row) throw fail(API_ERROR.notFound, BANK_MSG.accountNotFound);
        if (row.verified !== 1) {
          throw fail(API_ERROR.bankAccountNotVerified, BANK_MSG.accountNotVerified);
        }
        await trx
          .updateTable('bank_accounts')
          .set({ is_default: 0, updated_at: now })
          .where('org_id', '=', member.orgId)
          .where('is_default', '=', 1)
          .where('id', '!=', row.id)
          .execute();
        await trx
          .updateTable('bank_accounts')
          .set({ is_default: 1, updated_at: now })
          .where('id', '=', row.id)
          .execute();
        const view = await accountView(trx, member.orgId, row.id, now);
        return { statusCode: 200, body: ok(view, BANK_MSG.bound) };
      });
    },
  );
};

/** Rows the sandbox statement shows. */
export const SANDBOX_STATEMENT_LIMIT = 50;

/**
 * `GET /api/sandbox/bank/statement`: the sandbox bank's statement, the transfers that reached an account (all
 * accounts without `accountNo`), newest first, with amount and remark, as the holder reads it at their bank. No sign-in:
 * the bank is someone else's. Registered with the other sandbox routes (only when the sandbox is on).
 */
export const bankSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', async (request) => {
    const retryAfter = await hitSandboxLimit(request, 'sandbox-bank');
    if (retryAfter !== null) {
      throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, {
        'Retry-After': String(retryAfter),
      });
    }
  });

  app.get(
    BANK_URL.sandboxStatement,
    {
      schema: {
        querystring: SandboxStatementQuery,
        response: { 200: Envelope(Type.Array(SandboxBankTransfer)), ...ERRORS.badRequest, ...ERRORS.tooMany },
      },
    },
    async function getBankSandboxStatement(request) {
      const now = app.now();
      let query = app.db
        .selectFrom('sandbox_bank_transfers')
        .selectAll()
        // A statement shows what reached the account: not a refused transfer, nor one still on its way.
        .where('refused', '=', 0)
        .where('arrives_at', '<=', now)
        .orderBy('arrives_at', 'desc')
        .orderBy('id', 'desc')
        .limit(SANDBOX_STATEMENT_LIMIT);
      const accountNo = normalizeAccountNo(request.query.accountNo ?? '');
      if (accountNo) query = query.where('account_no', '=', accountNo);
      const rows = await query.execute();
      logSecurityEvent(request, SECURITY_EVENT.sandboxStatementRead, {
        reason: accountNo ? 'one_account' : 'all_accounts',
        ...(accountNo ? { bankAccountNo: accountNo } : {}),
      });
      return ok(
        rows.map((row): SandboxBankTransfer => ({
          id: row.id,
          accountNo: row.account_no,
          accountName: row.account_name,
          bankName: row.bank_name,
          branchName: row.branch_name,
          amount: fenToYuan(row.amount_fen),
          remark: row.remark,
          payerName: row.payer_name,
          arrivedAt: isoTime(Number(row.arrives_at)),
        })),
      );
    },
  );
};
