/** The slider puzzle. */
export interface CaptchaTables {
  captcha_challenges: CaptchaChallengeTable;
  captcha_verifications: CaptchaVerificationTable;
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
  /** The client address the puzzle was solved from; only it may spend the verification. */
  client_ip: string | null;
  created_at: number;
  expires_at: number;
  used_at: number | null;
}
