/**
 * Every bank call sees only the caller's organisation: for each call, the caller's own organisation, another
 * organisation, a user who belongs to none, and a member without the bank-account permission.
 */
import type { LightMyRequestResponse } from 'fastify';
import { BANK_URL } from '@contract/bank-account';
import type { AuthApplyRecord, BankAccount, BankVerification } from '@contract/bank-account-schemas';
import type { Page } from '@contract/envelope-schemas';
import { DEMO_ACCOUNTS, DEMO_BANK_ACCOUNT, DEMO_ORGS } from '../../../src/db/seed';
import { newId } from '../../../src/lib/hash';
import { openSession } from '../../../src/modules/auth/tokens';
import { startApp, type TestApp } from '../../support/helpers';
import { accountFor, addedAccount, BRANCH_SH, call, paidAmount } from '../../support/bank-helpers';

let t: TestApp;
const token: Record<'own' | 'other' | 'noOrg' | 'noPermission', string> = {
  own: '',
  other: '',
  noOrg: '',
  noPermission: '',
};
let account: BankAccount;
let transfer: BankVerification;

const session = async (userId: string, orgId: string | null) =>
  (await openSession(t.app.db, { userId, orgId, clientId: t.config.clientId }, t.app.now(), t.config))
    .accessToken;
const userId = (mobile: string) => DEMO_ACCOUNTS.find((a) => a.mobile === mobile)!.id;

beforeAll(async () => {
  t = await startApp();
  token.own = await session(userId('13800000003'), DEMO_ORGS.hangzhou.id);
  token.other = await session(userId('13800000001'), DEMO_ORGS.shanghai.id);
  // 13800000004 is a member of Hangzhou with the dashboard and notices only.
  token.noPermission = await session(userId('13800000004'), DEMO_ORGS.hangzhou.id);
  const loner = newId();
  await t.app.db
    .insertInto('users')
    .values({
      id: loner,
      mobile: '13700000001',
      name: '无企业用户',
      password_hash: 'x',
      status: 'active',
      last_org_id: null,
      created_at: t.app.now(),
      password_changed_at: t.app.now(),
    })
    .execute();
  token.noOrg = await session(loner, null);

  account = await addedAccount(t.app, token.own, accountFor('hangzhou', '622202123456'));
  const applied = await call(t.app, 'POST', BANK_URL.transferAuthApply, token.own, {
    payload: accountFor('hangzhou', '955880001234'),
  });
  expect(applied.statusCode, applied.body).toBe(201);
  transfer = applied.json<{ data: BankVerification }>().data;
});
afterAll(async () => {
  await t.app.close();
});

const dataOf = <T>(response: LightMyRequestResponse) => response.json<{ data: T }>().data;
const codeOf = (response: LightMyRequestResponse) => response.json<{ code: string }>().code;
const crossOrgDenials = () => t.logs.events('cross_org.denied').length;

