import { BANK_URL } from '@contract/bank-account';
import type { BankAccount } from '@contract/bank-account-schemas';
import { PERMISSION_PATH_PREFIX } from '@contract/constants';
import { PERMISSION } from '@contract/permissions';
import { DEMO_BANK_ACCOUNT, DEMO_ORGS } from '../../../src/db/seed';
import { verifiedSettlementAccountOf } from '../../../src/modules/bank-account/service';
import { signIn, startApp, type TestApp } from '../../support/helpers';
import {
  accountFor,
  accountList,
  addAccount,
  addedAccount,
  bind,
  bindWithSms,
  BRANCH_HZ,
  BRANCH_HZ_NAME,
  BRANCH_SH,
  call,
  checkAmount,
  errorOf,
  paidAmount,
  statementOf,
  wrongAmount,
} from '../../support/bank-helpers';
import { latestCode, OWNER_HZ, OWNER_SH, sendSms, STAFF_SH } from '../../support/verification-helpers';

let t: TestApp;
let hz: string;
let sh: string;
beforeEach(async () => {
  t = await startApp();
  hz = (await signIn(t.app, OWNER_HZ)).access_token;
  sh = (await signIn(t.app, OWNER_SH)).access_token;
});
afterEach(async () => {
  await t.app.close();
});

const accountRows = () => t.app.db.selectFrom('bank_accounts').selectAll().execute();
const transferRows = () => t.app.db.selectFrom('sandbox_bank_transfers').selectAll().execute();
const edit = (token: string, body: object) => call(t.app, 'PUT', BANK_URL.account, token, { payload: body });

/** Adds an account to Hangzhou and verifies it with the amount from the sandbox statement. */
async function verifiedAccount(accountNo: string, token = hz): Promise<BankAccount> {
  const added = await addedAccount(t.app, token, accountFor('hangzhou', accountNo));
  const response = await checkAmount(t.app, token, added.id, await paidAmount(t.app, accountNo));
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ data: BankAccount }>().data;
}

