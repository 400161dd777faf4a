import type { DiscountTrial } from '@contract/discount-schemas';
import { loadHolidayYear, parseHolidayYearFile } from '../../../src/modules/holiday/service';
import { authed, signIn, startApp, type TestApp } from '../../support/helpers';

const TRIAL = '/api/scbill/discount/trial';

let t: TestApp;
let accessToken: string;
beforeAll(async () => {
  t = await startApp();
  // A member of the unauthenticated company: the calculator needs only a signed-in user.
  accessToken = (await signIn(t.app, '13800000003')).access_token;
});
afterAll(async () => {
  await t.app.close();
});

const trial = (body: object) => authed(t.app, 'POST', TRIAL, accessToken, body);

async function figures(body: object): Promise<DiscountTrial> {
  const response = await trial(body);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: DiscountTrial }>().data;
}

const EXAMPLE = {
  faceAmount: '1000000.00',
  annualRate: '2.0000',
  discountDate: '2026-12-01',
  maturityDate: '2027-03-01',
};

describe('POST /api/scbill/discount/trial', () => {
  it('works the issue example: 90 days at 2 % on 1,000,000.00, the seller paying', async () => {
    expect(await figures(EXAMPLE)).toEqual({
      ...EXAMPLE,
      paymentDate: '2027-03-01',
      days: 90,
      adjustDays: 0,
      interestPayer: 'PT02',
      interest: '5000.00',
      buyerInterest: '0.00',
      sellerInterest: '5000.00',
      netAmount: '995000.00',
    });
  });

  it('adds the days to the next business day when maturity is a holiday', async () => {
    // 2026-10-01 is National Day; the bill is paid on the 8th: 30 + 7 days, 2,055.555... yuan.
    expect(
      await figures({ ...EXAMPLE, discountDate: '2026-09-01', maturityDate: '2026-10-01' }),
    ).toMatchObject({
      paymentDate: '2026-10-08',
      days: 30,
      adjustDays: 7,
      interest: '2055.56',
      netAmount: '997944.44',
    });
  });

  it('counts a leap February', async () => {
    expect(
      await figures({
        ...EXAMPLE,
        annualRate: '2.5',
        discountDate: '2024-02-01',
        maturityDate: '2024-03-01',
      }),
    ).toMatchObject({
      annualRate: '2.5000',
      days: 29,
      adjustDays: 0,
      interest: '2013.89',
      netAmount: '997986.11',
    });
  });

  it('rounds a half fen up', async () => {
    // 12,345.00 at 3.6 % for 10 days is 12.345 yuan.
    const tie = {
      faceAmount: '12345',
      annualRate: '3.6',
      discountDate: '2026-03-02',
      maturityDate: '2026-03-12',
    };
    expect(await figures(tie)).toMatchObject({
      faceAmount: '12345.00',
      interest: '12.35',
      netAmount: '12332.65',
    });
  });

  it('pays the seller the face when the buyer pays, and splits by agreement', async () => {
    expect(await figures({ ...EXAMPLE, interestPayer: 'PT01' })).toMatchObject({
      interest: '5000.00',
      buyerInterest: '5000.00',
      sellerInterest: '0.00',
      netAmount: '1000000.00',
    });
    expect(await figures({ ...EXAMPLE, interestPayer: 'PT03', buyerSharePercent: '40' })).toMatchObject({
      buyerSharePercent: '40.00',
      buyerInterest: '2000.00',
      sellerInterest: '3000.00',
      netAmount: '997000.00',
    });
  });

  it('adjusts for a weekend in a year nobody published, and for its holidays once loaded', async () => {
    // 2027-01-01 is a Friday: with no 2027 data it is a business day.
    const newYear = { ...EXAMPLE, discountDate: '2026-12-01', maturityDate: '2027-01-01' };
    expect(await figures(newYear)).toMatchObject({ days: 31, adjustDays: 0, interest: '1722.22' });
    await loadHolidayYear(
      t.app.db,
      parseHolidayYearFile({
        year: 2027,
        source: '测试用安排',
        holidays: [{ name: '元旦', from: '2027-01-01', to: '2027-01-03' }],
        workdays: [],
      }),
      t.clock.now(),
    );
    expect(await figures(newYear)).toMatchObject({
      paymentDate: '2027-01-04',
      days: 31,
      adjustDays: 3,
      interest: '1888.89',
    });
  });

  it('refuses each mistake with its own code and a Chinese message', async () => {
    const cases: Array<[object, string, RegExp]> = [
      [{ faceAmount: '0' }, 'AMOUNT_INVALID', /票面金额/],
      [{ faceAmount: '1.001' }, 'AMOUNT_INVALID', /票面金额/],
      [{ faceAmount: '10000000000.00' }, 'AMOUNT_INVALID', /票面金额/],
      [{ faceAmount: '-5' }, 'AMOUNT_INVALID', /票面金额/],
      [{ annualRate: '0' }, 'RATE_INVALID', /贴现利率/],
      [{ annualRate: '2.00001' }, 'RATE_INVALID', /贴现利率/],
      [{ annualRate: '24' }, 'RATE_INVALID', /贴现利率/],
      [{ annualRate: '2%' }, 'RATE_INVALID', /贴现利率/],
      [{ discountDate: '2026-02-30' }, 'DISCOUNT_DATE_INVALID', /贴现日/],
      [{ maturityDate: '2027-3-1' }, 'DISCOUNT_DATE_INVALID', /到期日/],
      [{ discountDate: '2027-03-01' }, 'DISCOUNT_DATE_INVALID', /早于/],
      [{ discountDate: '2026-01-01', maturityDate: '2027-03-01' }, 'DISCOUNT_DATE_INVALID', /不能超过/],
      [{ interestPayer: 'PT03' }, 'INTEREST_SHARE_INVALID', /买方付息比例/],
      [{ interestPayer: 'PT03', buyerSharePercent: '100.5' }, 'INTEREST_SHARE_INVALID', /0-100%/],
      [{ interestPayer: 'PT02', buyerSharePercent: '40' }, 'INTEREST_SHARE_INVALID', /仅协议付息/],
    ];
    for (const [change, code, msg] of cases) {
      const response = await trial({ ...EXAMPLE, ...change });
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const body = response.json<{ code: string; msg: string }>();
      expect(body.code, JSON.stringify(change)).toBe(code);
      expect(body.msg).toMatch(msg);
    }
  });

  it('refuses amounts sent as JSON numbers, and callers who are not signed in', async () => {
    expect((await trial({ ...EXAMPLE, faceAmount: 1000000 })).statusCode).toBe(400);
    expect((await trial({ ...EXAMPLE, interestPayer: 'PT04' })).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: 'POST', url: TRIAL, payload: EXAMPLE });
    expect(anonymous.statusCode).toBe(401);
  });
});
