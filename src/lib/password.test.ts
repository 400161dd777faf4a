import { makeRsaKeyPair, rsaDecrypt } from '@/testing/keys';
import { encryptPassword } from './password';

describe('password encryption', () => {
  const keys = makeRsaKeyPair();

  it('round-trips: what the app encrypts, the holder of the private key reads back', async () => {
    const cipher = await encryptPassword('Demo@1234', keys.publicKeyPem);

    expect(cipher).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(rsaDecrypt(cipher, keys.privateKeyPem)).toBe('Demo@1234');
  });

  it('keeps non-ASCII passwords intact', async () => {
    const cipher = await encryptPassword('链票通@2026', keys.publicKeyPem);
    expect(rsaDecrypt(cipher, keys.privateKeyPem)).toBe('链票通@2026');
  });

  it('pads randomly: the same password encrypts differently each time', async () => {
    const first = await encryptPassword('Demo@1234', keys.publicKeyPem);
    const second = await encryptPassword('Demo@1234', keys.publicKeyPem);
    expect(first).not.toBe(second);
  });

  it('fails loudly on an unusable key', async () => {
    await expect(encryptPassword('Demo@1234', 'not a key')).rejects.toThrow();
  });
});
