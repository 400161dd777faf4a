import type { Generated } from 'kysely';

/**
 * The bill ledger (docs/domain.md, "The bill ledger"): packages, their holdings as sub-ticket ranges, the
 * applications a counterparty answers and the chain of events. Sub-ticket numbers count fen from 1.
 */
export interface BillLedgerTables {
  bill_packages: BillPackageTable;
  bill_holdings: BillHoldingTable;
  bill_applications: BillApplicationTable;
  bill_events: BillEventTable;
  bill_package_days: BillPackageDayTable;
  bill_org_holdings: BillOrgHoldingsTable;
  bill_payable_days: BillPayableDaysTable;
  bill_locks: BillLockTable;
}

/** How many current holdings an organisation has: the held list's total without counting them. */
export interface BillOrgHoldingsTable {
  org_id: string;
  held: number;
  /**
   * Moved by every command that writes the organisation's holdings (ledger.ts, the end step): the held list
   * at one version is one list, so an answer kept for a version is served only while it is current.
   */
  version: Generated<number>;
}

/**
 * 应付票据 of one acceptor on one due date: its bills held received in a current range (CS03, not
 * TF0501), and the sum of those ranges; the ledger moves both at the end of every command.
 */
export interface BillPayableDaysTable {
  acceptor_org_id: string;
  due_date: string;
  bills: number;
  amount_fen: number;
}

export interface BillPackageTable {
  id: string;
  /** 30 digits: kind, drawer's branch, registration date, the day's sequence, check digit. */
  package_no: string;
  drawer_org_id: string;
  drawer_name: string;
  acceptor_org_id: string;
  acceptor_name: string;
  payee_org_id: string;
  payee_name: string;
  drawer_branch_no: string;
  amount_fen: number;
  /** YYYY-MM-DD */
  issue_date: string;
  due_date: string;
  /** 不得转让: 0 or 1. */
  no_transfer: number;
  splittable: number;
  remark: string;
  created_by: string;
  created_at: number;
  /** The parties' settlement accounts and their banks (branch names) as the face names them; null before 019. */
  drawer_account_no: string | null;
  drawer_bank_name: string | null;
  acceptor_account_no: string | null;
  acceptor_bank_name: string | null;
  payee_account_no: string | null;
  payee_bank_name: string | null;
}

/** One organisation's holding of `[sub_start, sub_end]`; the current ones have no `ended_at`. */
export interface BillHoldingTable {
  id: string;
  package_id: string;
  org_id: string;
  sub_start: number;
  sub_end: number;
  amount_fen: number;
  /** CS01..CS06 */
  bill_status: string;
  /** TF0101..TF0501 */
  circ_status: string;
  acquired_at: number;
  ended_at: number | null;
  /** The package's due date, copied at each write (it never changes), for the lists that ask by maturity. */
  due_date: string;
  /** The holder's settlement account the range is held in; null for holdings before 019. */
  account_id: string | null;
}

export interface BillApplicationTable {
  id: string;
  package_id: string;
  /** acceptance | receipt | endorsement */
  kind: string;
  applicant_org_id: string;
  /** Null when the applicant is an institution (a pledgee presenting), which has no members. */
  applicant_user_id: string | null;
  receiver_org_id: string;
  /** The locked holding the application is about. */
  holding_id: string;
  sub_start: number;
  sub_end: number;
  amount_fen: number;
  /** pending | signed | refused | withdrawn */
  status: string;
  reason: string | null;
  remark: string;
  answered_by: string | null;
  applied_at: number;
  answered_at: number | null;
  /** The settlement account the receiver chose when it signed; null otherwise and before 019. */
  receiver_account_id: string | null;
}

export interface BillEventTable {
  id: string;
  package_id: string;
  application_id: string | null;
  /** issued | applied | signed | refused | withdrawn | revoked */
  type: string;
  kind: string | null;
  from_org_id: string | null;
  to_org_id: string | null;
  sub_start: number;
  sub_end: number;
  amount_fen: number;
  reason: string | null;
  user_id: string | null;
  at: number;
  /** Orders events of the same millisecond. */
  seq: number;
}

/** The last sequence number given out on a registration day. */
export interface BillPackageDayTable {
  day: string;
  last_seq: number;
}

/**
 * A lock a business record of another module keeps on a holding (TF0302) while it needs the range to stay
 * put: a pledge financing from its submission until its pledge is applied for, or it ends.
 */
export interface BillLockTable {
  id: string;
  package_id: string;
  holding_id: string;
  /** The holder, who placed it. */
  org_id: string;
  /** The kind of record (`pledge-financing`) and its id. */
  owner_type: string;
  owner_id: string;
  /** active | released | broken (an authority's freeze took the range) */
  status: string;
  /** Why it was broken. */
  reason: string | null;
  locked_at: number;
  ended_at: number | null;
}
