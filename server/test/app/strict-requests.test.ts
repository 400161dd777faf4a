import { BILL_URL } from '@contract/bills';
import { API_ERROR } from '@contract/errors';
import { NOTICE_URL } from '@contract/notice';
import { accountFor, addAccount, call } from '../support/bank-helpers';
import { billCall, issueBody, type LedgerTokens, ledgerTokens } from '../support/bill-helpers';
import { signIn, startApp, tokenRequest, type TestApp } from '../support/helpers';
import { OWNER_HZ } from '../support/verification-helpers';

/** Requests are taken as the contract declares them: nothing unknown is dropped, nothing is converted. */
let t: TestApp;
let token: LedgerTokens;

beforeEach(async () => {
  t = await startApp();
  token = await ledgerTokens(t);
});
afterEach(async () => {
  await t.app.close();
});

interface Refusal {
  code: string;
  msg: string;
}

const packageCount = async () => (await t.app.db.selectFrom('bill_packages').select('id').execute()).length;
const accountCount = async () => (await t.app.db.selectFrom('bank_accounts').select('id').execute()).length;

describe('a command body with a field its schema does not name', () => {
  it('is refused with UNKNOWN_FIELD naming the field, before any code is asked for or anything written', async () => {
    const before = await packageCount();
    const response = await billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, {
      ...issueBody(t),
      discount: '0.5',
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<Refusal>()).toEqual({
      code: API_ERROR.unknownField,
      msg: '请求参数有误：不支持的字段 discount',
    });
    expect(await packageCount()).toBe(before);
  });

  it('is refused on a bank account too, and the account is not added', async () => {
    const hz = (await signIn(t.app, OWNER_HZ)).access_token;
    const before = await accountCount();
    const response = await addAccount(t.app, hz, {
      ...accountFor('hangzhou', '6222 0212 3456 7890'),
      isDefault: true,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<Refusal>().code).toBe(API_ERROR.unknownField);
    expect(await accountCount()).toBe(before);
  });

  it('is refused inside a nested object, named by its path', async () => {
    const response = await call(t.app, 'POST', NOTICE_URL.page, token.suzhou, {
      payload: { status: 0, extra: { deep: true } },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<Refusal>()).toEqual({
      code: API_ERROR.unknownField,
      msg: '请求参数有误：不支持的字段 extra',
    });
  });
});

describe('a JSON number where the contract says a decimal string', () => {
  it('is refused with FIELD_TYPE_INVALID rather than read as the string', async () => {
    const before = await packageCount();
    const response = await billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, {
      ...issueBody(t),
      amount: 1000000,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<Refusal>()).toEqual({
      code: API_ERROR.fieldTypeInvalid,
      msg: '请求参数有误：字段 amount 应为字符串',
    });
    expect(await packageCount()).toBe(before);
  });

  it('is refused on an endorsement the same way', async () => {
    const response = await billCall(t.app, 'POST', BILL_URL.endorse, token.suzhou, {
      holdingId: 'h1',
      endorseeOrgId: 'o1',
      amount: 100,
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<Refusal>().code).toBe(API_ERROR.fieldTypeInvalid);
  });
});

describe('a query string', () => {
  it('still reads its numbers from text, and refuses a name its schema does not know', async () => {
    const listed = await billCall(t.app, 'GET', `${BILL_URL.held}?page=0&size=5`, token.suzhou);
    expect(listed.statusCode, listed.body).toBe(200);
    const unknown = await billCall(t.app, 'GET', `${BILL_URL.held}?page=0&size=5&holder=x`, token.suzhou);
    expect(unknown.statusCode, unknown.body).toBe(400);
    expect(unknown.json<Refusal>()).toEqual({
      code: API_ERROR.unknownField,
      msg: '请求参数有误：不支持的字段 holder',
    });
  });

  it('refuses an unknown name on a command that takes its input in the query', async () => {
    const sh = (await signIn(t.app, '13800000001')).access_token;
    const response = await call(t.app, 'PUT', '/api/scbill/org/channel/default', sh, {
      query: { channelId: 'CH0001', retry: '1' },
    });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json<Refusal>().code).toBe(API_ERROR.unknownField);
  });
});

describe('an outside protocol', () => {
  it('keeps ignoring the OAuth parameters it does not know (RFC 6749 section 3.2)', async () => {
    const response = await tokenRequest(t.app, {
      grant_type: 'password',
      mobile: '13800000005',
      password: 'x',
      state: 'anything',
    });
    // Refused for the credentials, not for the unknown `state`.
    expect(response.json<{ error: string }>().error).not.toBe('invalid_request');
  });
});
