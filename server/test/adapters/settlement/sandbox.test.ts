import { SandboxSettlementGateway } from '../../../src/adapters/settlement/sandbox';
import type { AccountRef } from '../../../src/adapters/settlement/gateway';
import { startApp, type TestApp } from '../../support/helpers';

const account = (accountNo: string, accountName: string): AccountRef => ({
  accountNo,
  accountName,
  branchNo: '310290000013',
});
const A = account('6222000000000001', '甲公司');
const B = account('6222000000000002', '乙公司');

let t: TestApp;
let bank: SandboxSettlementGateway;
beforeEach(async () => {
  t = await startApp({ seedDemo: false });
  bank = new SandboxSettlementGateway(t.clock.now);
});
afterEach(async () => {
  await t.app.close();
});

const fund = (to: AccountRef, amountFen: number, reference = `fund:${to.accountNo}:${amountFen}`) =>
  bank.deposit(to, amountFen, { reference, remark: '存入' }, t.app.db);
const balance = async (of: AccountRef) =>
  (await bank.statement(of.accountNo, { page: 0, size: 1 }, t.app.db)).balanceFen;
const pay = (amountFen: number, reference: string, from = A, to = B) =>
  bank.pay({ from, to, amountFen, reference, remark: '货款' }, t.app.db);

describe('the sandbox settlement bank', () => {
  it('moves money between accounts and books a line on each side with the balance after it', async () => {
    await fund(A, 100_000);
    const paid = await pay(30_001, 'p-1');
    expect(paid).toMatchObject({ status: 'paid' });
    expect(await balance(A)).toBe(69_999);
    expect(await balance(B)).toBe(30_001);
    const statement = await bank.statement(A.accountNo, { page: 0, size: 10 }, t.app.db);
    expect(statement.total).toBe(2);
    expect(statement.lines.map((line) => [line.direction, line.amountFen, line.balanceAfterFen])).toEqual([
      ['out', 30_001, 69_999],
      ['in', 100_000, 100_000],
    ]);
    expect(statement.lines[0]).toMatchObject({
      counterpartyName: '乙公司',
      counterpartyAccountNo: B.accountNo,
      reference: 'p-1',
      remark: '货款',
    });
    const payee = await bank.statement(B.accountNo, { page: 0, size: 10 }, t.app.db);
    expect(payee.lines).toMatchObject([{ direction: 'in', amountFen: 30_001, counterpartyName: '甲公司' }]);
  });

  it('answers the balance and the count of lines on a page with no line to carry them', async () => {
    expect(await bank.statement(A.accountNo, { page: 0, size: 10 }, t.app.db)).toEqual({
      balanceFen: 0,
      total: 0,
      lines: [],
    });
    await fund(A, 100_000);
    await pay(30_001, 'p-1');
    expect(await bank.statement(A.accountNo, { page: 2, size: 1 }, t.app.db)).toEqual({
      balanceFen: 69_999,
      total: 2,
      lines: [],
    });
    expect(await bank.statement(A.accountNo, { page: 1, size: 1 }, t.app.db)).toMatchObject({
      balanceFen: 69_999,
      total: 2,
      lines: [{ direction: 'in', amountFen: 100_000 }],
    });
  });

  it('refuses a payment above the balance, moving nothing, and answers the same refusal to the same reference', async () => {
    await fund(A, 500);
    expect(await pay(501, 'short')).toMatchObject({ status: 'refused', reason: 'insufficient_funds' });
    expect(await balance(A)).toBe(500);
    expect(await balance(B)).toBe(0);
    await fund(A, 1000);
    // One reference is one payment: the refusal stands; a new attempt is a new reference.
    expect(await pay(501, 'short')).toMatchObject({ status: 'refused', reason: 'insufficient_funds' });
    expect(await pay(501, 'short-again')).toMatchObject({ status: 'paid' });
    expect(await balance(A)).toBe(999);
    // An account the bank never credited has nothing to pay with.
    expect(await pay(1, 'from-nowhere', account('6222000000000009', '丙公司'), A)).toMatchObject({
      status: 'refused',
      reason: 'insufficient_funds',
    });
  });

  it('pays once per reference, and refuses a reference reused for another payment', async () => {
    await fund(A, 10_000);
    const first = await pay(2_500, 'once');
    const again = await pay(2_500, 'once');
    expect(again).toEqual(first);
    expect(await balance(A)).toBe(7_500);
    expect(await pay(2_600, 'once')).toEqual({
      status: 'refused',
      reason: 'reference_reused',
      paymentId: null,
    });
    expect(await pay(2_500, 'once', A, account('6222000000000003', '丁公司'))).toMatchObject({
      reason: 'reference_reused',
    });
    expect(await balance(A)).toBe(7_500);
  });

  it('refuses a payee account the bank refuses, and a payment to the same account', async () => {
    await fund(A, 10_000);
    expect(await pay(100, 'closed', A, account('6222000000000000', '戊公司'))).toMatchObject({
      status: 'refused',
      reason: 'payee_refused',
    });
    expect(await pay(100, 'self', A, A)).toMatchObject({ status: 'refused', reason: 'same_account' });
    expect(await balance(A)).toBe(10_000);
  });

  it('lets exactly one of two payments racing for the last money through', async () => {
    await fund(A, 1_000);
    const results = await Promise.all(
      ['race-1', 'race-2'].map((reference) =>
        t.app.db
          .transaction()
          .execute((trx) => bank.pay({ from: A, to: B, amountFen: 700, reference, remark: '货款' }, trx)),
      ),
    );
    expect(results.map((r) => r.status).sort()).toEqual(['paid', 'refused']);
    expect(await balance(A)).toBe(300);
    expect(await balance(B)).toBe(700);
  });

  it('leaves nothing behind when the ordering transaction rolls back', async () => {
    await fund(A, 1_000);
    await expect(
      t.app.db.transaction().execute(async (trx) => {
        await bank.pay({ from: A, to: B, amountFen: 400, reference: 'rolled-back', remark: '货款' }, trx);
        throw new Error('the command failed after paying');
      }),
    ).rejects.toThrow('the command failed');
    expect(await balance(A)).toBe(1_000);
    expect(await pay(400, 'rolled-back')).toMatchObject({ status: 'paid' });
  });

  it('refuses amounts that are not positive whole fen', async () => {
    await expect(pay(0, 'zero')).rejects.toThrow(RangeError);
    await expect(pay(1.5, 'half')).rejects.toThrow(RangeError);
    await expect(pay(1, '')).rejects.toThrow(RangeError);
  });
});
