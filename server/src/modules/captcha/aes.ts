import crypto from 'node:crypto';

/**
 * AES-128-ECB/PKCS7 with base64 ciphertext: AJ-Captcha's cipher for the answer and for
 * captchaVerification. ECB is the protocol's choice, not ours; the key is per puzzle and is handed
 * to the client, so this only keeps answers from being sent in the clear.
 */
const ALGORITHM = 'aes-128-ecb';
const KEY_BYTES = 16;

function keyOf(key: string): Buffer {
  const bytes = Buffer.from(key, 'utf8');
  if (bytes.length !== KEY_BYTES) throw new RangeError(`AES-128 needs a ${KEY_BYTES}-byte key`);
  return bytes;
}

export function aesEcbEncrypt(plain: string, key: string): string {
  const cipher = crypto.createCipheriv(ALGORITHM, keyOf(key), null);
  return Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]).toString('base64');
}

/** The plain text, or null for anything that does not decrypt cleanly (bad base64, length, padding, key). */
export function aesEcbDecrypt(cipherBase64: string, key: string): string | null {
  try {
    const decipher = crypto.createDecipheriv(ALGORITHM, keyOf(key), null);
    const bytes = Buffer.concat([decipher.update(Buffer.from(cipherBase64, 'base64')), decipher.final()]);
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}
