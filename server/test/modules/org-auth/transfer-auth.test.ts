import { BANK_URL } from '@contract/bank-account';
import type { AuthApplyRecord, BankVerification } from '@contract/bank-account-schemas';
import type { Account, CompanyItem } from '@contract/auth-schemas';
import type { Page } from '@contract/envelope-schemas';
import type { NoticeItem } from '@contract/notice-schemas';
import { REALTIME_EVENT } from '@contract/realtime';
import { DEMO_ORGS } from '../../../src/db/seed';
import { verifiedSettlementAccountOf } from '../../../src/modules/bank-account/service';
import { getData, listenAs, signIn, startApp, type TestApp } from '../../support/helpers';
import {
  accountFor,
  accountList,
  BRANCH_SH,
  call,
  errorOf,
  paidAmount,
  statementOf,
  wrongAmount,
} from '../../support/bank-helpers';
import { OWNER_HZ, OWNER_SH, STAFF_BOTH } from '../../support/verification-helpers';

const CORPORATE = '955880001234';

let t: TestApp;
let hz: string;
beforeEach(async () => {
  t = await startApp();
  hz = (await signIn(t.app, OWNER_HZ)).access_token;
});
afterEach(async () => {
  await t.app.close();
});

const apply = (token: string, body: object) =>
  call(t.app, 'POST', BANK_URL.transferAuthApply, token, { payload: body });
const check = (token: string, id: string, amount: string) =>
  call(t.app, 'POST', BANK_URL.transferAuthCheck, token, { payload: { id, amount } });
const record = (token: string) => getData<AuthApplyRecord>(t.app, BANK_URL.authApplyRecord, token);
const userIdOf = async (mobile: string) =>
  (await t.app.db.selectFrom('users').select('id').where('mobile', '=', mobile).executeTakeFirstOrThrow()).id;

async function applied(body = accountFor('hangzhou', CORPORATE)): Promise<BankVerification> {
  const response = await apply(hz, body);
  expect(response.statusCode, response.body).toBe(201);
  expect(response.json<{ msg: string }>().msg).toBe('验证打款已发起，预计2小时内到账');
  return response.json<{ data: BankVerification }>().data;
}

