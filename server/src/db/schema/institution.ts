/** Financial institutions (modules/institution). */
export interface InstitutionTables {
  institutions: InstitutionTable;
}

/** The institution's facts beside its organisation row (whose kind is 'institution'). */
export interface InstitutionTable {
  org_id: string;
  /** The head office's 12-digit CNAPS number, a row of the branch directory. */
  bank_no: string;
  /** The bank as the directory names it. */
  bank_name: string;
  /** Its settlement account: where discounts are paid from and repayments go. */
  account_no: string;
  branch_no: string;
  branch_name: string;
  created_at: number;
}
