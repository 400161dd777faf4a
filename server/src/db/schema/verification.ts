import type { Generated } from 'kysely';

/** Secondary verification: challenges, SMS codes, QR sessions, and the sandbox SMS outbox. */
export interface VerificationTables {
  verification_challenges: VerificationChallengeTable;
  sms_codes: SmsCodeTable;
  qr_sessions: QrSessionTable;
  sms_outbox: SmsOutboxTable;
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
