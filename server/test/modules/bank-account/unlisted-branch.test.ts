import { signIn, startApp, type TestApp } from '../../support/helpers';
import { accountFor, addAccount, addedAccount, errorOf } from '../../support/bank-helpers';
import { OWNER_SH } from '../../support/verification-helpers';

/**
 * The directory has 4,060 branches and none of ICBC's, CCB's or CMB's in Shanghai: an organisation whose
 * account is kept at a branch it lacks names the branch itself, and the server checks what it can.
 */
let t: TestApp;
let sh: string;
beforeAll(async () => {
  t = await startApp();
  sh = (await signIn(t.app, OWNER_SH)).access_token;
});
afterAll(async () => {
  await t.app.close();
});

const ICBC_SHANGHAI = '102290002014';

describe('an account at a branch the directory lacks', () => {
  it('is added with the number and name the organisation gives, the bank and city from the directory', async () => {
    const account = await addedAccount(t.app, sh, {
      ...accountFor('shanghai', '1001 2345 6789 0123', ICBC_SHANGHAI),
      branchName: ' 中国工商银行股份有限公司上海市外滩支行 ',
    });
    expect(account).toMatchObject({
      branchNo: ICBC_SHANGHAI,
      bankName: '中国工商银行',
      branchName: '中国工商银行股份有限公司上海市外滩支行',
      province: '上海市',
      city: '上海市',
      status: 'VERIFYING',
    });
  });

  it('still needs its name: a number alone must be one of the directory', async () => {
    const response = await addAccount(t.app, sh, accountFor('shanghai', '100123456789', ICBC_SHANGHAI));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({
      code: 'BANK_BRANCH_NOT_FOUND',
      msg: '开户行不在开户行列表中，请填写开户行名称，或从列表中选择',
    });
  });

  it.each([
    ['10229000201', '中国工商银行上海分行', '联行号须为12位数字'],
    ['999290002014', '某某银行上海分行', '联行号前3位不是已知银行的行别代码，请核对联行号'],
    [ICBC_SHANGHAI, '支行', '开户行名称须为4-60个字'],
  ])('refuses %s %s: %s', async (branchNo, branchName, msg) => {
    const response = await addAccount(t.app, sh, {
      ...accountFor('shanghai', '100123456780', branchNo),
      branchName,
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'BANK_BRANCH_NOT_FOUND', msg });
  });

  it('asks which bank where several share the code, and takes the one the name says', async () => {
    const shared = '313290099999';
    const unnamed = await addAccount(t.app, sh, {
      ...accountFor('shanghai', '100123456781', shared),
      branchName: '上海某某支行',
    });
    expect(unnamed.statusCode).toBe(400);
    expect(errorOf(unnamed).msg).toMatch(/^该联行号的行别代码属于多家银行，请在开户行名称中写明银行/);
    const named = await addedAccount(t.app, sh, {
      ...accountFor('shanghai', '100123456782', shared),
      branchName: '江苏银行股份有限公司上海分行',
    });
    expect(named.bankName).toBe('江苏银行');
  });
});
