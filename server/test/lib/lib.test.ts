import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import fc from 'fast-check';
import { validate as uuidValidate, version as uuidVersion } from 'uuid';
import { isValidCreditCode } from '../../src/lib/credit-code';
import { newId } from '../../src/lib/hash';
import {
  DUMMY_PASSWORD_HASH,
  hashPassword,
  isAcceptablePassword,
  verifyPassword,
} from '../../src/lib/passwords';
import { loadPasswordKey } from '../../src/lib/rsa';
import { cleanForLog, maskMobile } from '../../src/lib/security-log';
import { encryptWith } from '../support/helpers';

describe('passwords at rest', () => {
  it('hashes with scrypt N=16384 r=8 p=1, a 16-byte salt and a 32-byte key, and verifies', async () => {
    const stored = await hashPassword('Demo@1234');
    const [scheme, n, r, p, salt, key] = stored.split('$');
    expect([scheme, n, r, p]).toEqual(['scrypt', '16384', '8', '1']);
    expect(Buffer.from(salt!, 'base64url')).toHaveLength(16);
    expect(Buffer.from(key!, 'base64url')).toHaveLength(32);
    expect(await verifyPassword('Demo@1234', stored)).toBe(true);
    expect(await verifyPassword('Demo@1235', stored)).toBe(false);
    expect(await hashPassword('Demo@1234')).not.toBe(stored);
  });

  it('never matches a malformed or absurd stored hash', async () => {
    for (const stored of [
      '',
      'plain',
      'scrypt$1$8$1$AA$AA',
      'scrypt$3$8$1$AA$AA',
      `scrypt$${2 ** 30}$8$1$AA$AA`,
      'bcrypt$x',
    ]) {
      expect(await verifyPassword('x', stored)).toBe(false);
    }
  });

  it('keeps the dummy hash well-formed, so unknown mobiles really pay for a scrypt', async () => {
    const start = process.hrtime.bigint();
    expect(await verifyPassword('anything', DUMMY_PASSWORD_HASH)).toBe(false);
    expect(Number(process.hrtime.bigint() - start) / 1e6).toBeGreaterThan(5);
  });

  it.each([
    ['Demo@1234', true],
    ['abcdefg1', true],
    ['abcdefgh', false],
    ['12345678', false],
    ['abc1234', false],
    ['abcdefghij1234567890x', false],
    ['密码abcd1234', false],
    ['abcd 1234', false],
  ])('policy: %s -> %s', (password, ok) => {
    expect(isAcceptablePassword(password)).toBe(ok);
  });
});

describe('password transport key', () => {
  const pem = crypto
    .generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs1', format: 'pem' }) as string;

  it('takes a configured PEM, also with escaped newlines as env files carry it', async () => {
    const key = await loadPasswordKey({
      privateKeyPem: pem.replace(/\n/g, '\\n'),
      dataDir: '/nonexistent',
      ephemeral: false,
    });
    expect(key.decrypt(encryptWith(key.publicKeyPem, 'Abc12345'))).toBe('Abc12345');
  });

  it('refuses a key that is not RSA-2048', async () => {
    const small = crypto
      .generateKeyPairSync('rsa', { modulusLength: 1024 })
      .privateKey.export({ type: 'pkcs8', format: 'pem' }) as string;
    await expect(loadPasswordKey({ privateKeyPem: small, dataDir: '/x', ephemeral: false })).rejects.toThrow(
      /RSA-2048/,
    );
  });

  it('generates the key once into DATA_DIR/keys with mode 0600 and reuses it', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-key-'));
    try {
      const first = await loadPasswordKey({ privateKeyPem: undefined, dataDir, ephemeral: false });
      const file = path.join(dataDir, 'keys', 'password-rsa.pem');
      expect(fs.statSync(file).mode & 0o777).toBe(0o600);
      const again = await loadPasswordKey({ privateKeyPem: undefined, dataDir, ephemeral: false });
      expect(again.publicKeyPem).toBe(first.publicKeyPem);
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });

  it('answers null, never throws, for any ciphertext it cannot open', async () => {
    const key = await loadPasswordKey({ privateKeyPem: pem, dataDir: '/x', ephemeral: false });
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string(),
          fc.base64String({ minLength: 340, maxLength: 348 }),
          fc.uint8Array({ minLength: 256, maxLength: 256 }).map((b) => Buffer.from(b).toString('base64')),
        ),
        (input) => {
          const result = key.decrypt(input);
          expect(result === null || typeof result === 'string').toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('credit codes (GB 32100-2015)', () => {
  it('accepts the reference code and rejects a changed check character', () => {
    expect(isValidCreditCode('91350100M000100Y43')).toBe(true);
    expect(isValidCreditCode('91350100M000100Y44')).toBe(false);
    expect(isValidCreditCode('91350100M000100Y4')).toBe(false);
    expect(isValidCreditCode('91350100M000100YI3')).toBe(false);
  });
});

describe('security log input', () => {
  it('cannot start a new line', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary' }), (input) => {
        expect(cleanForLog(input)).not.toMatch(/[\r\n\u2028\u2029]/);
      }),
    );
    expect(cleanForLog('13800000001\r\n[FAKE] admin login ok')).toBe('13800000001  [FAKE] admin login ok');
  });

  it('masks mobiles', () => {
    expect(maskMobile('13800000001')).toBe('138****0001');
    expect(maskMobile('123')).toBe('****');
  });
});

describe('row ids', () => {
  it('sort in the order they were made, within one millisecond too, so a write appends to its index', () => {
    const ids = Array.from({ length: 5_000 }, () => newId());
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
    for (const id of ids.slice(0, 10)) {
      expect(uuidValidate(id)).toBe(true);
      expect(uuidVersion(id)).toBe(7);
    }
  });
});
