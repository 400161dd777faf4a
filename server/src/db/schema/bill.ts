/** Bill holdings and the business operation log. */
export interface BillTables {
  bills: BillTable;
  bill_operations: BillOperationTable;
}

/** A holding of a supply-chain bill by an organisation (docs/domain.md). Sub-ticket numbers are in fen units. */
export interface BillTable {
  id: string;
  org_id: string;
  /** 30 digits, `^[78]\d{29}$` for our own bills. */
  package_no: string;
  sub_start: number;
  sub_end: number;
  amount_fen: number;
  drawer_name: string;
  acceptor_name: string;
  payee_name: string;
  /** CS01..CS06 */
  bill_status: string;
  /** TF0101..TF0501 */
  circ_status: string;
  /** YYYY-MM-DD */
  issue_date: string;
  due_date: string;
  created_at: number;
}

/** The organisation's business operation log (issue, accept, discount, trans, pledge). */
export interface BillOperationTable {
  id: string;
  org_id: string;
  bill_id: string | null;
  biz_id: string;
  biz_type: string;
  /** apply | sign | reject | withdraw */
  op_type: string;
  bill_no: string;
  sub_start: number;
  sub_end: number;
  amount_fen: number;
  counterparty: string;
  /** processing | success | failed */
  status: string;
  operator_user_id: string | null;
  operator_name: string;
  created_at: number;
}
