import { sql, type Selectable } from 'kysely';
import { v7 as timeOrderedId } from 'uuid';
import {
  AMOUNT_ENTRIES,
  BANK_VERIFICATION_STATUS as STATUS,
  TRANSFER_REQUESTS_PER_DAY,
  VERIFICATION_WINDOW_MS,
  WRONG_AMOUNT_LIMIT,
  type BankVerificationPurpose,
  type BankVerificationStatus,
} from '@contract/bank-account';
import type { BankVerification } from '@contract/bank-account-schemas';
import { API_ERROR } from '@contract/errors';
import type { BankTransferGateway } from '../../adapters/bank-transfer/gateway';
import type { Db } from '../../db/database';
import type { BankAccountTable, BankVerificationTable } from '../../db/schema';
import { fail } from '../../lib/errors';
import { countRows } from '../../lib/paging';
import { isoTime, shanghaiDayStart } from '../../lib/shanghai-time';
import { BANK_MSG } from './messages';

/**
 * Small-amount transfer verification (docs/domain.md): a request pays a random amount under one yuan into the
 * account; the organisation proves it holds the account by entering the amount within the window, with at
 * most WRONG_AMOUNT_LIMIT wrong amounts. The table keeps REQUESTED until the verification ends; whether the
 * money has arrived (PAID) or the window has passed (EXPIRED) follows from the clock, so reads never write.
 */

export type VerificationRow = Selectable<BankVerificationTable>;
export type AccountRow = Selectable<BankAccountTable>;

const DAY_MS = 24 * 60 * 60 * 1000;
const OPEN: readonly BankVerificationStatus[] = [STATUS.requested, STATUS.paid];

/** Where a verification stands at `now`. */
export function statusAt(row: VerificationRow, now: number): BankVerificationStatus {
  if (row.closed_at !== null) return row.status as BankVerificationStatus;
  if (now >= Number(row.expires_at)) return STATUS.expired;
  if (row.arrives_at === null) return STATUS.paymentFailed;
  return now >= Number(row.arrives_at) ? STATUS.paid : STATUS.requested;
}

export const isOpen = (row: VerificationRow, now: number) => OPEN.includes(statusAt(row, now));

export function verificationOf(row: VerificationRow, now: number): BankVerification {
  const open = isOpen(row, now);
  return {
    id: row.id,
    purpose: row.purpose as BankVerificationPurpose,
    status: statusAt(row, now),
    accountName: row.account_name,
    accountNo: row.account_no,
    bankName: row.bank_name,
    branchNo: row.branch_no,
    branchName: row.branch_name,
    province: row.province,
    city: row.city,
    triesLeft: open ? Math.max(0, AMOUNT_ENTRIES - Number(row.wrong_count)) : 0,
    requestedAt: isoTime(Number(row.created_at)),
    arrivesAt: row.arrives_at === null ? null : isoTime(Number(row.arrives_at)),
    expiresAt: isoTime(Number(row.expires_at)),
    closedAt: row.closed_at === null ? null : isoTime(Number(row.closed_at)),
  };
}

/** Requests of the organisation since the start of the Shanghai day. */
async function requestsToday(trx: Db, orgId: string, now: number): Promise<number> {
  return countRows(
    trx
      .selectFrom('bank_verifications')
      .where('org_id', '=', orgId)
      .where('created_at', '>=', shanghaiDayStart(now)),
  );
}

export interface TransferRequest {
  account: AccountRow;
  purpose: BankVerificationPurpose;
  userId: string;
  now: number;
}

/**
 * Orders a transfer into the account and records its verification. Within a command's transaction that holds
 * the organisation's bank lock (lockBankAccounts): the daily limit counts requests under it. The account's
 * open verification, if any, ends (EXPIRED): only the newest transfer's amount counts.
 */
export async function requestTransfer(
  trx: Db,
  gateway: BankTransferGateway,
  { account, purpose, userId, now }: TransferRequest,
): Promise<VerificationRow> {
  if ((await requestsToday(trx, account.org_id, now)) >= TRANSFER_REQUESTS_PER_DAY) {
    const retryAfter = Math.ceil((shanghaiDayStart(now) + DAY_MS - now) / 1000);
    throw fail(API_ERROR.transferLimitReached, BANK_MSG.limitReached, {
      'Retry-After': String(Math.max(1, retryAfter)),
    });
  }
  await trx
    .updateTable('bank_verifications')
    .set({ status: STATUS.expired, closed_at: now })
    .where('account_id', '=', account.id)
    .where('closed_at', 'is', null)
    .execute();
  // Time-ordered, so of two requests within one millisecond the later one sorts first (created_at, id).
  const id = timeOrderedId();
  const holder = await trx
    .selectFrom('organizations')
    .select(['name', 'credit_code', 'legal_person'])
    .where('id', '=', account.org_id)
    .executeTakeFirstOrThrow();
  const receipt = await gateway.requestTransfer(
    {
      reference: id,
      holder: { name: holder.name, creditCode: holder.credit_code, legalPerson: holder.legal_person },
      accountName: account.account_name,
      accountNo: account.account_no,
      bankName: account.bank_name,
      branchNo: account.branch_no,
      branchName: account.branch_name,
      province: account.province,
      city: account.city,
    },
    trx,
  );
  const refused = receipt.arrivesAt === null;
  const row: VerificationRow = {
    id,
    org_id: account.org_id,
    account_id: account.id,
    purpose,
    status: refused ? STATUS.paymentFailed : STATUS.requested,
    account_name: account.account_name,
    account_no: account.account_no,
    branch_no: account.branch_no,
    bank_name: account.bank_name,
    branch_name: account.branch_name,
    province: account.province,
    city: account.city,
    transfer_id: receipt.transferId,
    amount_fen: receipt.amountFen ?? 0,
    provider_checks: receipt.amountFen === null ? 1 : 0,
    wrong_count: 0,
    requested_by: userId,
    created_at: now,
    arrives_at: receipt.arrivesAt,
    expires_at: now + VERIFICATION_WINDOW_MS,
    closed_at: refused ? now : null,
  };
  await trx.insertInto('bank_verifications').values(row).execute();
  return row;
}

