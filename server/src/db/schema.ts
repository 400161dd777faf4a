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
  verification_challenges: VerificationChallengeTable;
  sms_codes: SmsCodeTable;
  qr_sessions: QrSessionTable;
  sms_outbox: SmsOutboxTable;
  platform_settings: PlatformSettingTable;
  plat_messages: PlatMessageTable;
  plat_message_reads: PlatMessageReadTable;
  bills: BillTable;
  bill_operations: BillOperationTable;
  export_tasks: ExportTaskTable;
  channels: ChannelTable;
  channel_functions: ChannelFunctionTable;
  org_channels: OrgChannelTable;
  org_function_openings: OrgFunctionOpeningTable;
  invitations: InvitationTable;
  idempotent_requests: IdempotentRequestTable;
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

/** Settings an operator may change without a release (SHCPE system status, business hours). Value is JSON. */
export interface PlatformSettingTable {
  key: string;
  value: string;
  updated_at: number;
}

/** A notice (type 2 to-do, 3 announcement) for one member, or for every member of the org when user_id is null. */
export interface PlatMessageTable {
  id: string;
  org_id: string;
  user_id: string | null;
  type: number;
  title: string;
  content: string;
  created_at: number;
}

/** Who has read which notice; an org-wide notice is read per member. */
export interface PlatMessageReadTable {
  message_id: string;
  user_id: string;
  read_at: number;
}

/** A holding of a supply-chain bill by an organisation (DOMAIN.md). Sub-ticket numbers are in fen units. */
export interface BillTable {
  id: string;
  org_id: string;
  /** 30 digits, `^[78]\d{29}$` for our own bills. */
  package_no: string;
  sub_start: number;
  sub_end: number;
  amount_fen: number;
  drawer_name: string;
  acceptor_name: string;
  payee_name: string;
  /** CS01..CS06 */
  bill_status: string;
  /** TF0101..TF0501 */
  circ_status: string;
  /** YYYY-MM-DD */
  issue_date: string;
  due_date: string;
  created_at: number;
}

/** The organisation's business operation log (issue, accept, discount, trans, pledge). */
export interface BillOperationTable {
  id: string;
  org_id: string;
  bill_id: string | null;
  biz_id: string;
  biz_type: string;
  /** apply | sign | reject | withdraw */
  op_type: string;
  bill_no: string;
  sub_start: number;
  sub_end: number;
  amount_fen: number;
  counterparty: string;
  /** processing | success | failed */
  status: string;
  operator_user_id: string | null;
  operator_name: string;
  created_at: number;
}

/** An export centre task; a worker claims it with a lease, so a crashed node's task is taken over. */
export interface ExportTaskTable {
  id: string;
  org_id: string;
  user_id: string;
  kind: string;
  name: string;
  /** JSON of the export's filters. */
  params: string;
  /** pending | running | done | failed */
  status: string;
  progress: Generated<number>;
  file_name: string;
  ascii_file_name: string;
  row_count: number | null;
  error: string | null;
  attempts: Generated<number>;
  lease_expires_at: number | null;
  created_at: number;
  started_at: number | null;
  finished_at: number | null;
}

/** A billing channel of the platform (the environment's channel id among them). */
export interface ChannelTable {
  id: string;
  name: string;
  created_at: number;
}

export interface ChannelFunctionTable {
  channel_id: string;
  func_code: string;
}

export interface OrgChannelTable {
  org_id: string;
  channel_id: string;
  is_default: number;
  created_at: number;
}

export interface OrgFunctionOpeningTable {
  org_id: string;
  func_code: string;
  opened_at: number;
  opened_by: string | null;
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
  created_at: number;
  expires_at: number;
  used_at: number | null;
  used_by: string | null;
}

/**
 * A sensitive operation waiting for its proof (SMS code or QR confirmation). Bound to a subject and to one
 * operation (method, route, params, query and body, hashed), so a proof never serves another request.
 */
export interface VerificationChallengeTable {
  /** The challengeId of the 406/412 answer. */
  id: string;
  /** 'sms' | 'qr' */
  kind: string;
  /** `user:<userId>:org:<orgId|->` for signed-in callers, `mobile:<mobile>` for routes before sign-in. */
  subject_key: string;
  /** Where SMS codes of this challenge go; the user's own mobile for signed-in callers. */
  mobile: string;
  user_id: string | null;
  org_id: string | null;
  /** SHA-256 (hex) of the canonical operation. */
  operation_hash: string;
  /** Chinese name shown to the licence holder. */
  operation_name: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
  invalidated_at: number | null;
}

/** One SMS code sent for a challenge; the newest one per mobile is the only one that can be valid. */
export interface SmsCodeTable {
  id: string;
  challenge_id: string;
  mobile: string;
  /** HMAC-SHA256 (hex) of `<id>:<code>` under the server's verification secret; the code is never stored. */
  code_hmac: string;
  /** Wrong presentations so far. */
  attempts: Generated<number>;
  created_at: number;
  expires_at: number;
  used_at: number | null;
  /** Set by the wrong try that reached the limit. */
  invalidated_at: number | null;
  /** Set when a newer code was sent to the same mobile. */
  superseded_at: number | null;
}

/** A QR code shown for a QR challenge, confirmed or refused by the e-licence holder. */
export interface QrSessionTable {
  /** The qrId; random, so it cannot be guessed from another. */
  id: string;
  challenge_id: string;
  user_id: string;
  org_id: string;
  /** 'pending' | 'confirmed' | 'refused' | 'expired' | 'replaced' */
  status: string;
  created_at: number;
  expires_at: number;
  decided_at: number | null;
  consumed_at: number | null;
}

/** Messages the sandbox SMS gateway "sent" (`GET /api/sandbox/sms`). */
export interface SmsOutboxTable {
  id: string;
  mobile: string;
  text: string;
  business_code: number;
  created_at: number;
}

/** The committed answer of one command, by its caller and the client's Idempotency-Key. */
export interface IdempotentRequestTable {
  user_id: string;
  idempotency_key: string;
  /** SHA-256 of method, route and body: the same key with another request is refused. */
  request_hash: string;
  status_code: number;
  /** The answer's body as JSON. */
  response_body: string;
  created_at: number;
}
