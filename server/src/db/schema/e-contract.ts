/**
 * Electronic contracts: the organisations' e-sign accounts and seals, the contracts and their files, the
 * batch signings (sign records, a background task each) and the provider callbacks already applied; and
 * the sandbox e-sign provider's own books (its CA, accounts, sign flows and callback outbox).
 */
export interface EContractTables {
  esign_accounts: EsignAccountTable;
  esign_seals: EsignSealTable;
  contracts: ContractTable;
  sign_records: SignRecordTable;
  sign_record_items: SignRecordItemTable;
  esign_callback_events: EsignCallbackEventTable;
  sandbox_esign_ca: SandboxEsignCaTable;
  sandbox_esign_accounts: SandboxEsignAccountTable;
  sandbox_esign_flows: SandboxEsignFlowTable;
  sandbox_esign_callbacks: SandboxEsignCallbackTable;
}

export interface EsignAccountTable {
  org_id: string;
  /** The provider's id of the organisation's account. */
  provider_account_id: string;
  opened_by: string;
  opened_at: number;
}

export interface EsignSealTable {
  id: string;
  org_id: string;
  provider_seal_id: string;
  /** official40 | official42 | contract38 */
  template: string;
  name: string;
  label: string | null;
  /** The seal drawn as SVG, for the web. */
  svg: string;
  is_default: number;
  created_at: number;
}

export interface ContractTable {
  id: string;
  /** The organisation that signs it and sees it. */
  org_id: string;
  contract_no: string;
  title: string;
  template: string;
  /** The business record it belongs to: org-agreement (company centre), pledge-financing. */
  biz_type: string;
  biz_id: string;
  /** JSON: [{ role, name, creditCode }]. */
  parties: string;
  /** Which party of `parties` the organisation is. */
  signer_party: number;
  amount_fen: number;
  /** draft | signing | complete | revoked | expired | refused */
  status: string;
  file_key: string;
  signed_file_key: string | null;
  /** JSON: the signature fields of the file. */
  fields: string;
  flow_id: string | null;
  expires_at: number;
  signed_at: number | null;
  created_at: number;
  updated_at: number;
  /** The other party's signature, where it signs through its own account: the provider's flow of it. */
  counter_flow_id: string | null;
  counter_signed_at: number | null;
  /** Why the other party's signature failed, until it is made. */
  counter_error: string | null;
}

/** A batch signing: one authorisation (QR or SMS) for several contracts, run in the background. */
export interface SignRecordTable {
  id: string;
  org_id: string;
  user_id: string;
  /** The organisation's seal (esign_seals.id) the batch signs with. */
  seal_id: string;
  /** pending | running | done | failed (the task queue's), or cancelled before it ran. */
  status: string;
  total: number;
  attempts: number;
  lease_expires_at: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

export interface SignRecordItemTable {
  record_id: string;
  contract_id: string;
  position: number;
  /** pending | signing | signed | failed | cancelled */
  status: string;
  message: string | null;
  updated_at: number;
}

/** Every provider callback applied, by its event id: a replay changes nothing. */
export interface EsignCallbackEventTable {
  event_id: string;
  flow_id: string;
  status: string;
  received_at: number;
}

export interface SandboxEsignCaTable {
  id: string;
  certificate_pem: string;
  private_key_pem: string;
  created_at: number;
}

export interface SandboxEsignAccountTable {
  account_id: string;
  org_name: string;
  credit_code: string;
  certificate_pem: string;
  private_key_pem: string;
  created_at: number;
}

export interface SandboxEsignFlowTable {
  flow_id: string;
  account_id: string;
  /** draft | signing | complete | revoked | expired | refused */
  status: string;
  file_key: string;
  signed_file_key: string | null;
  field: string;
  title: string;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

/** Callbacks the sandbox provider owes the platform, retried until answered 2xx (a task each). */
export interface SandboxEsignCallbackTable {
  id: string;
  flow_id: string;
  body: string;
  /** pending | running | done | failed */
  status: string;
  attempts: number;
  lease_expires_at: number | null;
  next_attempt_at: number;
  created_at: number;
  started_at: number | null;
}
