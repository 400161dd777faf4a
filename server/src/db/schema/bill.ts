/** The business operation log. */
export interface BillTables {
  bill_operations: BillOperationTable;
}

/** The organisation's business operation log (issue, accept, discount, trans, pledge). */
export interface BillOperationTable {
  id: string;
  org_id: string;
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
