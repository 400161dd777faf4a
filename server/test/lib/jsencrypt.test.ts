import { createRequire } from 'node:module';
import { startApp, passwordGrant, type TestApp } from '../support/helpers';

interface JSEncryptLike {
  setPublicKey(pem: string): void;
  encrypt(text: string): string | false;
}
// The SPA's own cipher library, loaded as CommonJS (its ESM build does not resolve under Node).
type JSEncryptClass = new () => JSEncryptLike;
const loaded = createRequire(import.meta.url)('jsencrypt') as JSEncryptClass & { JSEncrypt?: JSEncryptClass };
const JSEncrypt = loaded.JSEncrypt ?? loaded;

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

describe('passwords encrypted by jsencrypt, as the SPA does', () => {
  it('decrypt on the server and sign in', async () => {
    const cipher = new JSEncrypt();
    cipher.setPublicKey(t.app.passwordKey.publicKeyPem);
    for (const password of ['Demo@1234', '中文密码abc123', '~!@#$%^&*()_+a1']) {
      const ciphertext = cipher.encrypt(password);
      expect(typeof ciphertext).toBe('string');
      expect(t.app.passwordKey.decrypt(ciphertext as string)).toBe(password);
    }
    const response = await passwordGrant(t.app, {
      mobile: '13800000001',
      ciphertext: cipher.encrypt('Demo@1234') as string,
    });
    expect(response.statusCode).toBe(200);
  });
});
