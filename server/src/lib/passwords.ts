import crypto from 'node:crypto';
import { promisify } from 'node:util';

const scrypt = promisify(crypto.scrypt) as (
  password: string,
  salt: Buffer,
  keylen: number,
  options: crypto.ScryptOptions,
) => Promise<Buffer>;

/** scrypt cost parameters (OWASP Password Storage minimum for scrypt). */
export const SCRYPT_N = 16_384;
export const SCRYPT_R = 8;
export const SCRYPT_P = 1;
const SALT_BYTES = 16;
const KEY_BYTES = 32;
const SCHEME = 'scrypt';
/** Upper bound on N accepted from a stored hash, so a corrupted row cannot make a login allocate gigabytes. */
const MAX_N = 1 << 20;

/** Rules for a new password: 8-20 printable ASCII characters with at least one letter and one digit. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 20;
const PASSWORD_POLICY = new RegExp(
  `^(?=.*[A-Za-z])(?=.*\\d)[\\x21-\\x7e]{${PASSWORD_MIN_LENGTH},${PASSWORD_MAX_LENGTH}}$`,
);

export const isAcceptablePassword = (password: string): boolean => PASSWORD_POLICY.test(password);

/**
 * A hash of a random password nobody knows, verified when the mobile is unknown (or the ciphertext did not
 * decrypt) so that every sign-in costs one scrypt and the response time does not tell who is registered.
 */
export const DUMMY_PASSWORD_HASH =
  'scrypt$16384$8$1$y7ianqMrIh_LnrEVrqIk4Q$H6Ut8fu_tTpjue-DuGvY8_iZjDweJDwyhi3gBw8lhdY';

const scryptOptions = (n: number, r: number, p: number): crypto.ScryptOptions => ({
  N: n,
  r,
  p,
  // Node's default maxmem (32 MiB) is just enough for N=16384 r=8; allow the ceiling MAX_N explicitly.
  maxmem: 256 * n * r + 1024 * 1024,
});

/** A self-describing `scrypt$N$r$p$salt$key` string (base64url parts), so parameters can be raised later. */
export async function hashPassword(password: string): Promise<string> {
  const salt = crypto.randomBytes(SALT_BYTES);
  const key = await scrypt(password, salt, KEY_BYTES, scryptOptions(SCRYPT_N, SCRYPT_R, SCRYPT_P));
  return [SCHEME, SCRYPT_N, SCRYPT_R, SCRYPT_P, salt.toString('base64url'), key.toString('base64url')].join(
    '$',
  );
}

/** True when `password` matches `stored`; a malformed stored hash never matches. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parts = stored.split('$');
  if (parts.length !== 6 || parts[0] !== SCHEME) return false;
  const [n, r, p] = parts.slice(1, 4).map(Number) as [number, number, number];
  const salt = Buffer.from(parts[4] ?? '', 'base64url');
  const expected = Buffer.from(parts[5] ?? '', 'base64url');
  const sane =
    Number.isInteger(n) &&
    n > 1 &&
    n <= MAX_N &&
    (n & (n - 1)) === 0 &&
    r >= 1 &&
    r <= 32 &&
    p >= 1 &&
    p <= 16;
  if (!sane || salt.length === 0 || expected.length === 0) return false;
  const actual = await scrypt(password, salt, expected.length, scryptOptions(n, r, p));
  return crypto.timingSafeEqual(actual, expected);
}
