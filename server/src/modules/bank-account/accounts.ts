import type { Transaction } from 'kysely';
import { BANK_ACCOUNT_STATUS, isAccountNo, normalizeAccountNo } from '@contract/bank-account';
import type { BankAccount, BankAccountRequest } from '@contract/bank-account-schemas';
import { API_ERROR } from '@contract/errors';
import type { Db } from '../../db/database';
import { pageAndTotal, preparedQuery, unplanned, type PagedQueries } from '../../db/prepared-query';
import { lockWithinTransaction } from '../../db/locks';
import type { Database } from '../../db/schema';
import { fail } from '../../lib/errors';
import { isoTime } from '../../lib/shanghai-time';
import { branchByNo, unlistedBranch } from './directory';
import { BANK_MSG } from './messages';
import { isOpen, verificationOf, type AccountRow, type VerificationRow } from './transfers';

/** An account's fields as validated, ready to store. */
export interface AccountFields {
  account_name: string;
  account_no: string;
  branch_no: string;
  bank_name: string;
  branch_name: string;
  province: string;
  city: string;
}

/**
 * Names compare as a bank compares them: surrounding and inner spaces ignored, and full-width parentheses
 * （） the same as ASCII ones, since company names are written both ways.
 */
export const comparableName = (name: string): string =>
  name.replace(/\s+/g, '').replace(/（/g, '(').replace(/）/g, ')');

export async function orgNameOf(db: Db, orgId: string): Promise<string> {
  const org = await db
    .selectFrom('organizations')
    .select('name')
    .where('id', '=', orgId)
    .executeTakeFirstOrThrow();
  return org.name;
}

/**
 * The account rules (docs/domain.md): the name is the organisation's, the number is 6-32 digits once spaces
 * are removed, the branch is in the directory (its bank, name, province and city are taken from there) or,
 * named by the organisation, has the form and bank code of one (unlistedBranch).
 */
export async function validatedAccount(
  db: Db,
  orgId: string,
  input: BankAccountRequest,
): Promise<AccountFields> {
  const accountNo = normalizeAccountNo(input.accountNo);
  if (!isAccountNo(accountNo)) throw fail(API_ERROR.accountNoInvalid, BANK_MSG.accountNoInvalid);
  const orgName = await orgNameOf(db, orgId);
  if (comparableName(input.accountName) !== comparableName(orgName)) {
    throw fail(API_ERROR.accountNameMismatch, BANK_MSG.accountNameMismatch);
  }
  const branchNo = input.branchNo.replace(/\s+/g, '');
  const branch = await branchByNo(db, branchNo);
  if (branch) {
    return {
      account_name: orgName,
      account_no: accountNo,
      branch_no: branch.bank_no,
      bank_name: branch.bank_name,
      branch_name: branch.full_name,
      province: branch.province,
      city: branch.city,
    };
  }
  if (!input.branchName?.trim()) throw fail(API_ERROR.bankBranchNotFound, BANK_MSG.branchNotFound);
  const unlisted = await unlistedBranch(db, branchNo, input.branchName);
  return {
    account_name: orgName,
    account_no: accountNo,
    branch_no: unlisted.bankNo,
    bank_name: unlisted.bankName,
    branch_name: unlisted.branchName,
    province: unlisted.province,
    city: unlisted.city,
  };
}

/**
 * Every command that writes an organisation's accounts or verifications holds this lock first, so checks then
 * writes (one number once, the daily limit, one default) cannot interleave on PostgreSQL.
 */
export const lockBankAccounts = (trx: Db, orgId: string) =>
  // runCommand hands its transaction over typed as Db.
  lockWithinTransaction(trx as Transaction<Database>, `bank-accounts:${orgId}`);

export async function accountInOrg(db: Db, orgId: string, id: string): Promise<AccountRow | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('id', '=', id)
    .where('org_id', '=', orgId)
    .executeTakeFirst();
}

/** The organisation of any account with this id (for the security log of a cross-organisation attempt). */
export async function accountOrgOf(db: Db, id: string): Promise<string | undefined> {
  const row = await db.selectFrom('bank_accounts').select('org_id').where('id', '=', id).executeTakeFirst();
  return row?.org_id;
}