describe('adding a bank account', () => {
  it('adds it with the branch from the directory and pays a random amount under 1 yuan into it', async () => {
    const account = await addedAccount(t.app, hz, accountFor('hangzhou', '6222 0212 3456 7890'));
    expect(account).toMatchObject({
      accountName: '杭州未认证贸易有限公司',
      accountNo: '6222021234567890',
      bankName: '中国银行',
      branchNo: BRANCH_HZ,
      branchName: BRANCH_HZ_NAME,
      province: '浙江省',
      city: '杭州市',
      status: 'VERIFYING',
      verifiedAt: null,
      isDefault: false,
      verification: { status: 'PAID', purpose: 'ACCOUNT', triesLeft: 4, closedAt: null },
    });
    expect(Date.parse(account.verification!.expiresAt) - t.clock.now()).toBe(7 * 24 * 60 * 60 * 1000);
    const [transfer] = await statementOf(t.app, '6222021234567890');
    expect(transfer).toMatchObject({
      accountName: '杭州未认证贸易有限公司',
      payerName: t.config.platformName,
    });
    expect(transfer!.amount).toMatch(/^0\.\d\d$/);
    expect(transfer!.amount).not.toBe('0.00');
    expect(transfer!.remark).toContain('打款验证');
    expect((await accountList(t.app, hz)).map((a) => a.id)).toEqual([account.id]);
  });

  it('requires the account name to be the organisation’s, spaces and either kind of parentheses aside', async () => {
    const response = await addAccount(t.app, hz, {
      ...accountFor('hangzhou', '622202123456'),
      accountName: '杭州贸易公司',
    });
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'ACCOUNT_NAME_MISMATCH', msg: '账户名称须与企业名称一致' });
    await t.app.db
      .updateTable('organizations')
      .set({ name: '杭州未认证贸易（集团）有限公司' })
      .where('id', '=', DEMO_ORGS.hangzhou.id)
      .execute();
    const added = await addedAccount(t.app, hz, {
      ...accountFor('hangzhou', '622202123456'),
      accountName: ' 杭州未认证贸易(集团)有限公司 ',
    });
    expect(added.accountName).toBe('杭州未认证贸易（集团）有限公司');
  });

  it.each([
    ['too short', '12345'],
    ['too long', '1'.repeat(33)],
    ['with letters', '62220212345A'],
    ['with a dash', '6222-0212-3456'],
    ['empty', ''],
  ])('refuses an account number %s with 400', async (_case, accountNo) => {
    const response = await addAccount(t.app, hz, accountFor('hangzhou', accountNo));
    expect(response.statusCode).toBe(400);
    expect(errorOf(response)).toEqual({ code: 'ACCOUNT_NO_INVALID', msg: '银行账号须为6-32位数字' });
  });

  it('takes 6 and 32 digits', async () => {
    await addedAccount(t.app, hz, accountFor('hangzhou', '123456'));
    await addedAccount(t.app, hz, accountFor('hangzhou', '9'.repeat(32)));
  });

  it.each([['104331000011'], ['10433100001'], ['abc']])(
    'refuses branch %s, which is not in the directory',
    async (branchNo) => {
      const response = await addAccount(t.app, hz, accountFor('hangzhou', '622202123456', branchNo));
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe('BANK_BRANCH_NOT_FOUND');
    },
  );

  it('takes one account number once per organisation (409), while another organisation may add it', async () => {
    await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    const again = await addAccount(t.app, hz, accountFor('hangzhou', '6222 0212 3456', BRANCH_SH));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ code: 'BANK_ACCOUNT_EXISTS', msg: '该银行账号已添加' });
    await addedAccount(t.app, sh, accountFor('shanghai', '622202123456', BRANCH_SH));
    expect(await accountList(t.app, hz)).toHaveLength(1);
  });

  it('writes nothing when it refuses', async () => {
    const before = { accounts: (await accountRows()).length, transfers: (await transferRows()).length };
    await addAccount(t.app, hz, accountFor('hangzhou', '12'));
    await addAccount(t.app, hz, accountFor('hangzhou', '622202123456', '999999999999'));
    await addAccount(t.app, hz, { ...accountFor('hangzhou', '622202123456'), accountName: '别家公司' });
    expect({ accounts: (await accountRows()).length, transfers: (await transferRows()).length }).toEqual(
      before,
    );
  });

  it('adds once for a request retried with the same Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'add-account-1' };
    const body = accountFor('hangzhou', '622202123456');
    const first = await call(t.app, 'POST', BANK_URL.account, hz, { payload: body, headers });
    const retry = await call(t.app, 'POST', BANK_URL.account, hz, { payload: body, headers });
    expect(first.statusCode).toBe(201);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await accountList(t.app, hz)).toHaveLength(1);
    expect(await statementOf(t.app, '622202123456')).toHaveLength(1);
  });

  it('leaves a security event each time the sandbox statement is read, naming the account masked', async () => {
    await statementOf(t.app, '622202123456');
    const [event] = t.logs.events('sandbox.bank_statement');
    expect(event).toMatchObject({ reason: 'one_account', bankAccountNo: '622****3456' });
    expect(JSON.stringify(event)).not.toContain('622202123456');
  });
});

describe('verifying an account', () => {
  it('verifies it with the amount the bank paid, entered in yuan', async () => {
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    const amount = await paidAmount(t.app, '622202123456');
    const wrong = await checkAmount(t.app, hz, added.id, wrongAmount(amount));
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toEqual({ code: 'AMOUNT_MISMATCH', msg: '金额不正确，还可输入3次' });
    const right = await checkAmount(t.app, hz, added.id, amount.replace(/0$/, ''));
    expect(right.statusCode, right.body).toBe(200);
    const account = right.json<{ data: BankAccount }>().data;
    expect(account).toMatchObject({ status: 'VERIFIED', verification: { status: 'VERIFIED', triesLeft: 0 } });
    expect(account.verifiedAt).not.toBeNull();
    const again = await checkAmount(t.app, hz, added.id, amount);
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ code: 'BANK_VERIFICATION_CLOSED', msg: '该账户已通过打款验证' });
  });
});

