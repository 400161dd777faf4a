import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import forge from 'node-forge';

export const RSA_KEY_BITS = 2048;
const CIPHERTEXT_BYTES = RSA_KEY_BITS / 8;
const KEY_FILE = path.join('keys', 'password-rsa.pem');
const BASE64 = /^[A-Za-z0-9+/]+={0,2}$/;

/** The key pair that protects passwords on the wire (the SPA encrypts with jsencrypt). */
export interface PasswordKey {
  /** SPKI PEM (`-----BEGIN PUBLIC KEY-----`), what jsencrypt's setPublicKey takes. */
  publicKeyPem: string;
  /**
   * The plain text of a base64 RSA PKCS#1 v1.5 ciphertext, or null for ANY failure (not base64, wrong size,
   * wrong key, bad padding, not UTF-8). Callers answer every null the same way, so nothing about the failure
   * (least of all a padding verdict) leaks.
   */
  decrypt(ciphertextBase64: string): string | null;
}

export interface PasswordKeySource {
  /** A PEM private key given by configuration (PKCS#1 or PKCS#8); wins over the file. */
  privateKeyPem: string | undefined;
  dataDir: string;
  /** Keep a generated key in memory only (in-memory test databases). */
  ephemeral: boolean;
}

/** Tests build many apps; one generated key per process keeps them fast. */
let ephemeralKeyPem: Promise<string> | undefined;

const generateKeyPair = promisify(crypto.generateKeyPair);

/** Off the event loop: a first start generates the key while the database is migrated and seeded. */
async function generatePrivateKeyPem(): Promise<string> {
  const { privateKey } = await generateKeyPair('rsa', { modulusLength: RSA_KEY_BITS });
  return privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
}

async function readOrCreateKeyFile(dataDir: string): Promise<string> {
  const file = path.join(dataDir, KEY_FILE);
  if (fs.existsSync(file)) return fs.readFileSync(file, 'utf8');
  fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const pem = await generatePrivateKeyPem();
  try {
    // 'wx' fails when another process created the file meanwhile; its key then wins.
    fs.writeFileSync(file, pem, { mode: 0o600, flag: 'wx' });
    return pem;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return fs.readFileSync(file, 'utf8');
    throw error;
  }
}

export async function loadPasswordKey(source: PasswordKeySource): Promise<PasswordKey> {
  let pem: string;
  if (source.privateKeyPem) {
    // Environment variables often carry PEMs with literal "\n".
    pem = source.privateKeyPem.replace(/\\n/g, '\n');
  } else if (source.ephemeral) {
    ephemeralKeyPem ??= generatePrivateKeyPem();
    pem = await ephemeralKeyPem;
  } else {
    pem = await readOrCreateKeyFile(source.dataDir);
  }
  const nodeKey = crypto.createPrivateKey(pem);
  const bits = nodeKey.asymmetricKeyDetails?.modulusLength ?? 0;
  if (nodeKey.asymmetricKeyType !== 'rsa' || bits !== RSA_KEY_BITS) {
    throw new Error(`the password key must be RSA-${RSA_KEY_BITS}`);
  }
  const publicKeyPem = crypto.createPublicKey(nodeKey).export({ type: 'spki', format: 'pem' }) as string;
  // Node 20 refuses PKCS#1 v1.5 decryption (CVE-2023-46809), and jsencrypt only speaks v1.5: forge decrypts.
  const forgeKey = forge.pki.privateKeyFromPem(
    nodeKey.export({ type: 'pkcs1', format: 'pem' }) as string,
  ) as forge.pki.rsa.PrivateKey;

  return {
    publicKeyPem,
    decrypt(ciphertextBase64) {
      const compact = ciphertextBase64.trim();
      if (!BASE64.test(compact)) return null;
      const bytes = Buffer.from(compact, 'base64');
      if (bytes.length !== CIPHERTEXT_BYTES) return null;
      try {
        return forge.util.decodeUtf8(forgeKey.decrypt(bytes.toString('binary'), 'RSAES-PKCS1-V1_5'));
      } catch {
        return null;
      }
    },
  };
}
