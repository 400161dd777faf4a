/** The sandbox bank of settlement accounts (adapters/settlement/sandbox.ts): balances, payments, statements. */
export interface SettlementTables {
  sandbox_settlement_accounts: SandboxSettlementAccountTable;
  sandbox_settlement_payments: SandboxSettlementPaymentTable;
  sandbox_settlement_lines: SandboxSettlementLineTable;
}

export interface SandboxSettlementAccountTable {
  account_no: string;
  account_name: string;
  branch_no: string;
  /** Integer fen, never below zero. */
  balance_fen: number;
  opened_at: number;
  updated_at: number;
}

/** One payment ordered, paid or refused; its reference is the platform's and unique. */
export interface SandboxSettlementPaymentTable {
  id: string;
  reference: string;
  /** Null for money the sandbox bank deposits itself. */
  from_account_no: string | null;
  to_account_no: string;
  amount_fen: number;
  /** paid | refused */
  status: string;
  /** PaymentRefusal when refused. */
  reason: string | null;
  remark: string;
  created_at: number;
}

/** A statement line: one account's side of a payment, with the balance after it. */
export interface SandboxSettlementLineTable {
  /** Time-ordered, so the statement's newest-first order is by id. */
  id: string;
  account_no: string;
  payment_id: string;
  /** in | out */
  direction: string;
  amount_fen: number;
  balance_after_fen: number;
  counterparty_name: string;
  counterparty_account_no: string;
  reference: string;
  remark: string;
  created_at: number;
}
