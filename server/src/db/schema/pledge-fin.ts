/** Pledge financing (modules/pledge-fin): products, credit lines, financings, their bills and history. */
export interface PledgeFinTables {
  pledge_fin_products: PledgeFinProductTable;
  pledge_fin_credit_lines: PledgeFinCreditLineTable;
  pledge_financings: PledgeFinancingTable;
  pledge_fin_bills: PledgeFinBillTable;
  pledge_fin_history: PledgeFinHistoryTable;
  pledge_fin_payments: PledgeFinPaymentTable;
  pledge_fin_part_payments: PledgeFinPartPaymentTable;
  pledge_fin_rests: PledgeFinRestTable;
}

/**
 * A part of a scheduled payment received before it was paid whole: what the proceeds of a matured pledged bill
 * applied to its interest, then its penalty, then its principal.
 */
export interface PledgeFinPartPaymentTable {
  id: string;
  financing_id: string;
  seq: number;
  interest_fen: number;
  penalty_fen: number;
  principal_fen: number;
  paid_at: number;
  /** The bank's payment of the proceeds, or the pledge's reference when they were paid 线下. */
  payment_id: string;
}

/**
 * What the proceeds of a bill that matured pledged left over once the loan was repaid: the institution's
 * to pay to the borrower, owed while `paid_at` is null.
 */
export interface PledgeFinRestTable {
  id: string;
  financing_id: string;
  /** The pledge (its application id) whose bill was paid. */
  pledge_id: string;
  institution_org_id: string;
  proceeds_fen: number;
  amount_fen: number;
  /** Transfers the bank refused so far; the next is a payment of its own reference. */
  attempts: number;
  paid_at: number | null;
  payment_id: string | null;
  created_at: number;
}

/** A scheduled payment of a financing, paid. */
export interface PledgeFinPaymentTable {
  id: string;
  financing_id: string;
  /** The schedule's payment number, from 1. */
  seq: number;
  due_date: string;
  interest_fen: number;
  /** The principal, with the last payment; 0 before. */
  principal_fen: number;
  overdue_days: number;
  penalty_fen: number;
  /** Null when the proceeds of a bill that matured pledged paid it (its pledgee received them). */
  paid_by: string | null;
  paid_at: number;
  /** The bank's payment. */
  payment_id: string;
}

/** A financing product an institution offers. Rates are per cent texts with 4 decimals. */
export interface PledgeFinProductTable {
  id: string;
  institution_org_id: string;
  name: string;
  annual_rate: string;
  /** Per cent of a bill's face lent against it, 2 decimals. */
  pledge_ratio: string;
  min_fen: number;
  max_fen: number;
  max_term_days: number;
  fee_rate: string;
  /** MONTHLY | QUARTERLY | AT_MATURITY */
  repayment_mode: string;
  /** 360 | 365 */
  day_basis: number;
  penalty_rate: string;
  created_at: number;
}

/** What an institution will lend an organisation in all (授信额度). */
export interface PledgeFinCreditLineTable {
  org_id: string;
  institution_org_id: string;
  line_fen: number;
  created_at: number;
}

/**
 * One financing. A draft may lack any term; a submission has them all. The product's terms are copied when
 * it is chosen and again at submission, so a product changed later does not change a loan asked for.
 */
export interface PledgeFinancingTable {
  id: string;
  org_id: string;
  fin_no: string;
  /** 5240000xx, contract/pledge-fin.ts PLEDGE_FIN_STATE */
  state: string;
  product_id: string | null;
  institution_org_id: string | null;
  principal_fen: number | null;
  annual_rate: string | null;
  pledge_ratio: string | null;
  fee_rate: string | null;
  repayment_mode: string | null;
  day_basis: number | null;
  penalty_rate: string | null;
  /** The day the money is paid out (planned: the day of submission), YYYY-MM-DD. */
  value_date: string | null;
  maturity_date: string | null;
  purpose: string;
  created_by: string;
  submitted_by: string | null;
  submitted_at: number | null;
  approved_by: string | null;
  approved_at: number | null;
  /** The approver's opinion (required for a rejection). */
  opinion: string | null;
  created_at: number;
  updated_at: number;
  /** Set at the pay-out: the fee kept and the net amount paid into the settlement account. */
  fee_fen: number | null;
  net_fen: number | null;
  paid_out_at: number | null;
  payout_payment_id: string | null;
}

/** A held bill (the whole holding) chosen for a financing. */
export interface PledgeFinBillTable {
  financing_id: string;
  holding_id: string;
  package_id: string;
  /** The order the applicant chose them in. */
  seq: number;
  /** The pledge (its application on the ledger) once signed. */
  pledge_id: string | null;
}

/** One act on a financing. */
export interface PledgeFinHistoryTable {
  id: string;
  financing_id: string;
  action: string;
  from_state: string | null;
  to_state: string;
  /** Null for an act of the institution or the platform. */
  user_id: string | null;
  opinion: string | null;
  at: number;
  /** Orders the acts of one financing. */
  seq: number;
}
