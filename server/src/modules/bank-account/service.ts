import { BANK_VERIFICATION_PURPOSE, BANK_VERIFICATION_STATUS as STATUS } from '@contract/bank-account';
import type { BankVerification } from '@contract/bank-account-schemas';
import { API_ERROR, API_ERROR_STATUS, type ApiErrorCode } from '@contract/errors';
import type { ApiError } from '@contract/envelope-schemas';
import type { BankTransferGateway } from '../../adapters/bank-transfer/gateway';
import type { Db } from '../../db/database';
import { newId } from '../../lib/hash';
import type { CommandAnswer } from '../../lib/idempotency';
import { type PageRequest, listedPage } from '../../lib/paging';
import { accountByNumber, lockBankAccounts, type AccountFields } from './accounts';
import { BANK_MSG } from './messages';
import {
  checkTransferAmount,
  requestTransfer,
  verificationOf,
  type CheckOutcome,
  type VerificationRow,
} from './transfers';

/**
 * What other modules may use of banks: the settlement account for the bill ledger, and the small-amount
 * transfer mechanism that organisation authentication runs on the organisation's corporate account.
 */

export { validatedAccount, type AccountFields } from './accounts';
export { branchByNo } from './directory';
export { BANK_MSG } from './messages';
export type { CheckOutcome, VerificationRow } from './transfers';

/** The settlement account as a bill needs it: where the money of the organisation's bills is paid. */
export interface SettlementAccount {
  id: string;
  accountNo: string;
  accountName: string;
  branchNo: string;
  branchName: string;
  bankName: string;
}

/**
 * The organisation's default settlement account, if it is verified; null otherwise (none chosen, or the chosen
 * one was edited and not verified again, which also clears the choice). Bills that pay or receive money
 * (issue, discount, payment) call this and refuse to proceed on null. One indexed read.
 */
export async function verifiedSettlementAccountOf(db: Db, orgId: string): Promise<SettlementAccount | null> {
  return settlementAccount(db, orgId, null);
}

/**
 * A verified account of the organisation that it names (a bill signed into that account); null when it has
 * no verified account of that id. Another organisation's account answers null like a missing one.
 */
export async function verifiedAccountOf(
  db: Db,
  orgId: string,
  accountId: string,
): Promise<SettlementAccount | null> {
  return settlementAccount(db, orgId, accountId);
}

async function settlementAccount(
  db: Db,
  orgId: string,
  accountId: string | null,
): Promise<SettlementAccount | null> {
  let query = db
    .selectFrom('bank_accounts')
    .select(['id', 'account_no', 'account_name', 'branch_no', 'branch_name', 'bank_name'])
    .where('org_id', '=', orgId)
    .where('verified', '=', 1);
  query = accountId === null ? query.where('is_default', '=', 1) : query.where('id', '=', accountId);
  const row = await query.executeTakeFirst();
  if (!row) return null;
  return {
    id: row.id,
    accountNo: row.account_no,
    accountName: row.account_name,
    branchNo: row.branch_no,
    branchName: row.branch_name,
    bankName: row.bank_name,
  };
}

export interface OrgAuthTransferRequest {
  orgId: string;
  userId: string;
  fields: AccountFields;
  now: number;
}

/**
 * Organisation authentication by transfer: the corporate account becomes (or already is) one of the
 * organisation's accounts, and a transfer of purpose ORG_AUTH is ordered into it. A known number whose branch
 * changed is updated and loses its verification, as an edit does. Within a command's transaction.
 */
export async function requestOrgAuthTransfer(
  trx: Db,
  gateway: BankTransferGateway,
  { orgId, userId, fields, now }: OrgAuthTransferRequest,
): Promise<BankVerification> {
  await lockBankAccounts(trx, orgId);
  let account = await accountByNumber(trx, orgId, fields.account_no);
  if (!account) {
    account = {
      id: newId(),
      org_id: orgId,
      ...fields,
      verified: 0,
      verified_at: null,
      is_default: 0,
      created_by: userId,
      created_at: now,
      updated_at: now,
    };
    await trx.insertInto('bank_accounts').values(account).execute();
  } else if (account.branch_no !== fields.branch_no) {
    const changes = { ...fields, verified: 0, verified_at: null, is_default: 0, updated_at: now };
    await trx.updateTable('bank_accounts').set(changes).where('id', '=', account.id).execute();
    account = { ...account, ...changes };
  }
  const row = await requestTransfer(trx, gateway, {
    account,
    purpose: BANK_VERIFICATION_PURPOSE.orgAuth,
    userId,
    now,
  });
  return verificationOf(row, now);
}

