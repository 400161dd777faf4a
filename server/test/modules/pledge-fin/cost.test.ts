import { API_ERROR } from '@contract/errors';
import { PLEDGE_FIN_URL, REPAYMENT_MODE } from '@contract/pledge-fin';
import type { PledgeCost } from '@contract/pledge-fin-schemas';
import { DEMO_PLEDGE_PRODUCTS } from '../../../src/db/demo/pledge-financing';
import { costOf, interestDates } from '../../../src/modules/pledge-fin/cost';
import { billCall, dataOf, errorCodeOf, MOBILE, ORG, tokenOf } from '../../support/bill-helpers';
import { startApp, type TestApp } from '../../support/helpers';

const terms = (fields: Partial<Parameters<typeof costOf>[0]> = {}) => ({
  principalFen: 100_000_000,
  annualRate: '3.8500',
  valueDate: '2026-01-31',
  maturityDate: '2026-07-31',
  dayBasis: 360 as const,
  feeRate: '0.0000',
  repaymentMode: REPAYMENT_MODE.atMaturity,
  ...fields,
});

describe('the cost of a loan, worked by hand', () => {
  it('counts the first day and not the last, and rounds once: the spec’s example', () => {
    // 1,000,000.00 x 3.85% x 181 / 360 = 19,356.944... yuan
    const cost = costOf(terms());
    expect(cost).toMatchObject({ days: 181, interest: '19356.94', fee: '0.00', netAmount: '1000000.00' });
  });

  it('counts 29 days across a leap February and 28 across a common one', () => {
    const leap = costOf(
      terms({ valueDate: '2028-02-01', maturityDate: '2028-03-01', annualRate: '3.6000', dayBasis: 365 }),
    );
    const common = costOf(
      terms({ valueDate: '2027-02-01', maturityDate: '2027-03-01', annualRate: '3.6000', dayBasis: 365 }),
    );
    // 1,000,000.00 x 3.6% x 29 / 365 = 2,860.2739...; x 28 / 365 = 2,761.6438...
    expect(leap).toMatchObject({ days: 29, interest: '2860.27', dayBasis: 365 });
    expect(common).toMatchObject({ days: 28, interest: '2761.64' });
  });

  it('rounds an exact half fen up, never to even', () => {
    // 100.00 x 1.8% x 1 / 360 = 0.5 fen; x 9% = 2.5 fen (banker's rounding would give 0 and 2)
    const half = { principalFen: 10_000, valueDate: '2026-03-02', maturityDate: '2026-03-03' };
    expect(costOf(terms({ ...half, annualRate: '1.8000' })).interest).toBe('0.01');
    expect(costOf(terms({ ...half, annualRate: '9.0000' })).interest).toBe('0.03');
  });

  it('charges one day for a loan of one day', () => {
    // 1,000,000.00 x 3.85% / 360 = 106.944...
    expect(costOf(terms({ valueDate: '2026-03-02', maturityDate: '2026-03-03' }))).toMatchObject({
      days: 1,
      interest: '106.94',
    });
  });

  it('stays exact on a very large principal, where a float would not', () => {
    // 9,999,999,999,999.99 x 23.9999% x 366 / 360 = 2,439,989,833,333.330 89... yuan
    const cost = costOf(
      terms({
        principalFen: 999_999_999_999_999,
        annualRate: '23.9999',
        valueDate: '2026-01-01',
        maturityDate: '2027-01-02',
        feeRate: '0.1000',
      }),
    );
    expect(cost).toMatchObject({
      days: 366,
      interest: '2439989833333.33',
      // 9,999,999,999,999.99 x 0.1% = 9,999,999,999.99999 rounds up to the next fen
      fee: '10000000000.00',
      netAmount: '9989999999999.99',
    });
  });

  it('deducts the fee, rounded half up, from what is paid out', () => {
    // 1,234,567.89 x 0.05% = 617.283945
    expect(costOf(terms({ principalFen: 123_456_789, feeRate: '0.0500' }))).toMatchObject({
      fee: '617.28',
      netAmount: '1233950.61',
    });
  });
});

