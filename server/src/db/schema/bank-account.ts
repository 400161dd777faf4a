/**
 * Banks: the branch directory (reference data), the organisations' bank accounts, their small-amount
 * verifications, and the sandbox bank's ledger of the transfers it made.
 */
export interface BankAccountTables {
  bank_branches: BankBranchTable;
  reference_data_versions: ReferenceDataVersionTable;
  bank_accounts: BankAccountTable;
  bank_verifications: BankVerificationTable;
  sandbox_bank_transfers: SandboxBankTransferTable;
}

/** One branch of the CNAPS directory (server/src/db/reference/bank-branches). */
export interface BankBranchTable {
  /** The 12-digit CNAPS number (联行号). */
  bank_no: string;
  /** Its first three digits. */
  bank_code: string;
  /** The bank's short name, e.g. 中国工商银行 (the search's shortName). */
  bank_name: string;
  /** The branch's full name (the search's fullName). */
  full_name: string;
  province: string;
  city: string;
}

/** Which edition of a reference file is loaded, so a start reloads it only when the file changed. */
export interface ReferenceDataVersionTable {
  name: string;
  /** SHA-256 of the file that was loaded. */
  version: string;
  loaded_at: number;
}

/** A bank account of an organisation; the branch's names are kept as they were when it was added. */
export interface BankAccountTable {
  id: string;
  org_id: string;
  account_name: string;
  /** Digits only. */
  account_no: string;
  branch_no: string;
  bank_name: string;
  branch_name: string;
  province: string;
  city: string;
  /** 1 once a small-amount transfer to it was confirmed; an edit resets it. */
  verified: number;
  verified_at: number | null;
  /** 1 for the organisation's one default settlement account (a partial unique index keeps it one). */
  is_default: number;
  created_by: string;
  created_at: number;
  updated_at: number;
}

/** One small-amount transfer verification of an account: what was asked, what the bank paid, how it ended. */
export interface BankVerificationTable {
  id: string;
  org_id: string;
  account_id: string;
  /** contract BANK_VERIFICATION_PURPOSE: an account of its own, or the organisation's authentication. */
  purpose: string;
  /** contract BANK_VERIFICATION_STATUS. */
  status: string;
  account_name: string;
  account_no: string;
  branch_no: string;
  bank_name: string;
  branch_name: string;
  province: string;
  city: string;
  /** The provider's reference of the transfer. */
  transfer_id: string;
  /**
   * What the bank paid, integer fen (1-99); never leaves the server except on the sandbox statement. 0 when
   * the provider keeps the amount (provider_checks).
   */
  amount_fen: number;
  /** 1: the provider compares the typed amount (it never told it); 0: the platform compares amount_fen. */
  provider_checks: number;
  wrong_count: number;
  requested_by: string;
  created_at: number;
  /** When the money reaches the account (the provider's word); null when the bank refused the transfer. */
  arrives_at: number | null;
  /** The amount must be entered before this. */
  expires_at: number;
  /** When it was verified, failed, refused or expired; null while open. */
  closed_at: number | null;
}

/** The sandbox bank's ledger: every transfer it made, as the account holder's statement shows it. */
export interface SandboxBankTransferTable {
  id: string;
  account_no: string;
  account_name: string;
  branch_no: string;
  bank_name: string;
  branch_name: string;
  amount_fen: number;
  remark: string;
  payer_name: string;
  /** 1 when the bank refused the transfer (the account cannot receive it). */
  refused: number;
  created_at: number;
  arrives_at: number;
}
