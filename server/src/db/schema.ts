import type { Generated } from 'kysely';

/**
 * Tables as Kysely sees them. Dialect-neutral on purpose (SQLite and PostgreSQL):
 * booleans are integers 0/1, times are epoch milliseconds, ids are text UUIDs, money is integer fen.
 */
export interface Database {
  organizations: OrganizationTable;
  users: UserTable;
  memberships: MembershipTable;
  permissions: PermissionTable;
  membership_permissions: MembershipPermissionTable;
  oauth_sessions: OAuthSessionTable;
  refresh_tokens: RefreshTokenTable;
  access_tokens: AccessTokenTable;
  login_attempts: LoginAttemptTable;
  cr_tokens: CrTokenTable;
  captcha_challenges: CaptchaChallengeTable;
  captcha_verifications: CaptchaVerificationTable;
  rate_counters: RateCounterTable;
}

export interface OrganizationTable {
  id: string;
  name: string;
  credit_code: string;
  authorized: number;
  bound: number;
  created_at: number;
}

export interface UserTable {
  id: string;
  mobile: string;
  name: string;
  password_hash: string;
  /** 'active' | 'disabled' */
  status: string;
  last_org_id: string | null;
  created_at: number;
  password_changed_at: number;
}

export interface MembershipTable {
  id: string;
  user_id: string;
  org_id: string;
  owner: number;
  created_at: number;
}

export interface PermissionTable {
  /** As the spec stores it, with the leading `/normal`. */
  path: string;
  name: string;
  sort: number;
}

export interface MembershipPermissionTable {
  membership_id: string;
  permission_path: string;
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

/** Failed sign-ins per mobile (known or not, so the answer does not reveal which). */
export interface LoginAttemptTable {
  mobile: string;
  failed_count: number;
  first_failed_at: number;
  locked_until: number | null;
}

export interface CaptchaChallengeTable {
  token: string;
  secret_key: string;
  answer_x: number;
  scene: string;
  client_uid: string | null;
  created_at: number;
  expires_at: number;
  /** Set by the one check a challenge allows, passed or not. */
  checked_at: number | null;
}

export interface CaptchaVerificationTable {
  /** SHA-256 (hex) of the captchaVerification string. */
  hash: string;
  scene: string;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}

/** Fixed-window counters for rate limits that must hold across restarts and nodes. */
export interface RateCounterTable {
  key: string;
  window_start: number;
  count: Generated<number>;
}
