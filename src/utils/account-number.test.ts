import { groupByFour, maskAccountNo } from './account-number';

describe('account numbers on screen', () => {
  it('groups the digits by four from the left', () => {
    expect(groupByFour('98450078801400000187')).toBe('9845 0078 8014 0000 0187');
    expect(groupByFour('622202123')).toBe('6222 0212 3');
    expect(groupByFour('1234')).toBe('1234');
  });

  it('keeps the first and last four digits and masks the rest, grouped', () => {
    expect(maskAccountNo('6222021234567890')).toBe('6222 **** **** 7890');
    expect(maskAccountNo('98450078801400000187')).toBe('9845 **** **** **** 0187');
    expect(maskAccountNo('622202123')).toBe('6222 *212 3');
  });

  it('keeps two digits at each end of a short number', () => {
    expect(maskAccountNo('123456')).toBe('12** 56');
    expect(maskAccountNo('12345678')).toBe('12** **78');
  });
});
