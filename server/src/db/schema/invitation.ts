/** Invitations to join an organisation. */
export interface InvitationTables {
  invitations: InvitationTable;
}

/** An invitation to join an organisation; the code itself is never stored. */
export interface InvitationTable {
  id: string;
  org_id: string;
  /** SHA-256 (hex) of the code. */
  code_hash: string;
  inviter_user_id: string;
  /** When set, only the account with this mobile may accept. */
  mobile: string | null;
  /** JSON list of the role codes granted on acceptance; null: the invited member's default permissions. */
  roles: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  used_by: string | null;
}
