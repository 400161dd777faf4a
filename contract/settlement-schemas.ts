import { Type, type Static } from 'typebox';
import { literalUnion } from './common-schemas';
import { Page, PageQuery } from './envelope-schemas';
import { STATEMENT_DIRECTION } from './settlement';

/**
 * The wire shapes of settlement.ts's domain, each declared once: a TypeBox schema the server validates
 * with, and its type that the SPA imports with `import type`.
 */

/** Yuan with two decimals, e.g. "995000.00". */
const Yuan = Type.String();

/** One line of a settlement account's statement. */
export const StatementLine = Type.Object({
  id: Type.String(),
  /** ISO 8601 (UTC). */
  at: Type.String(),
  direction: literalUnion(Object.values(STATEMENT_DIRECTION)),
  amount: Yuan,
  balanceAfter: Yuan,
  counterpartyName: Type.String(),
  /** Empty for money the bank itself booked (the sandbox's deposits). */
  counterpartyAccountNo: Type.String(),
  /** What the payment was for, e.g. 贴现款. */
  remark: Type.String(),
});
export type StatementLine = Static<typeof StatementLine>;

/** The account a statement is of. */
export const StatementAccount = Type.Object({
  accountNo: Type.String(),
  accountName: Type.String(),
  bankName: Type.String(),
  branchName: Type.String(),
});
export type StatementAccount = Static<typeof StatementAccount>;

/** `GET /api/organization/bank/account/statement` */
export const SettlementStatement = Type.Object({
  /** Null when the organisation has no verified default settlement account yet. */
  account: Type.Union([StatementAccount, Type.Null()]),
  balance: Yuan,
  lines: Page(StatementLine),
});
export type SettlementStatement = Static<typeof SettlementStatement>;

export const StatementQuery = PageQuery;
export type StatementQuery = Static<typeof StatementQuery>;

/** `GET /api/sandbox/bank/settlement/statement` */
export const SandboxSettlementQuery = Type.Object({
  accountNo: Type.String({ maxLength: 64 }),
  page: PageQuery.properties.page,
  size: PageQuery.properties.size,
});
export type SandboxSettlementQuery = Static<typeof SandboxSettlementQuery>;

/** `POST /api/sandbox/bank/settlement/deposit` */
export const SandboxDepositRequest = Type.Object({
  accountNo: Type.String({ maxLength: 64 }),
  /** Yuan, checked by the server. */
  amount: Type.String({ maxLength: 32 }),
});
export type SandboxDepositRequest = Static<typeof SandboxDepositRequest>;
