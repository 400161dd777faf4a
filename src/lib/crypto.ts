import AES from 'crypto-js/aes';
import Utf8 from 'crypto-js/enc-utf8';
import ECB from 'crypto-js/mode-ecb';
import Pkcs7 from 'crypto-js/pad-pkcs7';
import JSEncrypt from 'jsencrypt';

/** AES-128-ECB/PKCS7, base64 out: the slider answer cipher of AJ-Captcha. */
export function aesEncrypt(plain: string, key: string): string {
  return AES.encrypt(Utf8.parse(plain), Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString();
}

export function aesDecrypt(cipherBase64: string, key: string): string {
  return AES.decrypt(cipherBase64, Utf8.parse(key), { mode: ECB, padding: Pkcs7 }).toString(Utf8);
}

/** RSA PKCS#1 v1.5 under the platform's public key (PEM), base64 out. Throws when the key is unusable. */
export function rsaEncrypt(plain: string, publicKeyPem: string): string {
  const rsa = new JSEncrypt();
  rsa.setPublicKey(publicKeyPem);
  const out = rsa.encrypt(plain);
  if (!out) throw new Error('RSA encryption failed');
  return out;
}
