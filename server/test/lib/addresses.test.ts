import { describe, expect, it } from 'vitest';
import { addressRule, isAddressOrBlock, isLoopbackHost } from '../../src/lib/addresses';

describe('addresses', () => {
  it('matches addresses against loopback and the given blocks', () => {
    const allowed = addressRule(['10.1.0.0/16']);
    expect(['127.0.0.1', '::1', '::ffff:127.0.0.9', '10.1.200.3'].map(allowed)).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['10.2.0.1', '0.0.0.0', '::', 'fe80::1', 'not-an-address', undefined].map(allowed)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('tells an address or block from anything else', () => {
    expect(['10.0.0.1', '10.0.0.0/8', '::1', 'fd00::/8', '192.0.2.1/32'].every(isAddressOrBlock)).toBe(true);
    expect(
      ['10.0.0.0/33', 'fd00::/129', 'example.org', '10.0.0.1/8/1', '10.0.0/8', 'true', ''].some(
        isAddressOrBlock,
      ),
    ).toBe(false);
  });

  it('knows the names of this machine', () => {
    expect(['localhost', 'LOCALHOST', '127.0.0.2', '::1', '[::1]'].every(isLoopbackHost)).toBe(true);
    expect(['0.0.0.0', '::', 'localhost.example.org', '192.0.2.1'].some(isLoopbackHost)).toBe(false);
  });
});
