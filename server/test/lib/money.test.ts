import { fenToYuan, yuanText } from '../../src/lib/money';

describe('amounts in fen', () => {
  it('go on the wire as a plain decimal', () => {
    expect(fenToYuan(128_000_000)).toBe('1280000.00');
  });

  it('read in a sentence with thousands separators', () => {
    expect(yuanText(128_000_000)).toBe('1,280,000.00');
    expect(yuanText(999_999_999_999)).toBe('9,999,999,999.99');
    expect(yuanText('35')).toBe('0.35');
    expect(yuanText(100_000)).toBe('1,000.00');
    expect(yuanText(-150_000)).toBe('-1,500.00');
  });
});
