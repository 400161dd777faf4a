import { checkDigit, hasValidCheckDigit, packageNumber } from '../../../src/modules/bills/package-number';
import { addMonths } from '../../../src/modules/bills/rules';

describe('package numbers', () => {
  it('are 7, the branch, the registration date, the day sequence and a Luhn check digit', () => {
    const no = packageNumber('307305027511', '2026-03-02', 42);
    expect(no).toBe(`73073050275112026030200000042${checkDigit('73073050275112026030200000042')}`);
    expect(no.slice(0, 29)).toBe('73073050275112026030200000042');
    expect(hasValidCheckDigit(no)).toBe(true);
  });

  it('catch every single wrong digit and swaps of unequal neighbours', () => {
    const no = packageNumber('102290002018', '2026-11-23', 12_345);
    for (let i = 0; i < no.length; i += 1) {
      for (let d = 0; d <= 9; d += 1) {
        if (String(d) === no[i]) continue;
        expect(hasValidCheckDigit(`${no.slice(0, i)}${d}${no.slice(i + 1)}`)).toBe(false);
      }
    }
    for (let i = 0; i < no.length - 2; i += 1) {
      const [a, b] = [no[i]!, no[i + 1]!];
      // Luhn's one blind spot: 0 and 9 next to each other.
      if (a === b || a + b === '09' || a + b === '90') continue;
      expect(hasValidCheckDigit(`${no.slice(0, i)}${b}${a}${no.slice(i + 2)}`)).toBe(false);
    }
  });

  it('refuse a sequence beyond eight digits or a branch that is not twelve digits', () => {
    expect(() => packageNumber('307305027511', '2026-03-02', 100_000_000)).toThrow();
    expect(() => packageNumber('30730502751', '2026-03-02', 1)).toThrow();
  });
});

describe('the 6-month term', () => {
  it('ends on the same day six months on, or the last day of a shorter month', () => {
    expect(addMonths('2026-03-02', 6)).toBe('2026-09-02');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });
});
