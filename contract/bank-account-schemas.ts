import { Type, type Static } from 'typebox';
import {
  ACCOUNT_NAME_MAX_LENGTH,
  ACCOUNT_NO_INPUT_MAX_LENGTH,
  BANK_ACCOUNT_STATUS,
  BANK_NAME_QUERY_MAX_LENGTH,
  BANK_NO_LENGTH,
  BANK_VERIFICATION_PURPOSE,
  BANK_VERIFICATION_STATUS,
  BRANCH_NAME_MAX_LENGTH,
  ORG_AUTH_METHOD,
} from './bank-account';
import { literalUnion } from './common-schemas';

/**
 * The wire shapes of bank-account.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type (`Static`) that the SPA imports with `import type`.
 */

const Id = Type.String({ minLength: 1, maxLength: 64 });
/** A yuan amount as typed; the server checks its form and range and answers in Chinese. */
const AmountInput = Type.String({ maxLength: 32 });
const IsoTime = Type.String({ format: 'date-time' });

/** The body of the branch search. bankNo: a prefix of the number; the names: contained in the name. */
export const BankSearchRequest = Type.Object({
  // Digits (spaces are removed); anything else is answered 400 by the route, in Chinese.
  bankNo: Type.Optional(Type.String({ maxLength: BANK_NO_LENGTH * 2 })),
  fullName: Type.Optional(Type.String({ maxLength: BANK_NAME_QUERY_MAX_LENGTH })),
  shortName: Type.Optional(Type.String({ maxLength: BANK_NAME_QUERY_MAX_LENGTH })),
});
export type BankSearchRequest = Static<typeof BankSearchRequest>;

export const BankBranch = Type.Object({
  bankNo: Type.String(),
  /** The branch's full name, e.g. 中国工商银行股份有限公司北京新华支行. */
  fullName: Type.String(),
  /** The bank's short name, e.g. 中国工商银行. */
  shortName: Type.String(),
  province: Type.String(),
  city: Type.String(),
});
export type BankBranch = Static<typeof BankBranch>;

/** `POST /api/organization/bank/account` and the transfer authentication's request. */
export const BankAccountRequest = Type.Object({
  /** Must equal the organisation's name. */
  accountName: Type.String({ maxLength: ACCOUNT_NAME_MAX_LENGTH }),
  /** Digits, spaces allowed; stored without them. */
  accountNo: Type.String({ maxLength: ACCOUNT_NO_INPUT_MAX_LENGTH }),
  /** A branch of the directory; the bank, branch, province and city come from it. */
  branchNo: Type.String({ maxLength: BANK_NO_LENGTH * 2 }),
  /**
   * The branch's name, for a branch the directory lacks (most branches of the large banks are not in it):
   * then branchNo must be 12 digits whose first three are the code of a bank the directory knows.
   */
  branchName: Type.Optional(Type.String({ maxLength: BRANCH_NAME_MAX_LENGTH * 2 })),
});
export type BankAccountRequest = Static<typeof BankAccountRequest>;

/** `PUT /api/organization/bank/account`. Changing a verified account resets its verification. */
export const BankAccountUpdate = Type.Object({
  id: Id,
  accountName: Type.String({ maxLength: ACCOUNT_NAME_MAX_LENGTH }),
  accountNo: Type.String({ maxLength: ACCOUNT_NO_INPUT_MAX_LENGTH }),
  branchNo: Type.String({ maxLength: BANK_NO_LENGTH * 2 }),
  branchName: Type.Optional(Type.String({ maxLength: BRANCH_NAME_MAX_LENGTH * 2 })),
});
export type BankAccountUpdate = Static<typeof BankAccountUpdate>;

/** A bank account as a transfer reaches it: holder, number and the branch it is kept at. */
export const AccountTarget = Type.Object({
  accountName: Type.String(),
  accountNo: Type.String(),
  bankName: Type.String(),
  branchNo: Type.String(),
  branchName: Type.String(),
  province: Type.String(),
  city: Type.String(),
});
export type AccountTarget = Static<typeof AccountTarget>;

