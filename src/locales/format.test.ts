import { format } from './format';

describe('a catalogue text filled in', () => {
  it('writes a number as the platform locale does, and a string as it is', () => {
    expect(format('共 {total} 条', { total: 4060 })).toBe('共 4,060 条');
    expect(format('{count} 笔', { count: 32 })).toBe('32 笔');
    expect(format('利率 {rate}', { rate: 1234.5 })).toBe('利率 1,234.5');
    expect(format('{years}年节假日', { years: '2027、2028' })).toBe('2027、2028年节假日');
  });

  it('leaves a placeholder it was given no value for', () => {
    expect(format('{name}，您好', {})).toBe('{name}，您好');
  });
});
