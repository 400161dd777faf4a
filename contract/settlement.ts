/**
 * Settlement accounts and the money the bills move (docs/domain.md, money between accounts): the statement
 * an organisation reads of its own settlement account, and the sandbox bank's calls.
 */

export const SETTLEMENT_URL = {
  /** `GET`, paging in the query: the caller's default settlement account, its balance and lines. */
  statement: '/api/organization/bank/account/statement',
  /** `GET ?accountNo=&page=&size=`: any account's statement at the sandbox bank. */
  sandboxStatement: '/api/sandbox/bank/settlement/statement',
  /** `POST`: the sandbox bank puts money into an account the platform knows. */
  sandboxDeposit: '/api/sandbox/bank/settlement/deposit',
} as const;

export const STATEMENT_DIRECTION = { in: 'in', out: 'out' } as const;
export type StatementDirection = (typeof STATEMENT_DIRECTION)[keyof typeof STATEMENT_DIRECTION];

/** The most the sandbox bank deposits at once: 100,000,000,000.00 yuan. */
export const SANDBOX_DEPOSIT_MAX_FEN = 10_000_000_000_000;