/** One small-amount transfer verification. Times are ISO 8601 (UTC). The amount is never shown. */
export const BankVerification = Type.Object({
  id: Type.String(),
  purpose: literalUnion(Object.values(BANK_VERIFICATION_PURPOSE)),
  status: literalUnion(Object.values(BANK_VERIFICATION_STATUS)),
  ...AccountTarget.properties,
  /** Amounts that may still be entered; 0 once it has ended. */
  triesLeft: Type.Integer({ minimum: 0 }),
  requestedAt: IsoTime,
  /** When the money reaches the account; null when the bank refused the transfer. */
  arrivesAt: Type.Union([IsoTime, Type.Null()]),
  /** The amount must be entered before this. */
  expiresAt: IsoTime,
  /** When it was verified, failed, refused or expired; null while open. */
  closedAt: Type.Union([IsoTime, Type.Null()]),
});
export type BankVerification = Static<typeof BankVerification>;

export const BankAccount = Type.Object({
  id: Type.String(),
  ...AccountTarget.properties,
  status: literalUnion(Object.values(BANK_ACCOUNT_STATUS)),
  verifiedAt: Type.Union([IsoTime, Type.Null()]),
  /** The organisation's default settlement account for bills. */
  isDefault: Type.Boolean(),
  /** The newest verification of the account, if any. */
  verification: Type.Union([BankVerification, Type.Null()]),
  createdAt: IsoTime,
});
export type BankAccount = Static<typeof BankAccount>;

/**
 * `PUT /api/organization/bank/account/auth/check`, body `{ id, amount }`: the amount the account received, in
 * yuan. In the body, never the address: the amount is what proves the account, and addresses are logged.
 */
export const AmountCheckRequest = Type.Object({ id: Id, amount: AmountInput });
export type AmountCheckRequest = Static<typeof AmountCheckRequest>;

/** `POST /api/scbill/bank-acct/bind`: makes a verified account the default settlement account (SMS). */
export const BindSettlementRequest = Type.Object({ id: Id });
export type BindSettlementRequest = Static<typeof BindSettlementRequest>;

/** `POST /api/organization/auth/bank-transfer-auth/check`: the verification (from apply) and the amount. */
export const TransferAuthCheck = Type.Object({ id: Id, amount: AmountInput });
export type TransferAuthCheck = Static<typeof TransferAuthCheck>;

/** `GET /api/organization/auth/apply/record`: where the organisation's authentication stands. */
export const AuthApplyRecord = Type.Object({
  orgName: Type.String(),
  authorized: Type.Boolean(),
  /** How it was authenticated (null: not yet, or before this record was kept). */
  method: Type.Union([literalUnion(Object.values(ORG_AUTH_METHOD)), Type.Null()]),
  /** The newest transfer authentication, if any. */
  transfer: Type.Union([BankVerification, Type.Null()]),
});
export type AuthApplyRecord = Static<typeof AuthApplyRecord>;

/** A transfer that reached an account, as the sandbox bank's statement shows it to the account holder. */
export const SandboxBankTransfer = Type.Object({
  id: Type.String(),
  accountNo: Type.String(),
  accountName: Type.String(),
  bankName: Type.String(),
  branchName: Type.String(),
  /** Yuan, two decimals. */
  amount: Type.String(),
  remark: Type.String(),
  payerName: Type.String(),
  arrivedAt: IsoTime,
});
export type SandboxBankTransfer = Static<typeof SandboxBankTransfer>;

export const SandboxStatementQuery = Type.Object({
  accountNo: Type.Optional(Type.String({ maxLength: ACCOUNT_NO_INPUT_MAX_LENGTH })),
});
export type SandboxStatementQuery = Static<typeof SandboxStatementQuery>;
