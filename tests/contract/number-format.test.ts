// @vitest-environment node
import { NUMBER_LOCALE } from '@contract/constants';
import { countText, groupedInteger, yuanFigures } from '@contract/number-format';

describe('numbers as a person reads them', () => {
  it('are written in the platform locale', () => {
    expect(NUMBER_LOCALE).toBe('zh-CN');
    expect(countText(4060)).toBe(new Intl.NumberFormat('zh-CN').format(4060));
  });

  it('group a yuan amount with its two decimals, exactly, past what a float holds', () => {
    expect(yuanFigures('1234567.8')).toBe('1,234,567.80');
    expect(yuanFigures('9999999999.99')).toBe('9,999,999,999.99');
    // 2^53 + a fen: a float would write ...992.00.
    expect(yuanFigures('9007199254740993.01')).toBe('9,007,199,254,740,993.01');
    expect(yuanFigures('-1500')).toBe('-1,500.00');
    expect(yuanFigures('0.35')).toBe('0.35');
  });

  it('group the digits of a whole number exactly, and leave what is not one as it came', () => {
    expect(groupedInteger('12345678901234567890')).toBe('12,345,678,901,234,567,890');
    expect(groupedInteger('-1000')).toBe('-1,000');
    expect(groupedInteger('12a')).toBe('12a');
    expect(yuanFigures('--')).toBe('--');
    expect(countText(32)).toBe('32');
    expect(countText(1_280_000)).toBe('1,280,000');
  });
});
