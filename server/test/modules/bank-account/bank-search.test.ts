import { BANK_URL } from '@contract/bank-account';
import type { BankBranch } from '@contract/bank-account-schemas';
import { EMPTY_BANK_PAGE_SIZE } from '@contract/constants';
import type { Page } from '@contract/envelope-schemas';
import { signIn, startApp, type TestApp } from '../../support/helpers';
import { call, errorOf } from '../../support/bank-helpers';

let t: TestApp;
let token: string;
beforeAll(async () => {
  t = await startApp();
  token = (await signIn(t.app, '13800000002')).access_token;
});
afterAll(async () => {
  await t.app.close();
});

const search = (body: object, query = '') =>
  call(t.app, 'POST', `${BANK_URL.branchPage}${query}`, token, { payload: body });

async function pageOf(body: object, query = ''): Promise<Page<BankBranch>> {
  const response = await search(body, query);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: Page<BankBranch> }>().data;
}

describe('the branch search', () => {
  it('answers the empty page of size 5 without a query when no criterion is given', async () => {
    const empty = { content: [], size: EMPTY_BANK_PAGE_SIZE, totalElements: 0, totalPages: 0, number: 0 };
    for (const body of [{}, { bankNo: '', fullName: '  ', shortName: '\n' }]) {
      expect(await pageOf(body, '?page=3&size=50')).toEqual(empty);
    }
  });

  it('finds the branches whose number starts with the prefix, in number order', async () => {
    const page = await pageOf({ bankNo: '1043310' }, '?page=0&size=100');
    expect(page.totalElements).toBeGreaterThan(5);
    expect(page.content.every((branch) => branch.bankNo.startsWith('1043310'))).toBe(true);
    const numbers = page.content.map((branch) => branch.bankNo);
    expect(numbers).toEqual([...numbers].sort());
    expect(page.content[0]).toEqual({
      bankNo: '104331000010',
      fullName: '中国银行股份有限公司杭州中大支行',
      shortName: '中国银行',
      province: '浙江省',
      city: '杭州市',
    });
  });

  it('finds one branch by its whole number, and none by a number that is not in the directory', async () => {
    expect((await pageOf({ bankNo: '104331000010' })).content.map((b) => b.bankNo)).toEqual(['104331000010']);
    expect(await pageOf({ bankNo: '999' })).toMatchObject({ content: [], totalElements: 0, totalPages: 0 });
  });

  it('ignores spaces in the number, as the listing helpers strip them', async () => {
    expect((await pageOf({ bankNo: ' 1043 3100 0010 ' })).totalElements).toBe(1);
  });

  it('refuses a number prefix that is not digits, or longer than 12, with 400 in Chinese', async () => {
    for (const bankNo of ['10A', '1043310000101']) {
      const response = await search({ bankNo });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({ code: 'BANK_NO_INVALID', msg: '联行号只能包含数字，最多12位' });
    }
  });

  it('finds the branches whose full name contains the text', async () => {
    const page = await pageOf({ fullName: '杭州中大' });
    expect(page.content.map((branch) => branch.fullName)).toEqual(['中国银行股份有限公司杭州中大支行']);
  });

  it('finds the branches of a bank by its short name, contained', async () => {
    const page = await pageOf({ shortName: '浦东发展' }, '?size=5');
    expect(page.totalElements).toBe(287);
    expect(page.content.every((branch) => branch.shortName === '上海浦东发展银行')).toBe(true);
    expect(page.size).toBe(5);
    expect(page.totalPages).toBe(Math.ceil(287 / 5));
  });

  it('takes every criterion given together', async () => {
    const page = await pageOf({ bankNo: '104', fullName: '杭州' }, '?size=100');
    expect(page.totalElements).toBeGreaterThan(0);
    for (const branch of page.content) {
      expect(branch.bankNo.startsWith('104')).toBe(true);
      expect(branch.fullName).toContain('杭州');
    }
    // 102 is ICBC, whose short name 中国工商银行 does not contain 中国银行.
    expect((await pageOf({ bankNo: '102', shortName: '中国银行' })).totalElements).toBe(0);
  });

  it('treats % and _ in a name as characters, not wildcards', async () => {
    expect((await pageOf({ fullName: '%' })).totalElements).toBe(0);
    expect((await pageOf({ fullName: '_' })).totalElements).toBe(0);
  });

  it('pages from 0 and counts every match, also on a page past the end', async () => {
    const first = await pageOf({ shortName: '中国银行' }, '?page=0&size=10');
    const second = await pageOf({ shortName: '中国银行' }, '?page=1&size=10');
    expect(first.number).toBe(0);
    expect(second.number).toBe(1);
    expect(second.content[0]!.bankNo > first.content[9]!.bankNo).toBe(true);
    const beyond = await pageOf({ shortName: '中国银行' }, '?page=1000&size=10');
    expect(beyond.content).toEqual([]);
    expect(beyond.totalElements).toBe(first.totalElements);
  });

  it('sorts by number or name, ascending or descending', async () => {
    const descending = await pageOf({ bankNo: '1043310' }, '?sort=bankNo,desc&size=100');
    const numbers = descending.content.map((branch) => branch.bankNo);
    expect(numbers).toEqual([...numbers].sort().reverse());
    const byName = await pageOf({ fullName: '杭州' }, '?sort=fullName&size=100');
    const names = byName.content.map((branch) => branch.fullName);
    expect(names).toEqual([...names].sort());
  });

  it('refuses an unknown sort with 400', async () => {
    for (const sort of ['password', 'bankNo,sideways', 'bankNo,asc,again']) {
      const response = await search({ bankNo: '104' }, `?sort=${encodeURIComponent(sort)}`);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('BANK_SORT_INVALID');
    }
  });

  it('needs a signed-in caller', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: BANK_URL.branchPage,
      payload: { bankNo: '104' },
    });
    expect(response.statusCode).toBe(401);
  });
});