const orgAuthTransfers = (db: Db, orgId: string) =>
  db
    .selectFrom('bank_verifications')
    .where('org_id', '=', orgId)
    .where('purpose', '=', BANK_VERIFICATION_PURPOSE.orgAuth);

/** One authentication transfer of the organisation; undefined for another organisation's or a missing one. */
export async function orgAuthTransferOf(
  db: Db,
  orgId: string,
  id: string,
): Promise<VerificationRow | undefined> {
  return orgAuthTransfers(db, orgId).selectAll().where('id', '=', id).executeTakeFirst();
}

/** The organisation of any verification with this id (for the security log). */
export async function verificationOrgOf(db: Db, id: string): Promise<string | undefined> {
  const row = await db
    .selectFrom('bank_verifications')
    .select('org_id')
    .where('id', '=', id)
    .executeTakeFirst();
  return row?.org_id;
}

/** The authentication transfers of the organisation, newest first. */
export async function orgAuthTransferPage(
  db: Db,
  orgId: string,
  page: PageRequest,
  now: number,
): Promise<{ items: BankVerification[]; total: number }> {
  const { rows, total } = await listedPage(
    orgAuthTransfers(db, orgId),
    (query) => query.selectAll().orderBy('created_at', 'desc').orderBy('id', 'desc'),
    page,
  );
  return { total, items: rows.map((row) => verificationOf(row, now)) };
}

/** The newest authentication transfer, and whether one ever succeeded. */
export async function orgAuthTransferSummary(
  db: Db,
  orgId: string,
  now: number,
): Promise<{ latest: BankVerification | null; verified: boolean }> {
  const latest = await orgAuthTransfers(db, orgId)
    .selectAll()
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  const verified = await orgAuthTransfers(db, orgId)
    .select('id')
    .where('status', '=', STATUS.verified)
    .executeTakeFirst();
  return { latest: latest ? verificationOf(latest, now) : null, verified: verified !== undefined };
}

/** Checks an authentication transfer's amount (the same rules as an account's); see checkTransferAmount. */
export async function checkOrgAuthTransfer(
  trx: Db,
  gateway: BankTransferGateway,
  orgId: string,
  row: VerificationRow,
  amountFen: number,
  now: number,
): Promise<CheckOutcome> {
  await lockBankAccounts(trx, orgId);
  return checkTransferAmount(trx, gateway, row, amountFen, now);
}

const refusal = (code: ApiErrorCode, msg: string): CommandAnswer<ApiError> => ({
  statusCode: API_ERROR_STATUS[code],
  body: { code, msg },
});

/**
 * The answer to an amount check that did not verify, or null when it did. Returned from the command rather than
 * thrown, so what the check wrote (a wrong amount counted, a failure, an expiry) commits.
 */
export function refusalOf(outcome: CheckOutcome): CommandAnswer<ApiError> | null {
  switch (outcome.kind) {
    case 'verified':
      return null;
    case 'wrong':
      return refusal(API_ERROR.amountMismatch, BANK_MSG.amountMismatch(outcome.triesLeft));
    case 'failed':
      return refusal(API_ERROR.verificationFailed, BANK_MSG.failed);
    case 'not_arrived':
      return refusal(API_ERROR.transferNotArrived, BANK_MSG.notArrived);
    case 'closed':
      if (outcome.status === STATUS.verified)
        return refusal(API_ERROR.verificationClosed, BANK_MSG.accountVerified);
      if (outcome.status === STATUS.expired) return refusal(API_ERROR.verificationClosed, BANK_MSG.expired);
      if (outcome.status === STATUS.failed) return refusal(API_ERROR.verificationClosed, BANK_MSG.failed);
      return refusal(API_ERROR.verificationClosed, BANK_MSG.noOpenVerification);
  }
}
