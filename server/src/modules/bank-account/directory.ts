import {
  BANK_NO_LENGTH,
  BRANCH_NAME_MAX_LENGTH,
  BRANCH_NAME_MIN_LENGTH,
  BANK_SORT_FIELDS,
  type BankSortField,
} from '@contract/bank-account';
import type { BankSearchRequest } from '@contract/bank-account-schemas';
import { API_ERROR } from '@contract/errors';
import type { Db } from '../../db/database';
import type { BankBranchTable } from '../../db/schema';
import { fail } from '../../lib/errors';
import type { PageRequest } from '../../lib/paging';
import { boundedMemo } from '../../lib/bounded-memo';
import { branchIndexOf, type BranchPage } from './branch-index';
import { regionOfCreditCode, type Region } from './region';
import { BANK_MSG } from './messages';

/** The search's criteria once cleaned: spaces gone, empty ones dropped. */
export interface BranchCriteria {
  bankNo?: string;
  fullName?: string;
  shortName?: string;
}

const DIGITS = /^\d+$/;
const cleaned = (value: string | undefined) => (value ?? '').replace(/\s+/g, '');

/**
 * The criteria of a search body (spaces and line breaks removed, as the listing helpers do), or null when it
 * names none: the caller answers the empty page without a query. A number prefix that is not digits is a 400.
 */
export function branchCriteriaOf(body: BankSearchRequest): BranchCriteria | null {
  const bankNo = cleaned(body.bankNo);
  const fullName = cleaned(body.fullName);
  const shortName = cleaned(body.shortName);
  if (bankNo && (!DIGITS.test(bankNo) || bankNo.length > BANK_NO_LENGTH)) {
    throw fail(API_ERROR.bankNoInvalid, BANK_MSG.bankNoInvalid);
  }
  if (!bankNo && !fullName && !shortName) return null;
  return {
    ...(bankNo ? { bankNo } : {}),
    ...(fullName ? { fullName } : {}),
    ...(shortName ? { shortName } : {}),
  };
}

const SORT_COLUMN: Record<BankSortField, 'bank_no' | 'full_name' | 'bank_name'> = {
  bankNo: 'bank_no',
  fullName: 'full_name',
  shortName: 'bank_name',
};

export interface BranchSort {
  column: (typeof SORT_COLUMN)[BankSortField];
  direction: 'asc' | 'desc';
}

/** `sort` as `field` or `field,asc|desc` (Spring's form); by number ascending when absent. */
export function branchSortOf(sort: string | undefined): BranchSort {
  if (!sort?.trim()) return { column: 'bank_no', direction: 'asc' };
  const [field = '', direction = 'asc', ...rest] = sort.split(',').map((part) => part.trim());
  const known = (BANK_SORT_FIELDS as readonly string[]).includes(field);
  const lower = direction.toLowerCase();
  if (!known || (lower !== 'asc' && lower !== 'desc') || rest.length > 0) {
    throw fail(API_ERROR.bankSortInvalid, BANK_MSG.sortInvalid);
  }
  return { column: SORT_COLUMN[field as BankSortField], direction: lower };
}

/**
 * One page of the directory matching every criterion, and the total, from the node's branch index
 * (branch-index.ts: a number prefix is a binary search, a name fragment starts from its rarest two-character
 * piece). Ordered by the sort's column, then by number.
 */
export async function searchBranches(
  db: Db,
  criteria: BranchCriteria,
  sort: BranchSort,
  page: PageRequest,
  near: Region | null = null,
): Promise<BranchPage> {
  return (await branchIndexOf(db)).search({ criteria, sort, page, near });
}

/** Organisations whose region a node keeps: a credit code never changes, so neither does the region. */
const KEPT_REGIONS = 10_000;
const regions = new WeakMap<Db, (orgId: string) => Promise<Region | null>>();

/**
 * Where the organisation registered (regionOfCreditCode), read once per node and organisation: the branch
 * search ranks that city's and province's branches first, where most of its accounts are kept.
 */
export function regionOfOrg(db: Db, orgId: string): Promise<Region | null> {
  let of = regions.get(db);
  if (!of) {
    of = boundedMemo(KEPT_REGIONS, (id: string) =>
      db
        .selectFrom('organizations')
        .select('credit_code')
        .where('id', '=', id)
        .executeTakeFirst()
        .then((org) => (org ? regionOfCreditCode(org.credit_code) : null)),
    );
    regions.set(db, of);
  }
  return of(orgId);
}

/** The directory's branch of a 12-digit number, or undefined. */
export async function branchByNo(db: Db, bankNo: string): Promise<BankBranchTable | undefined> {
  if (bankNo.length !== BANK_NO_LENGTH || !DIGITS.test(bankNo)) return undefined;
  return db.selectFrom('bank_branches').selectAll().where('bank_no', '=', bankNo).executeTakeFirst();
}

/** A branch the directory lacks, as the account stores it. */
export interface UnlistedBranch {
  bankNo: string;
  bankName: string;
  branchName: string;
  province: string;
  city: string;
}

/**
 * A branch the organisation names itself because the directory lacks it: 12 digits whose first three are the
 * code of a bank the directory knows, and a name that says which bank where several share the code (313,
 * the city commercial banks). Its province and city are those of the directory's numbers with the same
 * payment-system city code (digits 4-7), when it has any. Refusals are 400s with a message naming the rule.
 */
export async function unlistedBranch(db: Db, bankNo: string, typedName: string): Promise<UnlistedBranch> {
  const name = typedName.replace(/\s+/g, '');
  if (bankNo.length !== BANK_NO_LENGTH || !DIGITS.test(bankNo)) {
    throw fail(API_ERROR.bankBranchNotFound, BANK_MSG.unlistedBranchNoInvalid);
  }
  if ([...name].length < BRANCH_NAME_MIN_LENGTH || [...name].length > BRANCH_NAME_MAX_LENGTH) {
    throw fail(API_ERROR.bankBranchNotFound, BANK_MSG.unlistedBranchNameInvalid);
  }
  const index = await branchIndexOf(db);
  const banks = index.banksOfCode(bankNo.slice(0, 3));
  if (banks.length === 0) throw fail(API_ERROR.bankBranchNotFound, BANK_MSG.unlistedBankUnknown);
  const bankName = banks.length === 1 ? banks[0] : banks.find((bank) => name.includes(bank));
  if (!bankName) throw fail(API_ERROR.bankBranchNotFound, BANK_MSG.unlistedBankUnnamed(banks));
  const place = index.placeOfCityCode(bankNo.slice(3, 7));
  return { bankNo, bankName, branchName: name, province: place?.province ?? '', city: place?.city ?? '' };
}
