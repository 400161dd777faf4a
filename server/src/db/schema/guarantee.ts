/** Guarantees and freezes (modules/guarantee, modules/freeze): the ledger's records beside the ranges. */
export interface GuaranteeTables {
  bill_guarantees: BillGuaranteeTable;
  bill_freezes: BillFreezeTable;
}

/** Freezes (modules/freeze): an authority's order on a range, the holding it froze, and its lifting. */
export interface BillFreezeTable {
  id: string;
  /** The registry's reference of the freeze order. */
  reference: string;
  package_id: string;
  /** The holder when the range was frozen. */
  org_id: string;
  /** The frozen holding (FZ01) while the freeze is active. */
  holding_id: string;
  sub_start: number;
  sub_end: number;
  amount_fen: number;
  /** judicial | lossStop | publicNotice */
  risk: string;
  authority: string;
  document_no: string;
  /** The circulation flag the range returns to when lifted. */
  prior_circ: string;
  /** active | lifted */
  status: string;
  frozen_at: number;
  lift_reference: string | null;
  lift_authority: string | null;
  lift_document_no: string | null;
  lifted_at: number | null;
}

export interface BillGuaranteeTable {
  id: string;
  package_id: string;
  /** drawer | acceptor | endorser: the applicant's role whose obligation is guaranteed. */
  role: string;
  /** The applicant, whose obligation is guaranteed. */
  guaranteed_org_id: string;
  guarantor_org_id: string;
  applicant_user_id: string;
  /** pending | signed | refused | withdrawn */
  status: string;
  remark: string;
  reason: string | null;
  answered_by: string | null;
  applied_at: number;
  answered_at: number | null;
}