describe('bank calls across organisations', () => {
  it('lists only the caller’s accounts; none for a user without an organisation; 403 without the permission', async () => {
    const list = async (who: string) => call(t.app, 'GET', BANK_URL.accountList, who);
    const own = await t.app.db
      .selectFrom('bank_accounts')
      .select('id')
      .where('org_id', '=', DEMO_ORGS.hangzhou.id)
      .execute();
    expect(own.map((row) => row.id)).toContain(account.id);
    expect(
      dataOf<Page<BankAccount>>(await list(token.own))
        .content.map((a) => a.id)
        .sort(),
    ).toEqual(own.map((row) => row.id).sort());
    expect(dataOf<Page<BankAccount>>(await list(token.other)).content.map((a) => a.id)).toEqual([
      DEMO_BANK_ACCOUNT.id,
    ]);
    expect(dataOf<Page<BankAccount>>(await list(token.noOrg)).content).toEqual([]);
    expect((await list(token.noPermission)).statusCode).toBe(403);
  });

  it('adds an account to the caller’s own organisation only, and refuses a body that names another', async () => {
    const named = { ...accountFor('shanghai', '622202777777', BRANCH_SH), orgId: DEMO_ORGS.hangzhou.id };
    const refused = await call(t.app, 'POST', BANK_URL.account, token.other, { payload: named });
    expect([refused.statusCode, codeOf(refused)]).toEqual([400, 'UNKNOWN_FIELD']);
    const body = accountFor('shanghai', '622202777777', BRANCH_SH);
    const added = await call(t.app, 'POST', BANK_URL.account, token.other, { payload: body });
    expect(added.statusCode, added.body).toBe(201);
    const row = await t.app.db
      .selectFrom('bank_accounts')
      .select('org_id')
      .where('id', '=', dataOf<BankAccount>(added).id)
      .executeTakeFirstOrThrow();
    expect(row.org_id).toBe(DEMO_ORGS.shanghai.id);
    const noOrg = await call(t.app, 'POST', BANK_URL.account, token.noOrg, { payload: body });
    expect([noOrg.statusCode, codeOf(noOrg)]).toEqual([403, 'NOT_MEMBER']);
    const noPermission = await call(t.app, 'POST', BANK_URL.account, token.noPermission, {
      payload: accountFor('hangzhou', '622202888888'),
    });
    expect([noPermission.statusCode, codeOf(noPermission)]).toEqual([403, 'FORBIDDEN']);
  });

  it.each([
    [
      'editing',
      () => ({
        method: 'PUT' as const,
        url: BANK_URL.account,
        payload: { id: account.id, ...accountFor('shanghai', '622202123456', BRANCH_SH) },
      }),
    ],
    [
      'checking the amount of',
      () => ({
        method: 'PUT' as const,
        url: BANK_URL.amountCheck,
        payload: { id: account.id, amount: '0.10' },
      }),
    ],
    [
      'binding',
      () => ({ method: 'POST' as const, url: BANK_URL.bindSettlement, payload: { id: account.id } }),
    ],
  ])(
    'answers %s another organisation’s account with the same 404 as a missing one, and logs it',
    async (_name, request) => {
      const { method, url, ...options } = request();
      const before = crossOrgDenials();
      const other = await call(t.app, method, url, token.other, options);
      expect(other.statusCode).toBe(404);
      expect(other.json()).toEqual({ code: 'NOT_FOUND', msg: '银行账户不存在' });
      expect(crossOrgDenials()).toBe(before + 1);
      const missing = await call(t.app, method, url, token.other, {
        ...options,
        payload: { ...options.payload, id: newId() },
      });
      expect(missing.statusCode).toBe(404);
      expect(missing.json()).toEqual(other.json());
      expect(crossOrgDenials()).toBe(before + 1);
      expect((await call(t.app, method, url, token.noOrg, options)).statusCode).toBe(403);
      expect((await call(t.app, method, url, token.noPermission, options)).statusCode).toBe(403);
      // Still untouched, and still Hangzhou's.
      const row = await t.app.db
        .selectFrom('bank_accounts')
        .selectAll()
        .where('id', '=', account.id)
        .executeTakeFirstOrThrow();
      expect(row).toMatchObject({
        org_id: DEMO_ORGS.hangzhou.id,
        branch_no: account.branchNo,
        is_default: 0,
      });
    },
  );

  it('lists only the caller’s authentication transfers', async () => {
    const records = async (who: string) =>
      dataOf<Page<BankVerification>>(await call(t.app, 'GET', BANK_URL.transferAuthRecords, who)).content;
    expect((await records(token.own)).map((r) => r.id)).toEqual([transfer.id]);
    expect((await records(token.noPermission)).map((r) => r.id)).toEqual([transfer.id]);
    expect(await records(token.other)).toEqual([]);
    expect(await records(token.noOrg)).toEqual([]);
  });

  it('answers the caller’s own authentication record, and 403 without an organisation', async () => {
    const record = async (who: string) => call(t.app, 'GET', BANK_URL.authApplyRecord, who);
    expect(dataOf<AuthApplyRecord>(await record(token.own))).toMatchObject({
      orgName: DEMO_ORGS.hangzhou.name,
      authorized: false,
      transfer: { id: transfer.id },
    });
    expect(dataOf<AuthApplyRecord>(await record(token.other))).toMatchObject({
      orgName: DEMO_ORGS.shanghai.name,
      authorized: true,
      transfer: null,
    });
    expect((await record(token.noOrg)).statusCode).toBe(403);
  });

  it('answers checking another organisation’s authentication transfer with 404, and logs it', async () => {
    const amount = await paidAmount(t.app, '955880001234');
    const before = crossOrgDenials();
    const other = await call(t.app, 'POST', BANK_URL.transferAuthCheck, token.other, {
      payload: { id: transfer.id, amount },
    });
    expect(other.statusCode).toBe(404);
    expect(other.json()).toEqual({ code: 'NOT_FOUND', msg: '打款验证记录不存在' });
    expect(crossOrgDenials()).toBe(before + 1);
    const noOrg = await call(t.app, 'POST', BANK_URL.transferAuthCheck, token.noOrg, {
      payload: { id: transfer.id, amount },
    });
    expect(noOrg.statusCode).toBe(403);
    const noPermission = await call(t.app, 'POST', BANK_URL.transferAuthCheck, token.noPermission, {
      payload: { id: transfer.id, amount },
    });
    expect(noPermission.statusCode).toBe(403);
    const org = await t.app.db
      .selectFrom('organizations')
      .select('authorized')
      .where('id', '=', DEMO_ORGS.hangzhou.id)
      .executeTakeFirstOrThrow();
    expect(org.authorized).toBe(0);
  });

  it('refuses applying for authentication without an organisation or the permission', async () => {
    for (const who of [token.noOrg, token.noPermission]) {
      const response = await call(t.app, 'POST', BANK_URL.transferAuthApply, who, {
        payload: accountFor('hangzhou', '955880009999'),
      });
      expect(response.statusCode).toBe(403);
    }
  });

  it('lets any signed-in user search the directory, which belongs to no organisation', async () => {
    for (const who of Object.values(token)) {
      const response = await call(t.app, 'POST', BANK_URL.branchPage, who, {
        payload: { bankNo: '104331000010' },
      });
      expect(dataOf<Page<unknown>>(response).totalElements).toBe(1);
    }
  });
});
