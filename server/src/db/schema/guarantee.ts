/** Guarantees (modules/guarantee): each application of a liable party to a guarantor, and its answer. */
export interface GuaranteeTables {
  bill_guarantees: BillGuaranteeTable;
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