describe('organisation authentication by transfer', () => {
  it('pays into the corporate account and shows the request in the records and the apply record', async () => {
    expect(await record(hz)).toEqual({
      orgName: DEMO_ORGS.hangzhou.name,
      authorized: false,
      method: null,
      transfer: null,
    });
    const transfer = await applied();
    expect(transfer).toMatchObject({
      purpose: 'ORG_AUTH',
      status: 'PAID',
      accountNo: CORPORATE,
      accountName: DEMO_ORGS.hangzhou.name,
      bankName: '中国银行',
      province: '浙江省',
      city: '杭州市',
      triesLeft: 4,
    });
    expect((await record(hz)).transfer).toEqual(transfer);
    const records = await getData<Page<BankVerification>>(t.app, BANK_URL.transferAuthRecords, hz);
    expect(records.content).toEqual([transfer]);
    expect(await statementOf(t.app, CORPORATE)).toHaveLength(1);
    // The corporate account is one of the organisation's accounts, waiting for its amount.
    expect(await accountList(t.app, hz)).toMatchObject([{ accountNo: CORPORATE, status: 'VERIFYING' }]);
  });

  it('authenticates the organisation with the right amount, verifies its account and tells every member', async () => {
    const staff = (await signIn(t.app, STAFF_BOTH)).access_token;
    await call(t.app, 'POST', `/api/account/switch/${DEMO_ORGS.hangzhou.id}`, staff);
    const staffHz = (await signIn(t.app, STAFF_BOTH)).access_token;
    const socket = listenAs(t.app, await userIdOf(STAFF_BOTH), DEMO_ORGS.hangzhou.id);

    const transfer = await applied();
    const amount = await paidAmount(t.app, CORPORATE);
    const wrong = await check(hz, transfer.id, wrongAmount(amount));
    expect(wrong.statusCode).toBe(400);
    expect(errorOf(wrong)).toEqual({ code: 'AMOUNT_MISMATCH', msg: '金额不正确，还可输入3次' });
    expect((await record(hz)).transfer?.triesLeft).toBe(3);

    const right = await check(hz, transfer.id, amount);
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json<{ msg: string; data: AuthApplyRecord }>()).toMatchObject({
      msg: '企业认证成功',
      data: { authorized: true, method: 'BANKTRANSFER', transfer: { status: 'VERIFIED', triesLeft: 0 } },
    });
    expect(await accountList(t.app, hz)).toMatchObject([{ accountNo: CORPORATE, status: 'VERIFIED' }]);
    // Verified, but not chosen as the settlement account: that stays the organisation's decision.
    expect(await verifiedSettlementAccountOf(t.app.db, DEMO_ORGS.hangzhou.id)).toBeNull();

    // Members' company lists and accounts carry the flag from now on.
    const companies = await getData<CompanyItem[]>(t.app, '/api/account/orgs/list', staffHz);
    expect(companies.find((c) => c.orgId === DEMO_ORGS.hangzhou.id)).toMatchObject({
      authorized: true,
      bound: false,
    });
    expect(await getData<Account>(t.app, '/api/user', staffHz)).toMatchObject({
      authorized: true,
      bound: false,
    });

    const notices = await call(t.app, 'POST', '/api/plat-message/page?page=0&size=5', staffHz, {
      payload: {},
    });
    expect(notices.json<{ data: Page<NoticeItem> }>().data.content[0]).toMatchObject({
      type: 3,
      status: 0,
      title: '企业认证成功',
      content: '杭州未认证贸易有限公司已通过对公账户小额打款认证，票据业务已开通。',
    });
    expect(socket.messages.map((m) => m.type)).toEqual([REALTIME_EVENT.notice, REALTIME_EVENT.organization]);
    socket.remove();

    const again = await apply(hz, accountFor('hangzhou', CORPORATE));
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toEqual({ code: 'ORG_ALREADY_AUTHORIZED', msg: '企业已完成认证' });
  });

  it('refuses an organisation that is already authenticated before paying anything', async () => {
    const sh = (await signIn(t.app, OWNER_SH)).access_token;
    const response = await apply(sh, accountFor('shanghai', CORPORATE, BRANCH_SH));
    expect(response.statusCode).toBe(409);
    expect(await statementOf(t.app, CORPORATE)).toEqual([]);
    expect((await record(sh)).method).toBe('LICENSE');
  });

  it('applies the account rules to the corporate account', async () => {
    const cases: Array<[object, string]> = [
      [{ accountName: '杭州贸易公司' }, 'ACCOUNT_NAME_MISMATCH'],
      [{ accountNo: '12ab' }, 'ACCOUNT_NO_INVALID'],
      [{ branchNo: '104331000011' }, 'BANK_BRANCH_NOT_FOUND'],
    ];
    for (const [change, code] of cases) {
      const response = await apply(hz, { ...accountFor('hangzhou', CORPORATE), ...change });
      expect(response.statusCode).toBe(400);
      expect(errorOf(response).code).toBe(code);
    }
    expect(await accountList(t.app, hz)).toEqual([]);
  });

  it('counts only the newest request: a second one ends the first', async () => {
    const first = await applied();
    const firstAmount = await paidAmount(t.app, CORPORATE);
    const second = await applied(accountFor('hangzhou', CORPORATE, BRANCH_SH));
    const stale = await check(hz, first.id, firstAmount);
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).code).toBe('BANK_VERIFICATION_CLOSED');
    const records = await getData<Page<BankVerification>>(t.app, BANK_URL.transferAuthRecords, hz);
    expect(records.content.map((r) => [r.id, r.status])).toEqual([
      [second.id, 'PAID'],
      [first.id, 'EXPIRED'],
    ]);
    expect((await check(hz, second.id, await paidAmount(t.app, CORPORATE))).statusCode).toBe(200);
  });

  it('fails after more than 3 wrong amounts and leaves the organisation unauthenticated', async () => {
    const transfer = await applied();
    const amount = await paidAmount(t.app, CORPORATE);
    for (let i = 1; i <= 3; i++)
      expect((await check(hz, transfer.id, wrongAmount(amount, i))).statusCode).toBe(400);
    const fourth = await check(hz, transfer.id, wrongAmount(amount, 4));
    expect(errorOf(fourth).code).toBe('BANK_VERIFICATION_FAILED');
    expect((await check(hz, transfer.id, amount)).statusCode).toBe(409);
    expect(await record(hz)).toMatchObject({
      authorized: false,
      transfer: { status: 'FAILED', triesLeft: 0 },
    });
  });

  it('gives exactly one success, and one notice, to two right checks at once', async () => {
    const transfer = await applied();
    const amount = await paidAmount(t.app, CORPORATE);
    const answers = await Promise.all([1, 2].map(() => check(hz, transfer.id, amount)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const notices = await t.app.db
      .selectFrom('plat_messages')
      .select('id')
      .where('org_id', '=', DEMO_ORGS.hangzhou.id)
      .where('title', '=', '企业认证成功')
      .execute();
    expect(notices).toHaveLength(1);
  });
});
