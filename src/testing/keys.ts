import { generateKeyPairSync } from 'node:crypto';
import forge from 'node-forge';

/** An RSA key pair made for the test run, like the server's password-transport key. */
export function makeRsaKeyPair(): { publicKeyPem: string; privateKeyPem: string } {
  const { publicKey, privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
  });
  return { publicKeyPem: publicKey, privateKeyPem: privateKey };
}

/**
 * RSA PKCS#1 v1.5 decryption of a base64 ciphertext, as the server does it (Node 20's
 * crypto.privateDecrypt refuses PKCS#1 v1.5, hence node-forge).
 */
export function rsaDecrypt(cipherBase64: string, privateKeyPem: string): string {
  const key = forge.pki.privateKeyFromPem(privateKeyPem);
  return forge.util.decodeUtf8(key.decrypt(forge.util.decode64(cipherBase64), 'RSAES-PKCS1-V1_5'));
}
