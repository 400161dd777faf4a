import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { BANK_URL } from '@contract/bank-account';
import type { BankAccount, BankAccountRequest, SandboxBankTransfer } from '@contract/bank-account-schemas';
import { SMS_RESEND_COUNTDOWN_SECONDS } from '@contract/constants';
import { DEMO_ORGS } from '../../src/db/seed';
import { fenToYuan, yuanToFen } from '../../src/lib/money';
import { freshLoopbackIp } from './captcha-helpers';
import { bearer } from './helpers';
import { latestCode, sendSms, withCode } from './verification-helpers';

/** A branch of the directory in Hangzhou and one in Shanghai. */
export const BRANCH_HZ = '104331000010';
export const BRANCH_HZ_NAME = '中国银行股份有限公司杭州中大支行';
export const BRANCH_SH = '310290000030';

export const accountFor = (
  org: keyof typeof DEMO_ORGS,
  accountNo: string,
  branchNo: string = BRANCH_HZ,
): BankAccountRequest => ({ accountName: DEMO_ORGS[org].name, accountNo, branchNo });

type Method = 'GET' | 'POST' | 'PUT';

/** A signed-in call with a JSON body or a query. */
export function call(
  app: FastifyInstance,
  method: Method,
  url: string,
  accessToken: string,
  options: { payload?: object; query?: Record<string, string>; headers?: Record<string, string> } = {},
): Promise<LightMyRequestResponse> {
  return app.inject({
    method,
    url,
    headers: { ...bearer(accessToken), ...options.headers },
    ...(options.payload ? { payload: options.payload } : {}),
    ...(options.query ? { query: options.query } : {}),
  });
}

export const addAccount = (app: FastifyInstance, accessToken: string, body: object) =>
  call(app, 'POST', BANK_URL.account, accessToken, { payload: body });

/** Adds an account that must be accepted; its answer. */
export async function addedAccount(
  app: FastifyInstance,
  accessToken: string,
  body: BankAccountRequest,
): Promise<BankAccount> {
  const response = await addAccount(app, accessToken, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: BankAccount }>().data;
}

export const checkAmount = (app: FastifyInstance, accessToken: string, id: string, amount: string) =>
  call(app, 'PUT', BANK_URL.amountCheck, accessToken, { payload: { id, amount } });

export async function accountList(app: FastifyInstance, accessToken: string): Promise<BankAccount[]> {
  const response = await call(app, 'GET', `${BANK_URL.accountList}?page=0&size=100`, accessToken);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: { content: BankAccount[] } }>().data.content;
}

/** The sandbox bank's statement of one account, newest first, read like the sandbox page reads it. */
export async function statementOf(app: FastifyInstance, accountNo: string): Promise<SandboxBankTransfer[]> {
  const response = await app.inject({
    method: 'GET',
    url: BANK_URL.sandboxStatement,
    query: { accountNo },
    remoteAddress: freshLoopbackIp(),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: SandboxBankTransfer[] }>().data;
}

/** The amount of the newest transfer that reached the account, as the holder reads it. */
export async function paidAmount(app: FastifyInstance, accountNo: string): Promise<string> {
  const [newest] = await statementOf(app, accountNo);
  if (!newest) throw new Error(`no transfer reached ${accountNo}`);
  return newest.amount;
}

/** A yuan amount under one yuan that is not `amount`. */
export const wrongAmount = (amount: string, offset = 1): string => {
  const fen = yuanToFen(amount) ?? 0;
  const other = ((fen - 1 + offset) % 99) + 1;
  return fenToYuan(other);
};

export const errorOf = (response: LightMyRequestResponse) => response.json<{ code: string; msg: string }>();

export const bind = (
  app: FastifyInstance,
  accessToken: string,
  id: string,
  headers: Record<string, string> = {},
) => call(app, 'POST', BANK_URL.bindSettlement, accessToken, { payload: { id }, headers });

/**
 * Binds the account as the settlement account the way the SPA does: the 406, an SMS code sent to the signed-in
 * mobile, the same request again with the code. The clock moves past the SMS resend interval first.
 */
export async function bindWithSms(
  t: { app: FastifyInstance; clock: { advance: (ms: number) => void } },
  mobile: string,
  accessToken: string,
  id: string,
): Promise<LightMyRequestResponse> {
  t.clock.advance(SMS_RESEND_COUNTDOWN_SECONDS * 1000);
  const asked = await bind(t.app, accessToken, id);
  expect(asked.statusCode, asked.body).toBe(406);
  const sent = await sendSms(t.app, mobile, { accessToken });
  expect(sent.statusCode, sent.body).toBe(200);
  return bind(t.app, accessToken, id, withCode(await latestCode(t.app, mobile)));
}
