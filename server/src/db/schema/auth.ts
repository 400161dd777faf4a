/** Sign-in sessions and their tokens. */
export interface AuthTables {
  oauth_sessions: OAuthSessionTable;
  refresh_tokens: RefreshTokenTable;
  access_tokens: AccessTokenTable;
  login_attempts: LoginAttemptTable;
  cr_tokens: CrTokenTable;
}

/** One sign-in: the family every rotated refresh token and access token of it belongs to. */
export interface OAuthSessionTable {
  id: string;
  user_id: string;
  /** The organisation the session acts for; null for a user who belongs to none yet. */
  org_id: string | null;
  client_id: string;
  created_at: number;
  /** Absolute end of the grant; rotation never extends it. */
  expires_at: number;
  revoked_at: number | null;
  revoked_reason: string | null;
}

export interface RefreshTokenTable {
  /** SHA-256 (hex) of the token; the token itself is never stored. */
  token_hash: string;
  session_id: string;
  /** The token this one replaced; null for the first of a session. Tells a stale token from a racing one. */
  parent_hash: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

export interface AccessTokenTable {
  token_hash: string;
  session_id: string;
  created_at: number;
  expires_at: number;
}

/** Failed sign-ins per mobile (known or not, so the answer does not reveal which). */
export interface LoginAttemptTable {
  mobile: string;
  failed_count: number;
  first_failed_at: number;
  locked_until: number | null;
}

/** One-time tokens that open a session from another system (spec section 2, `crToken`). */
export interface CrTokenTable {
  /** SHA-256 (hex) of the token. */
  token_hash: string;
  user_id: string;
  org_id: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