export type CheckOutcome =
  | { kind: 'verified' }
  /** A wrong amount; `triesLeft` more may be entered. */
  | { kind: 'wrong'; triesLeft: number }
  /** This wrong amount was one too many: the verification failed. */
  | { kind: 'failed' }
  | { kind: 'not_arrived' }
  /** It had already ended (verified, failed, refused, expired, replaced). */
  | { kind: 'closed'; status: BankVerificationStatus };

/**
 * Compares the entered amount (integer fen) with what the bank paid, or asks the provider that kept it.
 * Every write is conditional on the verification still being open, so of two right answers at once exactly
 * one verifies (on PostgreSQL the second waits for the first's row lock, then finds it closed). Writes go
 * through `trx`; the outcome is for the caller to answer, and to commit even when it is a refusal (a wrong
 * amount counts).
 */
export async function checkTransferAmount(
  trx: Db,
  gateway: BankTransferGateway,
  row: VerificationRow,
  amountFen: number,
  now: number,
): Promise<CheckOutcome> {
  const status = statusAt(row, now);
  if (status === STATUS.expired && row.closed_at === null) {
    await trx
      .updateTable('bank_verifications')
      .set({ status: STATUS.expired, closed_at: Number(row.expires_at) })
      .where('id', '=', row.id)
      .where('closed_at', 'is', null)
      .execute();
  }
  if (status === STATUS.requested) return { kind: 'not_arrived' };
  if (status !== STATUS.paid) return { kind: 'closed', status };

  const verdict =
    Number(row.provider_checks) === 1
      ? await gateway.checkAmount(row.transfer_id, amountFen, trx)
      : amountFen === Number(row.amount_fen)
        ? 'match'
        : 'mismatch';
  if (verdict === 'failed') {
    const ended = await trx
      .updateTable('bank_verifications')
      .set({ status: STATUS.failed, closed_at: now })
      .where('id', '=', row.id)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    return Number(ended.numUpdatedRows) === 1 ? { kind: 'failed' } : closedNow(trx, row.id, now);
  }
  if (verdict === 'match') {
    const result = await trx
      .updateTable('bank_verifications')
      .set({ status: STATUS.verified, closed_at: now })
      .where('id', '=', row.id)
      .where('closed_at', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) return closedNow(trx, row.id, now);
    await trx
      .updateTable('bank_accounts')
      .set({ verified: 1, verified_at: now, updated_at: now })
      .where('id', '=', row.account_id)
      .execute();
    return { kind: 'verified' };
  }

  const tooMany = sql<boolean>`wrong_count + 1 > ${WRONG_AMOUNT_LIMIT}`;
  const counted = await trx
    .updateTable('bank_verifications')
    .set((eb) => ({
      wrong_count: eb('wrong_count', '+', 1),
      status: eb.case().when(tooMany).then(STATUS.failed).else(eb.ref('status')).end(),
      closed_at: eb.case().when(tooMany).then(now).else(eb.ref('closed_at')).end(),
    }))
    .where('id', '=', row.id)
    .where('closed_at', 'is', null)
    .returning(['wrong_count'])
    .executeTakeFirst();
  if (!counted) return closedNow(trx, row.id, now);
  const wrong = Number(counted.wrong_count);
  if (wrong > WRONG_AMOUNT_LIMIT) return { kind: 'failed' };
  return { kind: 'wrong', triesLeft: AMOUNT_ENTRIES - wrong };
}

/** A verification that another request closed meanwhile, as it stands now. */
async function closedNow(trx: Db, id: string, now: number): Promise<CheckOutcome> {
  const fresh = await trx
    .selectFrom('bank_verifications')
    .selectAll()
    .where('id', '=', id)
    .executeTakeFirstOrThrow();
  return { kind: 'closed', status: statusAt(fresh, now) };
}