describe('editing an account', () => {
  it('resets the verification of a verified account it changes, and pays again', async () => {
    const verified = await verifiedAccount('622202123456');
    const response = await edit(hz, {
      id: verified.id,
      ...accountFor('hangzhou', '622202123456', BRANCH_SH),
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<{ data: BankAccount }>().data).toMatchObject({
      status: 'VERIFYING',
      verifiedAt: null,
      branchNo: BRANCH_SH,
      bankName: '上海浦东发展银行',
      verification: { status: 'PAID', triesLeft: 4 },
    });
    expect(await statementOf(t.app, '622202123456')).toHaveLength(2);
  });

  it('changes nothing and pays nothing when a verified account is saved unchanged', async () => {
    const verified = await verifiedAccount('622202123456');
    const response = await edit(hz, { id: verified.id, ...accountFor('hangzhou', '6222 0212 3456') });
    expect(response.statusCode).toBe(200);
    expect(response.json<{ data: BankAccount }>().data).toMatchObject({
      status: 'VERIFIED',
      verifiedAt: verified.verifiedAt,
    });
    expect(await statementOf(t.app, '622202123456')).toHaveLength(1);
  });

  it('refuses a number another account of the organisation has', async () => {
    await addedAccount(t.app, hz, accountFor('hangzhou', '111111111'));
    const other = await addedAccount(t.app, hz, accountFor('hangzhou', '222222222'));
    const response = await edit(hz, { id: other.id, ...accountFor('hangzhou', '111111111') });
    expect(response.statusCode).toBe(409);
    expect(errorOf(response).code).toBe('BANK_ACCOUNT_EXISTS');
  });

  it('applies the same rules as adding', async () => {
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    const cases: Array<[object, string]> = [
      [{ accountName: '别家公司' }, 'ACCOUNT_NAME_MISMATCH'],
      [{ accountNo: '12' }, 'ACCOUNT_NO_INVALID'],
      [{ branchNo: '000000000000' }, 'BANK_BRANCH_NOT_FOUND'],
    ];
    for (const [change, code] of cases) {
      const response = await edit(hz, { id: added.id, ...accountFor('hangzhou', '622202123456'), ...change });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe(code);
    }
  });
});

describe('the default settlement account', () => {
  it('is the seeded, verified account of the Shanghai company', async () => {
    const [account] = await accountList(t.app, sh);
    expect(account).toMatchObject({ id: DEMO_BANK_ACCOUNT.id, status: 'VERIFIED', isDefault: true });
    expect(await verifiedSettlementAccountOf(t.app.db, DEMO_ORGS.shanghai.id)).toEqual({
      id: DEMO_BANK_ACCOUNT.id,
      accountNo: DEMO_BANK_ACCOUNT.accountNo,
      accountName: DEMO_ORGS.shanghai.name,
      branchNo: DEMO_BANK_ACCOUNT.branchNo,
      branchName: DEMO_BANK_ACCOUNT.branchName,
      bankName: DEMO_BANK_ACCOUNT.bankName,
    });
    expect(await verifiedSettlementAccountOf(t.app.db, DEMO_ORGS.hangzhou.id)).toBeNull();
  });

  it('binds a verified account after an SMS code, keeping one default per organisation', async () => {
    const verified = await verifiedAccount('622202123456');
    const first = await bindWithSms(t, OWNER_HZ, hz, verified.id);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<{ data: BankAccount }>().data.isDefault).toBe(true);
    const second = await verifiedAccount('622202999999');
    expect((await bindWithSms(t, OWNER_HZ, hz, second.id)).statusCode).toBe(200);
    const defaults = (await accountList(t.app, hz)).filter((a) => a.isDefault).map((a) => a.id);
    expect(defaults).toEqual([second.id]);
    expect((await verifiedSettlementAccountOf(t.app.db, DEMO_ORGS.hangzhou.id))?.id).toBe(second.id);
    // Shanghai's default is untouched.
    expect((await verifiedSettlementAccountOf(t.app.db, DEMO_ORGS.shanghai.id))?.id).toBe(
      DEMO_BANK_ACCOUNT.id,
    );
  });

  it('refuses an unverified account before asking for a code', async () => {
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    const response = await bind(t.app, hz, added.id);
    expect(response.statusCode).toBe(409);
    expect(errorOf(response)).toEqual({
      code: 'BANK_ACCOUNT_NOT_VERIFIED',
      msg: '该账户尚未通过打款验证，不能设为默认结算账户',
    });
    expect(await t.app.db.selectFrom('verification_challenges').selectAll().execute()).toHaveLength(0);
  });

  it('is no longer the default once edited, until verified and bound again', async () => {
    const verified = await verifiedAccount('622202123456');
    expect((await bindWithSms(t, OWNER_HZ, hz, verified.id)).statusCode).toBe(200);
    await edit(hz, { id: verified.id, ...accountFor('hangzhou', '622202123456', BRANCH_SH) });
    expect(await verifiedSettlementAccountOf(t.app.db, DEMO_ORGS.hangzhou.id)).toBeNull();
    expect((await accountList(t.app, hz))[0]).toMatchObject({ isDefault: false, status: 'VERIFYING' });
  });

  it('answers a replay of the verified bind from its first answer', async () => {
    const verified = await verifiedAccount('622202123456');
    const headers = { 'idempotency-key': 'bind-1' };
    t.clock.advance(61_000);
    expect((await bind(t.app, hz, verified.id, headers)).statusCode).toBe(406);
    await sendSms(t.app, OWNER_HZ, { accessToken: hz });
    const code = await latestCode(t.app, OWNER_HZ);
    const done = await bind(t.app, hz, verified.id, { ...headers, 'verify-code': code });
    const replay = await bind(t.app, hz, verified.id, { ...headers, 'verify-code': code });
    expect(done.statusCode).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });
});

