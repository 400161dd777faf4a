import { addDays, addMonths, daysBetween, isCalendarDate } from '../../src/lib/calendar-date';
import { discountFigures, interestFen } from '../../src/lib/interest';

describe('calendar dates', () => {
  it('counts the first day and not the last, across month, year and leap-day ends', () => {
    expect(daysBetween('2026-12-01', '2027-03-01')).toBe(90);
    expect(daysBetween('2024-02-01', '2024-03-01')).toBe(29);
    expect(daysBetween('2026-02-01', '2026-03-01')).toBe(28);
    expect(daysBetween('2026-03-02', '2026-03-03')).toBe(1);
    expect(daysBetween('2026-03-02', '2026-03-02')).toBe(0);
    expect(daysBetween('2026-03-03', '2026-03-02')).toBe(-1);
    expect(daysBetween('2027-12-31', '2028-12-31')).toBe(366);
  });

  it('moves dates by days and months', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2028-02-28', 1)).toBe('2028-02-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
  });

  it('knows a real date from a malformed or impossible one', () => {
    expect(isCalendarDate('2028-02-29')).toBe(true);
    for (const text of ['2027-02-29', '2026-13-01', '2026-3-1', '20261001', '2026-03-01T00:00', '']) {
      expect(isCalendarDate(text), text).toBe(false);
    }
  });
});

describe('interest', () => {
  it('is principal x rate x days / basis, rounded half up to the fen once', () => {
    // 1,000,000.00 at 2 % for 90 days on 360: 5,000.00.
    expect(interestFen(100_000_000, '2.0000', 90, 360)).toBe(500_000);
    // 1,000,000.00 at 3.85 % for 181 days: 19,356.944... on 360, 19,091.780... on 365.
    expect(interestFen(100_000_000, '3.8500', 181, 360)).toBe(1_935_694);
    expect(interestFen(100_000_000, '3.8500', 181, 365)).toBe(1_909_178);
  });

  it('rounds a half fen up, not to even', () => {
    // 12,345.00 at 3.6 % for 10 days is 1,234.5 fen exactly.
    expect(interestFen(1_234_500, '3.6000', 10, 360)).toBe(1235);
    // 100.00 at 1.8 % for one day is half a fen: one fen.
    expect(interestFen(10_000, '1.8000', 1, 360)).toBe(1);
    // Just under a half fen stays down: 100.00 at 1.7999 % for one day is 0.49997 fen.
    expect(interestFen(10_000, '1.7999', 1, 360)).toBe(0);
  });

  it('is exact on the largest face a bill can have', () => {
    // 9,999,999,999.99 at 23.9999 % for 366 days: no float could hold the intermediate products.
    expect(interestFen(999_999_999_999, '23.9999', 366, 360)).toBe(243_998_983_333);
  });

  it('refuses a negative or fractional principal or day count', () => {
    expect(() => interestFen(-1, '2', 1, 360)).toThrow(RangeError);
    expect(() => interestFen(1.5, '2', 1, 360)).toThrow(RangeError);
    expect(() => interestFen(100, '2', -1, 360)).toThrow(RangeError);
  });
});

describe('a discount', () => {
  const terms = { faceFen: 100_000_000, annualRatePercent: '2.0000', days: 90, adjustDays: 0 } as const;

  it('deducts the interest from the seller when the seller pays (PT02)', () => {
    expect(discountFigures({ ...terms, payer: 'PT02' })).toEqual({
      interestFen: 500_000,
      buyerPaysFen: 0,
      sellerPaysFen: 500_000,
      netFen: 99_500_000,
    });
  });

  it('pays the seller the face when the buyer pays (PT01)', () => {
    expect(discountFigures({ ...terms, payer: 'PT01' })).toEqual({
      interestFen: 500_000,
      buyerPaysFen: 500_000,
      sellerPaysFen: 0,
      netFen: 100_000_000,
    });
  });

  it('splits the interest by the buyer share under an agreement (PT03), the parts adding up', () => {
    expect(discountFigures({ ...terms, payer: 'PT03', buyerSharePercent: '40' })).toMatchObject({
      buyerPaysFen: 200_000,
      sellerPaysFen: 300_000,
      netFen: 99_700_000,
    });
    // 1,235 fen of interest half and half: the buyer's 617.5 rounds up, the seller bears the other 617.
    const tie = discountFigures({
      faceFen: 1_234_500,
      annualRatePercent: '3.6000',
      days: 10,
      adjustDays: 0,
      payer: 'PT03',
      buyerSharePercent: '50.00',
    });
    expect(tie).toEqual({ interestFen: 1235, buyerPaysFen: 618, sellerPaysFen: 617, netFen: 1_233_883 });
  });

  it('counts the adjust days with the days', () => {
    // Maturity on 2026-10-01, paid on the 8th: 30 + 7 days at 2 % on 1,000,000.00 is 2,055.555... yuan.
    expect(discountFigures({ ...terms, days: 30, adjustDays: 7, payer: 'PT02' }).interestFen).toBe(205_556);
  });
});