describe('the schedule of payments', () => {
  it('falls on the 20th of every month, then maturity with the principal, adding up to the interest', () => {
    const cost = costOf(terms({ repaymentMode: REPAYMENT_MODE.monthly }));
    expect(cost.schedule.map((p) => p.endDate)).toEqual([
      '2026-02-20',
      '2026-03-20',
      '2026-04-20',
      '2026-05-20',
      '2026-06-20',
      '2026-07-20',
      '2026-07-31',
    ]);
    // Each payment is the rounded interest to its end less the rounded interest to its start.
    expect(cost.schedule.map((p) => p.interest)).toEqual([
      '2138.89',
      '2994.44',
      '3315.28',
      '3208.33',
      '3315.28',
      '3208.34',
      '1176.38',
    ]);
    expect(cost.schedule.at(-1)).toMatchObject({ principal: '1000000.00', amount: '1001176.38', days: 11 });
    expect(cost.schedule.slice(0, -1).every((p) => p.principal === '0.00')).toBe(true);
    expect(cost.schedule.reduce((days, p) => days + p.days, 0)).toBe(181);
  });

  it('falls quarterly on the 20th of March, June, September and December', () => {
    expect(interestDates('2026-01-31', '2026-07-31', REPAYMENT_MODE.quarterly)).toEqual([
      '2026-03-20',
      '2026-06-20',
    ]);
  });

  it('starts the month after a value date on the 20th, and ends before a maturity on the 20th', () => {
    expect(interestDates('2026-03-20', '2026-06-20', REPAYMENT_MODE.monthly)).toEqual([
      '2026-04-20',
      '2026-05-20',
    ]);
    expect(interestDates('2026-11-25', '2027-02-01', REPAYMENT_MODE.monthly)).toEqual([
      '2026-12-20',
      '2027-01-20',
    ]);
  });

  it('has one payment when interest is paid with the principal', () => {
    const cost = costOf(terms());
    expect(cost.schedule).toEqual([
      {
        seq: 1,
        startDate: '2026-01-31',
        endDate: '2026-07-31',
        days: 181,
        interest: '19356.94',
        principal: '1000000.00',
        amount: '1019356.94',
      },
    ]);
  });
});

describe('POST /api/scbill/pledge/cost/real-time/cal', () => {
  let t: TestApp;
  let token: string;
  beforeAll(async () => {
    t = await startApp();
    token = await tokenOf(t, MOBILE.suzhou, ORG.suzhou);
  });
  afterAll(async () => {
    await t.app.close();
  });
  const cal = (body: object) => billCall(t.app, 'POST', PLEDGE_FIN_URL.costCal, token, body);
  const body = {
    principal: '1000000.00',
    annualRate: '3.8500',
    valueDate: '2026-01-31',
    maturityDate: '2026-07-31',
  };

  it('answers the spec’s body with days and interest', async () => {
    expect(await dataOf<PledgeCost>(await cal(body))).toMatchObject({
      days: 181,
      interest: '19356.94',
      dayBasis: 360,
    });
  });

  it('takes the product’s rate, fee, mode and basis where the body names none', async () => {
    const product = DEMO_PLEDGE_PRODUCTS.spdbMonthly;
    const { annualRate: _, ...noRate } = body;
    const cost = await dataOf<PledgeCost>(await cal({ ...noRate, productId: product.id }));
    expect(cost).toMatchObject({
      annualRate: '3.8500',
      feeRate: '0.1000',
      fee: '1000.00',
      netAmount: '999000.00',
    });
    expect(cost.schedule).toHaveLength(7);
  });

  it('refuses each mistake with its own code, and a number for an amount', async () => {
    const refusals: Array<[object, string]> = [
      [{ principal: '0' }, API_ERROR.amountInvalid],
      [{ principal: '1.001' }, API_ERROR.amountInvalid],
      [{ annualRate: '24' }, API_ERROR.rateInvalid],
      [{ annualRate: '3.85001' }, API_ERROR.rateInvalid],
      [{ valueDate: '2026-02-30' }, API_ERROR.pledgeFinDateInvalid],
      [{ maturityDate: '2026-01-31' }, API_ERROR.pledgeFinDateInvalid],
      [{ maturityDate: '2027-02-02' }, API_ERROR.pledgeFinDateInvalid],
      [{ dayBasis: '364' }, API_ERROR.badRequest],
      [{ productId: 'no-such-product' }, API_ERROR.pledgeFinProductInvalid],
      [{ principal: 1000000 }, API_ERROR.fieldTypeInvalid],
    ];
    for (const [fields, code] of refusals) {
      const answer = await cal({ ...body, ...fields });
      expect(answer.statusCode, JSON.stringify(fields)).toBe(400);
      expect(errorCodeOf(answer), JSON.stringify(fields)).toBe(code);
    }
  });
});
