/** Applications to join an organisation and its e-licence QR authentications (contract/apply-record.ts). */
export interface ApplyRecordTables {
  apply_records: ApplyRecordTable;
  licence_qr_sessions: LicenceQrSessionTable;
}

export interface ApplyRecordTable {
  id: string;
  org_id: string;
  applicant_user_id: string;
  /** APPLY_RECORD_STATUS */
  status: string;
  remark: string;
  refuse_reason: string | null;
  /** JSON array of APPLY_ROLE values. */
  roles: string;
  /** The sniffed content type of the stored letter (file store key `apply-record/<id>/auth-letter`). */
  auth_letter_type: string | null;
  auth_letter_size: number | null;
  decided_by: string | null;
  created_at: number;
  decided_at: number | null;
}

export interface LicenceQrSessionTable {
  /** The qrId; 128 random bits, since it is what the licence app acts on. */
  id: string;
  /** LICENCE_QR_KIND */
  kind: string;
  org_id: string;
  /** Who asked for the code and hears its result. */
  user_id: string;
  apply_record_id: string | null;
  biz_type: string | null;
  /** JSON array of roles a confirm-auth gives. */
  roles: string | null;
  /** 'pending' | 'confirmed' | 'refused' | 'expired' | 'void' */
  status: string;
  created_at: number;
  expires_at: number;
  decided_at: number | null;
}
