import { BANK_URL } from '@contract/bank-account';
import type { BankBranch } from '@contract/bank-account-schemas';
import type { Page } from '@contract/envelope-schemas';
import { regionOfCreditCode } from '../../../src/modules/bank-account/region';
import { signIn, startApp, type TestApp } from '../../support/helpers';
import { call } from '../../support/bank-helpers';

describe('the region of a credit code', () => {
  it.each([
    ['91310000MA1FL8LK3Y', { province: '上海市', city: '上海市' }],
    ['91330100MA2CF7JD8T', { province: '浙江省', city: '杭州市' }],
    ['91320500MA1X7Q2H0E', { province: '江苏省', city: '苏州市' }],
    ['91330203MA2H4K8N51', { province: '浙江省', city: '宁波市' }],
    ['91110108MA00000000', { province: '北京市', city: '北京市' }],
  ])('reads %s as %j', (code, region) => {
    expect(regionOfCreditCode(code)).toEqual(region);
  });

  it('knows no region for a division that does not exist', () => {
    expect(regionOfCreditCode('91990000MA1FL8LK3Y')).toBeNull();
    expect(regionOfCreditCode('91AB0000MA1FL8LK3Y')).toBeNull();
  });
});

describe("the branch search ranks the organisation's region first", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp();
  });
  afterAll(async () => {
    await t.app.close();
  });

  const searchAs = async (mobile: string, body: object, query = '?size=100') => {
    const token = (await signIn(t.app, mobile)).access_token;
    const response = await call(t.app, 'POST', `${BANK_URL.branchPage}${query}`, token, { payload: body });
    expect(response.statusCode, response.body).toBe(200);
    return response.json<{ data: Page<BankBranch> }>().data;
  };
  const tierOf = (branch: BankBranch, province: string, city: string) =>
    branch.province !== province ? 3 : branch.city === city ? 1 : 2;

  it("puts the city's branches first, then the province's, each by number", async () => {
    // 宁波海曙包装材料 registered in Ningbo: 中国银行 has branches there and in Hangzhou, Zhejiang.
    const page = await searchAs('13800000006', { shortName: '中国银行' });
    const tiers = page.content.map((branch) => tierOf(branch, '浙江省', '宁波市'));
    expect(tiers[0]).toBe(1);
    expect(tiers).toEqual([...tiers].sort());
    expect(tiers).toContain(2);
    for (const tier of [1, 2]) {
      const numbers = page.content.filter((_, i) => tiers[i] === tier).map((branch) => branch.bankNo);
      expect(numbers).toEqual([...numbers].sort());
    }
  });

  it("puts the province's branches first where the city has none", async () => {
    // 苏州华信 registered in Suzhou, Jiangsu: 中国银行's Jiangsu branches are in other cities.
    const page = await searchAs('13800000005', { shortName: '中国银行' });
    expect(page.content[0]?.province).toBe('江苏省');
  });

  it('orders the whole result as asked when a sort is given', async () => {
    const page = await searchAs('13800000006', { shortName: '中国银行' }, '?size=100&sort=bankNo');
    const numbers = page.content.map((branch) => branch.bankNo);
    expect(numbers).toEqual([...numbers].sort());
    expect(page.content[0]?.city).not.toBe('宁波市');
  });
});
