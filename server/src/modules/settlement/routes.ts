import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { normalizeAccountNo } from '@contract/bank-account';
import { Envelope } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { PERMISSION } from '@contract/permissions';
import { SANDBOX_DEPOSIT_MAX_FEN, SETTLEMENT_URL } from '@contract/settlement';
import {
  SandboxDepositRequest,
  SandboxSettlementQuery,
  SettlementStatement,
  StatementQuery,
  type StatementLine,
} from '@contract/settlement-schemas';
import type { Statement } from '../../adapters/settlement/gateway';
import { SandboxSettlementGateway } from '../../adapters/settlement/sandbox';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { hitSandboxLimit } from '../../lib/ip-limit';
import { MSG } from '../../lib/messages';
import { fenToYuan, yuanToFen } from '../../lib/money';
import { pageOf, pageRequest, type PageRequest } from '../../lib/paging';
import { AUTHENTICATED_ERRORS, ERRORS, ok } from '../../lib/responses';
import { logSecurityEvent, SECURITY_EVENT } from '../../lib/security-log';
import { isoTime } from '../../lib/shanghai-time';
import { requirePermission } from '../../lib/tenant';
import { accountOwnerOf, settlementAccountOf, type SettlementAccountRef } from './accounts';
import { SETTLEMENT_MSG } from './messages';

const BANK_ACCOUNT_PERMISSION = PERMISSION.bankAccount.path;

function statementView(
  account: SettlementAccountRef | null,
  statement: Statement,
  paging: PageRequest,
): SettlementStatement {
  return {
    account: account && {
      accountNo: account.accountNo,
      accountName: account.accountName,
      bankName: account.bankName,
      branchName: account.branchName,
    },
    balance: fenToYuan(statement.balanceFen),
    lines: pageOf(
      statement.lines.map((line): StatementLine => ({
        id: line.id,
        at: isoTime(line.at),
        direction: line.direction,
        amount: fenToYuan(line.amountFen),
        balanceAfter: fenToYuan(line.balanceAfterFen),
        counterpartyName: line.counterpartyName,
        counterpartyAccountNo: line.counterpartyAccountNo,
        remark: line.remark,
      })),
      statement.total,
      paging,
    ),
  };
}

const EMPTY_STATEMENT: Statement = { balanceFen: 0, lines: [], total: 0 };

/**
 * `GET /api/organization/bank/account/statement`: the caller's organisation's default settlement account at
 * its bank, its balance and lines newest first, asked of the payment provider. The balance is the company's
 * money, so only the owner or a member granted 银行账户 reads it.
 */
export const settlementRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', app.authenticate);

  app.get(
    SETTLEMENT_URL.statement,
    {
      schema: {
        querystring: StatementQuery,
        response: { 200: Envelope(SettlementStatement), ...AUTHENTICATED_ERRORS, ...ERRORS.forbidden },
      },
    },
    async function getSettlementStatement(request) {
      const member = await requirePermission(request, BANK_ACCOUNT_PERMISSION);
      const paging = pageRequest(request.query);
      const account = await settlementAccountOf(app.db, member.orgId);
      const statement = account
        ? await app.adapters.settlement.statement(account.accountNo, paging, app.db)
        : EMPTY_STATEMENT;
      return ok(statementView(account, statement, paging));
    },
  );
};

/**
 * The sandbox bank's own calls (registered with the other sandbox routes, so only when the sandbox is on):
 * any account's statement, as the bank's back office sees it, and a deposit into an account the platform
 * knows, for trying a payment that needs money. No sign-in: the bank is someone else's.
 */
export const settlementSandboxRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', async (request) => {
    const retryAfter = await hitSandboxLimit(request, 'sandbox-settlement');
    if (retryAfter !== null) {
      throw fail(API_ERROR.rateLimited, MSG.tooManyRequests, { 'Retry-After': String(retryAfter) });
    }
  });
  const bank = () => {
    const settlement = app.adapters.settlement;
    if (!(settlement instanceof SandboxSettlementGateway)) throw fail(API_ERROR.notFound, MSG.notFound);
    return settlement;
  };

  app.get(
    SETTLEMENT_URL.sandboxStatement,
    {
      schema: {
        querystring: SandboxSettlementQuery,
        response: {
          200: Envelope(SettlementStatement),
          ...ERRORS.badRequest,
          ...ERRORS.notFound,
          ...ERRORS.tooMany,
        },
      },
    },
    async function getSandboxSettlementStatement(request) {
      const accountNo = normalizeAccountNo(request.query.accountNo);
      const paging = pageRequest(request.query);
      const account = (await accountOwnerOf(app.db, accountNo)) ?? null;
      logSecurityEvent(request, SECURITY_EVENT.sandboxStatementRead, {
        reason: 'settlement_account',
        bankAccountNo: accountNo,
      });
      return ok(statementView(account, await bank().statement(accountNo, paging, app.db), paging));
    },
  );

  app.post(
    SETTLEMENT_URL.sandboxDeposit,
    {
      schema: {
        body: SandboxDepositRequest,
        response: {
          200: Envelope(SettlementStatement),
          ...ERRORS.badRequest,
          ...ERRORS.notFound,
          ...ERRORS.tooMany,
        },
      },
    },
    async function postSandboxSettlementDeposit(request) {
      const amountFen = yuanToFen(request.body.amount);
      if (amountFen === null || amountFen < 1 || amountFen > SANDBOX_DEPOSIT_MAX_FEN) {
        throw fail(API_ERROR.amountInvalid, SETTLEMENT_MSG.depositInvalid);
      }
      const account = await accountOwnerOf(app.db, normalizeAccountNo(request.body.accountNo));
      if (!account) throw fail(API_ERROR.notFound, SETTLEMENT_MSG.accountUnknown);
      const sandbox = bank();
      await app.db
        .transaction()
        .execute((trx) =>
          sandbox.deposit(
            account,
            amountFen,
            { reference: `sandbox-deposit:${newId()}`, remark: SETTLEMENT_MSG.depositRemark },
            trx,
          ),
        );
      const paging = pageRequest({});
      return ok(
        statementView(account, await sandbox.statement(account.accountNo, paging, app.db), paging),
        SETTLEMENT_MSG.deposited,
      );
    },
  );
};