export async function accountByNumber(
  db: Db,
  orgId: string,
  accountNo: string,
): Promise<AccountRow | undefined> {
  return db
    .selectFrom('bank_accounts')
    .selectAll()
    .where('org_id', '=', orgId)
    .where('account_no', '=', accountNo)
    .executeTakeFirst();
}

/** The newest verification of each account, by account id. */
export async function latestVerifications(
  db: Db,
  accountIds: string[],
): Promise<Map<string, VerificationRow>> {
  if (accountIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('bank_verifications')
    .selectAll()
    .where('account_id', 'in', accountIds)
    .orderBy('created_at', 'desc')
    .orderBy('id', 'desc')
    .execute();
  return newestByAccount(rows);
}

/** The first of each account's rows, of rows ordered newest first. */
function newestByAccount(rows: ReadonlyArray<Readonly<VerificationRow>>): Map<string, VerificationRow> {
  const latest = new Map<string, VerificationRow>();
  for (const row of rows) if (!latest.has(row.account_id)) latest.set(row.account_id, row);
  return latest;
}

export function accountOf(row: AccountRow, latest: VerificationRow | undefined, now: number): BankAccount {
  const status =
    row.verified === 1
      ? BANK_ACCOUNT_STATUS.verified
      : latest && isOpen(latest, now)
        ? BANK_ACCOUNT_STATUS.verifying
        : BANK_ACCOUNT_STATUS.unverified;
  return {
    id: row.id,
    accountName: row.account_name,
    accountNo: row.account_no,
    bankName: row.bank_name,
    branchNo: row.branch_no,
    branchName: row.branch_name,
    province: row.province,
    city: row.city,
    status,
    verifiedAt: row.verified_at === null ? null : isoTime(Number(row.verified_at)),
    isDefault: row.is_default === 1,
    verification: latest ? verificationOf(latest, now) : null,
    createdAt: isoTime(Number(row.created_at)),
  };
}

/** One account as the list shows it, read again (within a command: after its writes). */
export async function accountView(db: Db, orgId: string, id: string, now: number): Promise<BankAccount> {
  const row = await accountInOrg(db, orgId, id);
  if (!row) throw fail(API_ERROR.notFound, BANK_MSG.accountNotFound);
  const latest = await latestVerifications(db, [id]);
  return accountOf(row, latest.get(id), now);
}

interface AccountPageValues {
  orgId: string;
  size: number;
  offset: number;
}

/** A page of the organisation's accounts: the default first, then the newest. */
const accountsOnPage = (db: Db, v: AccountPageValues) =>
  db
    .selectFrom('bank_accounts')
    .where('org_id', '=', v.orgId)
    .orderBy('is_default', 'desc')
    .orderBy('created_at', 'desc')
    .orderBy('id')
    .limit(unplanned(v.size, 'bigint'))
    .offset(unplanned(v.offset, 'bigint'));

/**
 * The organisation's accounts, their count and the verifications of the page's accounts, prepared
 * (db/prepared-query.ts): the list opens the company centre. The verifications are read through the page's
 * own query, so they are prepared (and kept) with the same values instead of asked by a list of ids.
 */
const accountsOfOrg: PagedQueries<AccountPageValues, AccountRow> & {
  verifications: (db: Db, v: AccountPageValues) => Promise<ReadonlyArray<Readonly<VerificationRow>>>;
} = {
  page: preparedQuery((db: Db, v: AccountPageValues) => accountsOnPage(db, v).selectAll()),
  verifications: preparedQuery((db: Db, v: AccountPageValues) =>
    db
      .selectFrom('bank_verifications')
      .selectAll()
      .where('account_id', 'in', accountsOnPage(db, v).select('id'))
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc'),
  ),
  total: preparedQuery((db: Db, v: { orgId: string }) =>
    db
      .selectFrom('bank_accounts')
      .where('org_id', '=', v.orgId)
      .select((eb) => eb.fn.countAll<number>().as('n')),
  ),
};

export async function accountPage(
  db: Db,
  orgId: string,
  page: { size: number; offset: number },
  now: number,
): Promise<{ items: BankAccount[]; total: number }> {
  const values = { orgId, size: page.size, offset: page.offset };
  const [{ rows, total }, verifications] = await Promise.all([
    pageAndTotal(db, accountsOfOrg, values),
    accountsOfOrg.verifications(db, values),
  ]);
  const latest = newestByAccount(verifications);
  return { total, items: rows.map((row) => accountOf(row, latest.get(row.id), now)) };
}
