/** 提示付款 (modules/payment): the terms and the answer of each presentation beside its bill_applications row. */
export interface PaymentTables {
  payment_applications: PaymentApplicationTable;
}

export interface PaymentApplicationTable {
  /** The bill_applications row of kind payment (range, presenter, acceptor, status). */
  application_id: string;
  presenter_org_id: string;
  acceptor_org_id: string;
  /** holder | system (day-end, on the maturity date) */
  presented_by: string;
  /** Shanghai YYYY-MM-DD */
  presented_on: string;
  /** 1 for 逾期提示付款, after the presentation period. */
  overdue: number;
  overdue_reason: string | null;
  /** The last day of the acceptor's answer (YYYY-MM-DD). */
  answer_due: string;
  /** SM00 | SM01, once paid. */
  clearing: string | null;
  /** acceptor | funds | timeout, once refused. */
  refused_by: string | null;
  refusal_code: string | null;
  refusal_text: string | null;
  /** The sandbox bank's payment of a 线上 付款. */
  payment_id: string | null;
  created_at: number;
  answered_at: number | null;
}