describe('who may change accounts', () => {
  const grant = async (mobile: string, orgId: string) => {
    const membership = await t.app.db
      .selectFrom('memberships as m')
      .innerJoin('users as u', 'u.id', 'm.user_id')
      .select('m.id')
      .where('u.mobile', '=', mobile)
      .where('m.org_id', '=', orgId)
      .executeTakeFirstOrThrow();
    await t.app.db
      .insertInto('membership_permissions')
      .values({
        membership_id: membership.id,
        permission_path: `${PERMISSION_PATH_PREFIX}${PERMISSION.bankAccount.path}`,
      })
      .execute();
  };

  it('refuses a member without the bank-account permission with 403, and lets one with it', async () => {
    const staff = (await signIn(t.app, STAFF_SH)).access_token;
    const body = accountFor('shanghai', '622202123456', BRANCH_SH);
    const refused = await addAccount(t.app, staff, body);
    expect(refused.statusCode).toBe(403);
    expect(errorOf(refused)).toEqual({ code: 'FORBIDDEN', msg: '暂无操作权限，请联系企业管理员' });
    expect((await call(t.app, 'GET', BANK_URL.accountList, staff)).statusCode).toBe(403);
    expect((await edit(staff, { id: DEMO_BANK_ACCOUNT.id, ...body })).statusCode).toBe(403);
    expect((await checkAmount(t.app, staff, DEMO_BANK_ACCOUNT.id, '0.10')).statusCode).toBe(403);
    expect((await bind(t.app, staff, DEMO_BANK_ACCOUNT.id)).statusCode).toBe(403);

    await grant(STAFF_SH, DEMO_ORGS.shanghai.id);
    const added = await addAccount(t.app, staff, body);
    expect(added.statusCode, added.body).toBe(201);
    expect(await accountList(t.app, staff)).toHaveLength(2);
  });
});
