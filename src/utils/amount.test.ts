import { amountInWords, compactYuan, formatYuan } from './amount';

describe('amount in Chinese capitals', () => {
  it.each([
    ['1409.50', '壹仟肆佰零玖元伍角'],
    ['6007.14', '陆仟零柒元壹角肆分'],
    ['16409.02', '壹万陆仟肆佰零玖元零贰分'],
    ['325.04', '叁佰贰拾伍元零肆分'],
    ['10', '壹拾元整'],
    ['1.00', '壹元整'],
    ['100010', '壹拾万零壹拾元整'],
    ['1000100', '壹佰万零壹佰元整'],
    ['1000000001', '壹拾亿零壹元整'],
    ['0.5', '伍角'],
    ['0.05', '伍分'],
    ['0', '零元整'],
    ['12.345', '壹拾贰元叁角肆分伍厘'],
    ['1.0001', '壹元零壹毫'],
    ['1,234,567.89', '壹佰贰拾叁万肆仟伍佰陆拾柒元捌角玖分'],
    ['999999999999999', '玖佰玖拾玖万亿玖仟玖佰玖拾玖亿玖仟玖佰玖拾玖万玖仟玖佰玖拾玖元整'],
  ])('writes %s as %s', (amount, words) => {
    expect(amountInWords(amount)).toBe(words);
  });

  it.each([
    ['105000', '壹拾万伍仟元整'],
    ['1001000', '壹佰万壹仟元整'],
    ['1680.32', '壹仟陆佰捌拾元叁角贰分'],
    ['107000.53', '壹拾万柒仟元伍角叁分'],
  ])(
    'leaves out the 零 of a zero 万位 or 元位 before a non-zero 仟位 or 角位, as PBOC allows: %s',
    (amount, words) => {
      expect(amountInWords(amount)).toBe(words);
    },
  );

  it('rounds half up at the fourth decimal rather than cutting the amount off', () => {
    expect(amountInWords('12.34567')).toBe('壹拾贰元叁角肆分伍厘柒毫');
    expect(amountInWords('12.34565')).toBe('壹拾贰元叁角肆分伍厘柒毫');
    expect(amountInWords('12.34564')).toBe('壹拾贰元叁角肆分伍厘陆毫');
    expect(amountInWords('9999.99995')).toBe('壹万元整');
    expect(amountInWords('0.00004')).toBe('零元整');
    expect(amountInWords(0.1 + 0.2)).toBe('叁角');
  });

  it('writes a negative amount with 负 before it; the caller adds 人民币', () => {
    expect(amountInWords('-5')).toBe('负伍元整');
    expect(amountInWords('-0.001')).toBe('负壹厘');
  });

  it('returns empty from 1e15 on, also when rounding reaches it, and for what is not an amount', () => {
    expect(amountInWords('1000000000000000')).toBe('');
    expect(amountInWords('999999999999999.99995')).toBe('');
    expect(amountInWords('1e3')).toBe('');
    expect(amountInWords('abc')).toBe('');
    expect(amountInWords('')).toBe('');
    expect(amountInWords(undefined)).toBe('');
    expect(amountInWords(null)).toBe('');
  });
});

describe('yuan for display', () => {
  it('formats yuan with thousands separators and two decimals, without floats', () => {
    expect(formatYuan('1234567.8')).toBe('1,234,567.80');
    expect(formatYuan('-1234.565')).toBe('-1,234.57');
    expect(formatYuan('0.1')).toBe('0.10');
    expect(formatYuan('nope')).toBe('--');
  });

  it('shortens large amounts to 亿 and 万 for charts and cards', () => {
    expect(compactYuan('123456789.00')).toBe('1.23亿');
    expect(compactYuan('45600.00')).toBe('4.56万');
    expect(compactYuan('99.5')).toBe('99.5');
  });
});
