/**
 * Banks (spec sections 1, 2, 3, 5, 7 and 9): the branch directory and its search, the organisation's bank
 * accounts, their small-amount transfer verification, organisation authentication by that transfer, and
 * the sandbox bank's statement. Plain values only: the SPA imports this file at run time; the shapes
 * are declared in bank-account-schemas.ts.
 */
import { EMPTY_BANK_PAGE_SIZE } from './constants';
import type { Page } from './envelope-schemas';
import type { BankSearchRequest } from './bank-account-schemas';

export const BANK_URL = {
  /** Paging in the query (page, size, sort), criteria in the body. */
  branchPage: '/api/scbill/basic-data/bank/page',
  account: '/api/organization/bank/account',
  accountList: '/api/organization/bank/account/list',
  /** `id` and `amount` in the query. */
  amountCheck: '/api/organization/bank/account/auth/check',
  bindSettlement: '/api/scbill/bank-acct/bind',
  transferAuthApply: '/api/organization/auth/bank-transfer-auth/apply',
  transferAuthRecords: '/api/organization/auth/bank-transfer-auth/records',
  transferAuthCheck: '/api/organization/auth/bank-transfer-auth/check',
  authApplyRecord: '/api/organization/auth/apply/record',
  sandboxStatement: '/api/sandbox/bank/statement',
} as const;

// ---- the branch directory

/** A CNAPS branch number (联行号) has 12 digits; the search takes any prefix of them. */
export const BANK_NO_LENGTH = 12;
/** Longest name fragment the search takes. */
export const BANK_NAME_QUERY_MAX_LENGTH = 60;
/** Spec section 5: a search without bankNo, fullName or shortName makes no query and answers this page. */
export function emptyBankPage<T>(): Page<T> {
  return { content: [], size: EMPTY_BANK_PAGE_SIZE, totalElements: 0, totalPages: 0, number: 0 };
}
/** `sort` of the branch search: `field` or `field,asc|desc`; the number ascending by default. */
export const BANK_SORT_FIELDS = ['bankNo', 'fullName', 'shortName'] as const;
export type BankSortField = (typeof BANK_SORT_FIELDS)[number];

/** True when the search names at least one criterion (after trimming): otherwise no request is made. */
export function hasBankCriteria(body: BankSearchRequest): boolean {
  return [body.bankNo, body.fullName, body.shortName].some((value) => (value ?? '').trim() !== '');
}

// ---- accounts and their verification

/** Account numbers are digits only, 6 to 32 of them once spaces are removed (docs/domain.md). */
export const ACCOUNT_NO_MIN_LENGTH = 6;
export const ACCOUNT_NO_MAX_LENGTH = 32;
/** What a client may send for an account number: digits with spaces, before normalising. */
export const ACCOUNT_NO_INPUT_MAX_LENGTH = 64;
export const ACCOUNT_NAME_MAX_LENGTH = 100;
/** A branch name typed for a branch the directory lacks: 中国工商银行股份有限公司上海市分行营业部 is 19. */
export const BRANCH_NAME_MIN_LENGTH = 4;
export const BRANCH_NAME_MAX_LENGTH = 60;

/** The account number as stored: every kind of space removed. */
export const normalizeAccountNo = (value: string): string => value.replace(/\s+/g, '');
export const isAccountNo = (value: string): boolean =>
  new RegExp(`^\\d{${ACCOUNT_NO_MIN_LENGTH},${ACCOUNT_NO_MAX_LENGTH}}$`).test(value);

/** The sandbox bank pays a random amount in this range, in fen (0.01-0.99 yuan: under 1 yuan, spec section 9). */
export const TRANSFER_AMOUNT_MIN_FEN = 1;
export const TRANSFER_AMOUNT_MAX_FEN = 99;
/** What the screens promise (spec sections 2 and 5): the transfer arrives within about 2 hours. */
export const TRANSFER_EXPECTED_HOURS = 2;
/** The amount must be entered within 7 days of the request. */
export const VERIFICATION_WINDOW_DAYS = 7;
export const VERIFICATION_WINDOW_MS = VERIFICATION_WINDOW_DAYS * 24 * 60 * 60 * 1000;
/** More than this many wrong amounts end the verification; a new transfer must be requested. */
export const WRONG_AMOUNT_LIMIT = 3;
/** Entries a verification allows: the wrong ones it tolerates and the one after. */
export const AMOUNT_ENTRIES = WRONG_AMOUNT_LIMIT + 1;
/** Transfers one organisation may request per Shanghai calendar day: each one is money the platform pays. */
export const TRANSFER_REQUESTS_PER_DAY = 5;

export const BANK_VERIFICATION_STATUS = {
  /** Ordered; the money is on its way. */
  requested: 'REQUESTED',
  /** Arrived in the account: the amount can be entered. */
  paid: 'PAID',
  /** The bank refused the transfer (the account cannot receive it). */
  paymentFailed: 'PAYMENT_FAILED',
  verified: 'VERIFIED',
  /** Not entered within the window, or replaced by a newer request. */
  expired: 'EXPIRED',
  /** More than WRONG_AMOUNT_LIMIT wrong amounts. */
  failed: 'FAILED',
} as const;
export type BankVerificationStatus = (typeof BANK_VERIFICATION_STATUS)[keyof typeof BANK_VERIFICATION_STATUS];

export const BANK_VERIFICATION_PURPOSE = { account: 'ACCOUNT', orgAuth: 'ORG_AUTH' } as const;
export type BankVerificationPurpose =
  (typeof BANK_VERIFICATION_PURPOSE)[keyof typeof BANK_VERIFICATION_PURPOSE];

export const BANK_ACCOUNT_STATUS = {
  unverified: 'UNVERIFIED',
  /** A transfer is on its way or waits for its amount. */
  verifying: 'VERIFYING',
  verified: 'VERIFIED',
} as const;
export type BankAccountStatus = (typeof BANK_ACCOUNT_STATUS)[keyof typeof BANK_ACCOUNT_STATUS];

// ---- organisation authentication by transfer

export const ORG_AUTH_METHOD = { bankTransfer: 'BANKTRANSFER', licence: 'LICENSE' } as const;
export type OrgAuthMethod = (typeof ORG_AUTH_METHOD)[keyof typeof ORG_AUTH_METHOD];

// ---- the sandbox bank
