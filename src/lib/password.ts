/**
 * Password transport: RSA PKCS#1 v1.5 under the platform's public key, base64 (what the server decrypts).
 * The cipher library loads on first use, so the login screen's first paint does not wait for it.
 */
const loadCipher = () => import('@/lib/crypto');

export function preloadPasswordCipher(): void {
  void loadCipher().catch(() => undefined);
}

export async function encryptPassword(password: string, publicKeyPem: string): Promise<string> {
  const { rsaEncrypt } = await loadCipher();
  return rsaEncrypt(password, publicKeyPem);
}
