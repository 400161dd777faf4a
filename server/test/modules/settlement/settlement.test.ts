import type { SettlementStatement } from '@contract/settlement-schemas';
import { DEMO_ORGS } from '../../../src/db/seed';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import { payBetween, settlementAccountOf } from '../../../src/modules/settlement/service';
import { MOBILE, ORG, tokenOf } from '../../support/bill-helpers';
import { authed, getData, startApp, type TestApp } from '../../support/helpers';

const STATEMENT = '/api/organization/bank/account/statement';

let t: TestApp;
beforeAll(async () => {
  t = await startApp();
});
afterAll(async () => {
  await t.app.close();
});

const statementOf = async (mobile: string, orgId: string, query = '') =>
  getData<SettlementStatement>(t.app, `${STATEMENT}${query}`, await tokenOf(t, mobile, orgId));

describe('settlement accounts and their money', () => {
  it('opens the demo with money: the core enterprise to pay its bills, suppliers some, institutions plenty', async () => {
    const shanghai = await statementOf(MOBILE.shanghai, ORG.shanghai);
    expect(shanghai.account).toMatchObject({
      accountName: DEMO_ORGS.shanghai.name,
      bankName: '上海浦东发展银行',
    });
    expect(shanghai.balance).toBe('50000000.00');
    expect(shanghai.lines.content).toMatchObject([
      {
        direction: 'in',
        amount: '50000000.00',
        balanceAfter: '50000000.00',
        counterpartyName: '沙箱银行',
        remark: '期初余额',
      },
    ]);
    expect((await statementOf(MOBILE.suzhou, ORG.suzhou)).balance).toBe('2000000.00');
    const spdb = await settlementAccountOf(t.app.db, DEMO_INSTITUTIONS.spdb.orgId);
    const spdbStatement = await t.app.adapters.settlement.statement(
      spdb!.accountNo,
      { page: 0, size: 1 },
      t.app.db,
    );
    expect(spdbStatement.balanceFen).toBe(1_000_000_000_000);
  });

  it('pays between two organisations and shows the line on both statements', async () => {
    const paid = await t.app.db.transaction().execute((trx) =>
      payBetween(trx, t.app.adapters.settlement, {
        fromOrgId: DEMO_INSTITUTIONS.cmb.orgId,
        toOrgId: ORG.suzhou,
        amountFen: 99_500_000,
        reference: 'discount:test-1',
        remark: '贴现款',
      }),
    );
    expect(paid.status).toBe('paid');
    const suzhou = await statementOf(MOBILE.suzhou, ORG.suzhou, '?page=0&size=1');
    expect(suzhou.balance).toBe('2995000.00');
    expect(suzhou.lines).toMatchObject({ totalElements: 2, size: 1, number: 0, totalPages: 2 });
    // A page past the end has no line to carry the balance and the count: both still answer.
    const past = await statementOf(MOBILE.suzhou, ORG.suzhou, '?page=5&size=1');
    expect([past.balance, past.lines.content, past.lines.totalElements]).toEqual(['2995000.00', [], 2]);
    expect(suzhou.lines.content[0]).toMatchObject({
      direction: 'in',
      amount: '995000.00',
      balanceAfter: '2995000.00',
      counterpartyName: '招商银行（模拟）',
      counterpartyAccountNo: DEMO_INSTITUTIONS.cmb.accountNo,
      remark: '贴现款',
    });
  });

  it('refuses a payment from or to an organisation without a settlement account', async () => {
    const refused = await t.app.db.transaction().execute((trx) =>
      payBetween(trx, t.app.adapters.settlement, {
        fromOrgId: ORG.shanghai,
        toOrgId: ORG.hangzhou,
        amountFen: 100,
        reference: 'to-hangzhou',
        remark: '货款',
      }),
    );
    expect(refused).toEqual({ status: 'refused', reason: 'no_account', paymentId: null });
  });

  it('shows the statement only to members who manage bank accounts, each of its own organisation', async () => {
    const hangzhou = await statementOf('13800000003', ORG.hangzhou);
    expect(hangzhou).toEqual({
      account: null,
      balance: '0.00',
      lines: { content: [], totalElements: 0, totalPages: 0, size: 10, number: 0 },
    });
    // 13800000002 is staff of Shanghai without the 银行账户 permission.
    const staff = await tokenOf(t, '13800000002', ORG.shanghai);
    expect((await authed(t.app, 'GET', STATEMENT, staff)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: STATEMENT })).statusCode).toBe(401);
  });
});

describe('the sandbox bank', () => {
  it('shows any account a developer names, and deposits into an account the platform knows', async () => {
    const account = await settlementAccountOf(t.app.db, ORG.ningbo);
    const before = await t.app.inject({
      method: 'GET',
      url: `/api/sandbox/bank/settlement/statement?accountNo=${account!.accountNo}`,
    });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json<{ data: SettlementStatement }>().data.balance).toBe('2000000.00');

    const deposited = await t.app.inject({
      method: 'POST',
      url: '/api/sandbox/bank/settlement/deposit',
      payload: { accountNo: account!.accountNo, amount: '1234.56' },
    });
    expect(deposited.statusCode, deposited.body).toBe(200);
    const after = deposited.json<{ data: SettlementStatement }>().data;
    expect(after).toMatchObject({ account: { accountName: DEMO_ORGS.ningbo.name }, balance: '2001234.56' });
    expect(after.lines.content[0]).toMatchObject({ amount: '1234.56', remark: '沙箱银行存入' });
    const security = t.logs.events('sandbox.bank_statement');
    expect(security.at(-1)).toMatchObject({ reason: 'settlement_account' });
  });

  it('refuses a deposit into an account the platform does not know, or of a malformed amount', async () => {
    const deposit = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/sandbox/bank/settlement/deposit', payload });
    const unknown = await deposit({ accountNo: '6222000000009999', amount: '1.00' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toMatchObject({ code: 'NOT_FOUND', msg: '平台上没有该结算账户' });
    const account = await settlementAccountOf(t.app.db, ORG.ningbo);
    for (const amount of ['0', '-1', '1.001', '100000000000.01']) {
      const response = await deposit({ accountNo: account!.accountNo, amount });
      expect(response.statusCode, amount).toBe(400);
    }
  });
});
