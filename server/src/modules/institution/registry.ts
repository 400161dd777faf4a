import { isAccountNo, normalizeAccountNo } from '@contract/bank-account';
import { API_ERROR } from '@contract/errors';
import { ORG_KIND } from '@contract/institution';
import type { Institution } from '@contract/institution-schemas';
import type { Db } from '../../db/database';
import { isValidCreditCode } from '../../lib/credit-code';
import { fail } from '../../lib/errors';
import { newId } from '../../lib/hash';
import { branchByNo } from '../bank-account/service';
import { INSTITUTION_MSG } from './messages';

const NAME_MAX = 64;
const BANK_NO = /^\d{12}$/;

/** What the platform operator registers of a licensed institution. */
export interface InstitutionRegistration {
  /** Chosen by the caller when it must be stable (the demo); a new id otherwise. */
  orgId?: string;
  name: string;
  creditCode: string;
  /** The head office's CNAPS number; the directory must hold it. */
  bankNo: string;
  /** The institution's settlement account, kept at its head office. */
  accountNo: string;
}

/** An institution with its settlement account, as the platform's services need it. */
export interface InstitutionRecord extends Institution {
  account: { accountNo: string; accountName: string; branchNo: string; branchName: string; bankName: string };
}

/**
 * Registers a financial institution: an organisation of the institution kind, authenticated (the platform
 * admits only licensed banks, checked outside it), with no members, and its settlement account at the head
 * office. Every refusal is an ApiFailure with a Chinese message; nothing is written then.
 */
export async function registerInstitution(
  db: Db,
  input: InstitutionRegistration,
  now: number,
): Promise<InstitutionRecord> {
  const name = input.name.trim();
  if (name === '' || name.length > NAME_MAX) throw fail(API_ERROR.badRequest, INSTITUTION_MSG.nameInvalid);
  const creditCode = input.creditCode.trim().toUpperCase();
  if (!isValidCreditCode(creditCode)) throw fail(API_ERROR.badRequest, INSTITUTION_MSG.creditCodeInvalid);
  const accountNo = normalizeAccountNo(input.accountNo);
  if (!isAccountNo(accountNo)) throw fail(API_ERROR.accountNoInvalid, INSTITUTION_MSG.accountNoInvalid);
  const branch = BANK_NO.test(input.bankNo) ? await branchByNo(db, input.bankNo) : undefined;
  if (!branch) throw fail(API_ERROR.bankNoInvalid, INSTITUTION_MSG.bankNoInvalid);
  const takenCode = await db
    .selectFrom('organizations')
    .select('id')
    .where('credit_code', '=', creditCode)
    .executeTakeFirst();
  if (takenCode) throw fail(API_ERROR.conflict, INSTITUTION_MSG.creditCodeTaken);
  const takenBank = await db
    .selectFrom('institutions')
    .select('org_id')
    .where('bank_no', '=', branch.bank_no)
    .executeTakeFirst();
  if (takenBank) throw fail(API_ERROR.conflict, INSTITUTION_MSG.bankNoTaken);
  const orgId = input.orgId ?? newId();
  await db
    .insertInto('organizations')
    .values({
      id: orgId,
      name,
      credit_code: creditCode,
      kind: ORG_KIND.institution,
      authorized: 1,
      bound: 0,
      created_at: now,
    })
    .execute();
  await db
    .insertInto('institutions')
    .values({
      org_id: orgId,
      bank_no: branch.bank_no,
      bank_name: branch.bank_name,
      account_no: accountNo,
      branch_no: branch.bank_no,
      branch_name: branch.full_name,
      created_at: now,
    })
    .execute();
  return {
    orgId,
    name,
    creditCode,
    bankNo: branch.bank_no,
    bankName: branch.bank_name,
    account: {
      accountNo,
      accountName: name,
      branchNo: branch.bank_no,
      branchName: branch.full_name,
      bankName: branch.bank_name,
    },
  };
}

const institutionRows = (db: Db) =>
  db
    .selectFrom('institutions as i')
    .innerJoin('organizations as o', 'o.id', 'i.org_id')
    .select([
      'o.id',
      'o.name',
      'o.credit_code',
      'i.bank_no',
      'i.bank_name',
      'i.account_no',
      'i.branch_no',
      'i.branch_name',
    ]);

type InstitutionRow = Awaited<ReturnType<ReturnType<typeof institutionRows>['executeTakeFirstOrThrow']>>;

const recordOf = (row: InstitutionRow): InstitutionRecord => ({
  orgId: row.id,
  name: row.name,
  creditCode: row.credit_code,
  bankNo: row.bank_no,
  bankName: row.bank_name,
  account: {
    accountNo: row.account_no,
    accountName: row.name,
    branchNo: row.branch_no,
    branchName: row.branch_name,
    bankName: row.bank_name,
  },
});

/** Every institution, by name. */
export async function institutionList(db: Db): Promise<InstitutionRecord[]> {
  return (await institutionRows(db).orderBy('o.name').orderBy('o.id').execute()).map(recordOf);
}

/** The institution with this organisation id; undefined for an enterprise or an unknown id. */
export async function institutionOf(db: Db, orgId: string): Promise<InstitutionRecord | undefined> {
  const row = await institutionRows(db).where('o.id', '=', orgId).executeTakeFirst();
  return row && recordOf(row);
}

/** The institution by its head office's CNAPS number. */
export async function institutionByBankNo(db: Db, bankNo: string): Promise<InstitutionRecord | undefined> {
  const row = await institutionRows(db).where('i.bank_no', '=', bankNo).executeTakeFirst();
  return row && recordOf(row);
}

/** The public face of a record (the list the forms read). */
export const institutionView = (record: InstitutionRecord): Institution => ({
  orgId: record.orgId,
  name: record.name,
  creditCode: record.creditCode,
  bankNo: record.bankNo,
  bankName: record.bankName,
});
