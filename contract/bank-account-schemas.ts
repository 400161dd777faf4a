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
  type AmountCheckRequest as AmountCheckRequestShape,
  type AuthApplyRecord as AuthApplyRecordShape,
  type BankAccount as BankAccountShape,
  type BankAccountRequest as BankAccountRequestShape,
  type BankAccountUpdate as BankAccountUpdateShape,
  type BankBranch as BankBranchShape,
  type BankSearchRequest as BankSearchRequestShape,
  type BankVerification as BankVerificationShape,
  type BindSettlementRequest as BindSettlementRequestShape,
  type SandboxBankTransfer as SandboxBankTransferShape,
  type SandboxStatementQuery as SandboxStatementQueryShape,
  type TransferAuthCheck as TransferAuthCheckShape,
} from './bank-account';
import { literalUnion, type Assert, type Same } from './common-schemas';

/** TypeBox schemas of the shapes in contract/bank-account.ts, for the server's routes. */

const Id = Type.String({ minLength: 1, maxLength: 64 });
/** A yuan amount as typed; the server checks its form and range and answers in Chinese. */
const AmountInput = Type.String({ maxLength: 32 });
const IsoTime = Type.String({ format: 'date-time' });

export const BankSearchRequest = Type.Object({
  // Digits (spaces are removed); anything else is answered 400 by the route, in Chinese.
  bankNo: Type.Optional(Type.String({ maxLength: BANK_NO_LENGTH * 2 })),
  fullName: Type.Optional(Type.String({ maxLength: BANK_NAME_QUERY_MAX_LENGTH })),
  shortName: Type.Optional(Type.String({ maxLength: BANK_NAME_QUERY_MAX_LENGTH })),
});
export type BankSearchRequest = BankSearchRequestShape;
export type _CheckBankSearchRequest = Assert<Same<Static<typeof BankSearchRequest>, BankSearchRequestShape>>;

export const BankBranch = Type.Object({
  bankNo: Type.String(),
  fullName: Type.String(),
  shortName: Type.String(),
  province: Type.String(),
  city: Type.String(),
});
export type BankBranch = BankBranchShape;
export type _CheckBankBranch = Assert<Same<Static<typeof BankBranch>, BankBranchShape>>;

export const BankAccountRequest = Type.Object({
  accountName: Type.String({ maxLength: ACCOUNT_NAME_MAX_LENGTH }),
  accountNo: Type.String({ maxLength: ACCOUNT_NO_INPUT_MAX_LENGTH }),
  branchNo: Type.String({ maxLength: BANK_NO_LENGTH * 2 }),
  branchName: Type.Optional(Type.String({ maxLength: BRANCH_NAME_MAX_LENGTH * 2 })),
});
export type BankAccountRequest = BankAccountRequestShape;
export type _CheckBankAccountRequest = Assert<
  Same<Static<typeof BankAccountRequest>, BankAccountRequestShape>
>;

export const BankAccountUpdate = Type.Object({
  id: Id,
  accountName: Type.String({ maxLength: ACCOUNT_NAME_MAX_LENGTH }),
  accountNo: Type.String({ maxLength: ACCOUNT_NO_INPUT_MAX_LENGTH }),
  branchNo: Type.String({ maxLength: BANK_NO_LENGTH * 2 }),
  branchName: Type.Optional(Type.String({ maxLength: BRANCH_NAME_MAX_LENGTH * 2 })),
});
export type BankAccountUpdate = BankAccountUpdateShape;
export type _CheckBankAccountUpdate = Assert<Same<Static<typeof BankAccountUpdate>, BankAccountUpdateShape>>;

export const BankVerification = Type.Object({
  id: Type.String(),
  purpose: literalUnion(Object.values(BANK_VERIFICATION_PURPOSE)),
  status: literalUnion(Object.values(BANK_VERIFICATION_STATUS)),
  accountName: Type.String(),
  accountNo: Type.String(),
  bankName: Type.String(),
  branchNo: Type.String(),
  branchName: Type.String(),
  province: Type.String(),
  city: Type.String(),
  triesLeft: Type.Integer({ minimum: 0 }),
  requestedAt: IsoTime,
  arrivesAt: Type.Union([IsoTime, Type.Null()]),
  expiresAt: IsoTime,
  closedAt: Type.Union([IsoTime, Type.Null()]),
});
export type BankVerification = BankVerificationShape;
export type _CheckBankVerification = Assert<Same<Static<typeof BankVerification>, BankVerificationShape>>;

export const BankAccount = Type.Object({
  id: Type.String(),
  accountName: Type.String(),
  accountNo: Type.String(),
  bankName: Type.String(),
  branchNo: Type.String(),
  branchName: Type.String(),
  province: Type.String(),
  city: Type.String(),
  status: literalUnion(Object.values(BANK_ACCOUNT_STATUS)),
  verifiedAt: Type.Union([IsoTime, Type.Null()]),
  isDefault: Type.Boolean(),
  verification: Type.Union([BankVerification, Type.Null()]),
  createdAt: IsoTime,
});
export type BankAccount = BankAccountShape;
export type _CheckBankAccount = Assert<Same<Static<typeof BankAccount>, BankAccountShape>>;

export const AmountCheckRequest = Type.Object({ id: Id, amount: AmountInput });
export type AmountCheckRequest = AmountCheckRequestShape;
export type _CheckAmountCheckRequest = Assert<
  Same<Static<typeof AmountCheckRequest>, AmountCheckRequestShape>
>;

export const BindSettlementRequest = Type.Object({ id: Id });
export type BindSettlementRequest = BindSettlementRequestShape;
export type _CheckBindSettlementRequest = Assert<
  Same<Static<typeof BindSettlementRequest>, BindSettlementRequestShape>
>;

export const TransferAuthCheck = Type.Object({ id: Id, amount: AmountInput });
export type TransferAuthCheck = TransferAuthCheckShape;
export type _CheckTransferAuthCheck = Assert<Same<Static<typeof TransferAuthCheck>, TransferAuthCheckShape>>;

export const AuthApplyRecord = Type.Object({
  orgName: Type.String(),
  authorized: Type.Boolean(),
  method: Type.Union([literalUnion(Object.values(ORG_AUTH_METHOD)), Type.Null()]),
  transfer: Type.Union([BankVerification, Type.Null()]),
});
export type AuthApplyRecord = AuthApplyRecordShape;
export type _CheckAuthApplyRecord = Assert<Same<Static<typeof AuthApplyRecord>, AuthApplyRecordShape>>;

export const SandboxBankTransfer = Type.Object({
  id: Type.String(),
  accountNo: Type.String(),
  accountName: Type.String(),
  bankName: Type.String(),
  branchName: Type.String(),
  amount: Type.String(),
  remark: Type.String(),
  payerName: Type.String(),
  arrivedAt: IsoTime,
});
export type SandboxBankTransfer = SandboxBankTransferShape;
export type _CheckSandboxBankTransfer = Assert<
  Same<Static<typeof SandboxBankTransfer>, SandboxBankTransferShape>
>;

export const SandboxStatementQuery = Type.Object({
  accountNo: Type.Optional(Type.String({ maxLength: ACCOUNT_NO_INPUT_MAX_LENGTH })),
});
export type SandboxStatementQuery = SandboxStatementQueryShape;
export type _CheckSandboxStatementQuery = Assert<
  Same<Static<typeof SandboxStatementQuery>, SandboxStatementQueryShape>
>;
