/** 追索 (modules/recourse): each recourse notice with its claim and its party's 同意清偿, and the proofs. */
export interface RecourseTables {
  recourse_notices: RecourseNoticeTable;
  recourse_attachments: RecourseAttachmentTable;
}

export interface RecourseNoticeTable {
  id: string;
  package_id: string;
  /** The holder pursuing, and the range it pursues for (a whole holding under recourse). */
  pursuer_org_id: string;
  sub_start: number;
  sub_end: number;
  amount_fen: number;
  debtor_org_id: string;
  /** acceptor | drawer | endorser | guarantor */
  debtor_role: string;
  /** For a guarantor: the party whose obligation it answers for. */
  guaranteed_org_id: string | null;
  /**
   * Where the debtor stands in the chain: 0 the acceptor, 1 the drawer, 2… the endorsers in the order they
   * endorsed (a guarantor stands where its guaranteed party does). A payer pursues only those before it.
   */
  debtor_rank: number;
  /** BC14 | BC15 */
  kind: string;
  /** BC15: NR01..NR03 and the proof. */
  non_refusal_reason: string | null;
  attachment_id: string | null;
  /** 1 when the range was presented after its presentation period. */
  overdue: number;
  /** The day the pursuer's right began (YYYY-MM-DD): the refusal, its own payment, the first BC15 notice. */
  since: string;
  /**
   * What the claim is reckoned on, kept when sent: the amount interest runs on and the day it runs from (the
   * face and the maturity date; for further recourse what the pursuer paid and the day it paid). Null on a
   * notice sent before they were kept (051): face and maturity.
   */
  basis_fen: number | null;
  basis_from: string | null;
  /** face | paid: which of the two the basis is (051); null on a notice sent before, read as face. */
  basis_kind: string | null;
  costs_fen: number;
  costs_note: string | null;
  /** notified | agreed | paid | closed */
  status: string;
  /** The 同意清偿: the amount, the clearing, and the claim of that day. */
  agreed_amount_fen: number | null;
  clearing: string | null;
  agreed_on: string | null;
  agreed_at: number | null;
  agreed_by: string | null;
  reject_reason: string | null;
  /** The sandbox bank's payment of a 线上 清偿. */
  payment_id: string | null;
  /** The member who sent it; null when the pursuer is a pledgee institution, which has none (046). */
  applicant_user_id: string | null;
  notified_at: number;
  closed_at: number | null;
}

export interface RecourseAttachmentTable {
  id: string;
  org_id: string;
  /** application/pdf | image/jpeg | image/png */
  type: string;
  size: number;
  created_at: number;
}
