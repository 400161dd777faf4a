import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Keys derived from one server secret, one per purpose, so a leak of one use does not serve another. */
export interface VerificationKeys {
  /** HMAC key of stored SMS codes. */
  smsCode: Buffer;
  /** HMAC key of the sandbox licence gateway's QR signatures. */
  qrSignature: Buffer;
  /** HMAC key of resident ID numbers (one number, one user) so the numbers themselves are never stored. */
  idNumber: Buffer;
  /** HMAC key of the sandbox e-sign provider's callbacks (a real provider's is its own, configured). */
  esignCallback: Buffer;
}

const SECRET_FILE = path.join('keys', 'verification-secret');
const SECRET_BYTES = 32;
/** A configured secret shorter than this (characters) is refused at start. */
export const VERIFICATION_SECRET_MIN_LENGTH = 32;

export interface VerificationSecretSource {
  /** `config.verificationSecret` (VERIFICATION_SECRET); wins over the file. */
  secret: string | undefined;
  dataDir: string;
  /** Keep a generated secret in memory only (in-memory test databases). */
  ephemeral: boolean;
}

function readOrCreateSecretFile(dataDir: string): string {
  const file = path.join(dataDir, SECRET_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8').trim();
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = crypto.randomBytes(SECRET_BYTES).toString('hex');
  try {
    // 'wx' fails when another process created the file meanwhile; its secret then wins.
    fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
    return secret;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8').trim();
    throw error;
  }
}

const derive = (secret: string, purpose: string): Buffer =>
  crypto.createHmac('sha256', secret).update(`chain-bill/${purpose}`).digest();

/**
 * The secret comes from VERIFICATION_SECRET, or is generated into DATA_DIR/keys on first start. Every node
 * behind a load balancer needs the same one: set the variable (or share DATA_DIR) when running several.
 */
export function loadVerificationKeys(source: VerificationSecretSource): VerificationKeys {
  let secret: string;
  if (source.secret !== undefined && source.secret !== '') {
    if (source.secret.length < VERIFICATION_SECRET_MIN_LENGTH) {
      throw new Error(`VERIFICATION_SECRET must be at least ${VERIFICATION_SECRET_MIN_LENGTH} characters`);
    }
    secret = source.secret;
  } else if (source.ephemeral) {
    secret = crypto.randomBytes(SECRET_BYTES).toString('hex');
  } else {
    secret = readOrCreateSecretFile(source.dataDir);
  }
  return {
    smsCode: derive(secret, 'sms-code'),
    qrSignature: derive(secret, 'qr-signature'),
    idNumber: derive(secret, 'id-number'),
    esignCallback: derive(secret, 'esign-callback'),
  };
}
