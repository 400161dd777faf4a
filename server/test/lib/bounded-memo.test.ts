import { describe, expect, it } from 'vitest';
import { boundedMemo } from '../../src/lib/bounded-memo';
import { negotiateEncoding } from '../../src/lib/http-compression';

describe('boundedMemo', () => {
  it('computes each key once while it is kept, null answers included', () => {
    const computed: string[] = [];
    const memo = boundedMemo(3, (key) => {
      computed.push(key);
      return key === 'none' ? null : key.length;
    });
    expect([memo('ab'), memo('ab'), memo('none'), memo('none'), memo('abc')]).toEqual([2, 2, null, null, 3]);
    expect(computed).toEqual(['ab', 'none', 'abc']);
    expect(memo.size).toBe(3);
  });

  it('forgets every key together when a new one would pass the limit, and computes again after', () => {
    const computed: string[] = [];
    const memo = boundedMemo(2, (key) => {
      computed.push(key);
      return key.toUpperCase();
    });
    memo('a');
    memo('b');
    expect(memo('c')).toBe('C');
    expect(memo.size).toBe(1);
    expect(memo('a')).toBe('A');
    expect(computed).toEqual(['a', 'b', 'c', 'a']);
  });

  it('keeps Accept-Encoding answers right past the limit of kept headers', () => {
    for (let i = 0; i < 200; i++) {
      expect(negotiateEncoding(`gzip;q=0.${i % 10}, identity, x-${i}`)).toBe(i % 10 === 0 ? null : 'gzip');
    }
    expect(negotiateEncoding('gzip, deflate, br, zstd')).toBe('br');
  });
});
