import { BANK_URL } from '@contract/bank-account';
import type { BankAccount } from '@contract/bank-account-schemas';
import { shanghaiDayStart } from '../../../src/lib/shanghai-time';
import { signIn, startApp, type TestApp } from '../../support/helpers';
import {
  accountFor,
  accountList,
  addAccount,
  addedAccount,
  call,
  checkAmount,
  errorOf,
  paidAmount,
  statementOf,
  wrongAmount,
} from '../../support/bank-helpers';
import { OWNER_HZ } from '../../support/verification-helpers';

const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;

let t: TestApp;
let hz: string;
/** Access tokens outlive the 7-day window here: these tests move the clock by days. */
const LONG_TOKEN = { accessTokenTtlSeconds: 10 * 24 * 60 * 60 };
async function start(overrides: Parameters<typeof startApp>[0] = {}) {
  t = await startApp({ ...LONG_TOKEN, ...overrides });
  hz = (await signIn(t.app, OWNER_HZ)).access_token;
}
afterEach(async () => {
  await t.app.close();
});

const accountNamed = async (id: string) => (await accountList(t.app, hz)).find((a) => a.id === id)!;
const retry = (account: BankAccount) =>
  call(t.app, 'PUT', BANK_URL.account, hz, {
    payload: { id: account.id, ...accountFor('hangzhou', account.accountNo) },
  });

describe('small-amount verification', () => {
  it('ends after more than 3 wrong amounts, refuses the right one after, and starts again on request', async () => {
    await start();
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    const amount = await paidAmount(t.app, '622202123456');
    for (const triesLeft of [3, 2, 1]) {
      const wrong = await checkAmount(t.app, hz, added.id, wrongAmount(amount, triesLeft));
      expect(errorOf(wrong)).toEqual({ code: 'AMOUNT_MISMATCH', msg: `金额不正确，还可输入${triesLeft}次` });
      expect((await accountNamed(added.id)).verification?.triesLeft).toBe(triesLeft);
    }
    const fourth = await checkAmount(t.app, hz, added.id, wrongAmount(amount, 4));
    expect(fourth.statusCode).toBe(400);
    expect(errorOf(fourth)).toEqual({
      code: 'BANK_VERIFICATION_FAILED',
      msg: '4次填写的金额都不正确，本次验证失败，请重新发起打款验证',
    });
    expect(await accountNamed(added.id)).toMatchObject({
      status: 'UNVERIFIED',
      verification: { status: 'FAILED', triesLeft: 0 },
    });
    const late = await checkAmount(t.app, hz, added.id, amount);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('BANK_VERIFICATION_CLOSED');

    const again = await retry(added);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ data: BankAccount }>().data.verification).toMatchObject({
      status: 'PAID',
      triesLeft: 4,
    });
    const fresh = await paidAmount(t.app, '622202123456');
    expect((await checkAmount(t.app, hz, added.id, fresh)).statusCode).toBe(200);
  });

  it.each([['1.00'], ['0'], ['0.00'], ['0.001'], ['abc'], ['-0.5'], [' ']])(
    'refuses the amount %j with 400 without counting a try',
    async (amount) => {
      await start();
      const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
      const response = await checkAmount(t.app, hz, added.id, amount);
      expect(response.statusCode).toBe(400);
      expect(errorOf(response)).toEqual({
        code: 'AMOUNT_INVALID',
        msg: '请输入0.01至0.99元之间的金额，最多两位小数',
      });
      expect((await accountNamed(added.id)).verification?.triesLeft).toBe(4);
    },
  );

  it('expires when the amount is not entered within 7 days', async () => {
    await start();
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    const amount = await paidAmount(t.app, '622202123456');
    t.clock.advance(7 * DAY - 1);
    expect((await accountNamed(added.id)).verification?.status).toBe('PAID');
    t.clock.advance(1);
    expect(await accountNamed(added.id)).toMatchObject({
      status: 'UNVERIFIED',
      verification: { status: 'EXPIRED', triesLeft: 0 },
    });
    const late = await checkAmount(t.app, hz, added.id, amount);
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).code).toBe('BANK_VERIFICATION_CLOSED');
    const row = await t.app.db.selectFrom('bank_verifications').selectAll().executeTakeFirstOrThrow();
    expect(row).toMatchObject({ status: 'EXPIRED', closed_at: t.clock.now() });
  });

  it('verifies within the 7 days', async () => {
    await start();
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    t.clock.advance(7 * DAY - 1000);
    expect((await checkAmount(t.app, hz, added.id, await paidAmount(t.app, '622202123456'))).statusCode).toBe(
      200,
    );
  });

  it('waits for the money to arrive when the sandbox bank is set to take its time', async () => {
    await start({ bankTransferArrivalDelaySeconds: 2 * 60 * 60 });
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    expect(added).toMatchObject({ status: 'VERIFYING', verification: { status: 'REQUESTED', triesLeft: 4 } });
    expect(Date.parse(added.verification!.arrivesAt!) - t.clock.now()).toBe(2 * HOUR);
    expect(await statementOf(t.app, '622202123456')).toEqual([]);
    const early = await checkAmount(t.app, hz, added.id, '0.50');
    expect(early.statusCode).toBe(409);
    expect(errorOf(early)).toEqual({ code: 'TRANSFER_NOT_ARRIVED', msg: '打款尚未到账，请到账后再输入金额' });

    t.clock.advance(2 * HOUR);
    expect((await accountNamed(added.id)).verification).toMatchObject({ status: 'PAID', triesLeft: 4 });
    const amount = await paidAmount(t.app, '622202123456');
    expect((await checkAmount(t.app, hz, added.id, amount)).statusCode).toBe(200);
  });

  it('records a transfer the bank refused as payment failed, with nothing on the statement', async () => {
    await start();
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202120000'));
    expect(added).toMatchObject({
      status: 'UNVERIFIED',
      verification: { status: 'PAYMENT_FAILED', arrivesAt: null, triesLeft: 0 },
    });
    expect(added.verification?.closedAt).not.toBeNull();
    expect(await statementOf(t.app, '622202120000')).toEqual([]);
    const check = await checkAmount(t.app, hz, added.id, '0.50');
    expect(check.statusCode).toBe(409);
    expect(errorOf(check).code).toBe('BANK_VERIFICATION_CLOSED');
  });

  it('counts only the newest transfer: a new request ends the open one', async () => {
    await start();
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    const firstAmount = await paidAmount(t.app, '622202123456');
    // Moving to another branch is an edit: a new transfer, whose amount is the one that counts.
    const moved = await call(t.app, 'PUT', BANK_URL.account, hz, {
      payload: { id: added.id, ...accountFor('hangzhou', '622202123456', '310290000030') },
    });
    expect(moved.statusCode).toBe(200);
    const rows = await t.app.db.selectFrom('bank_verifications').select(['status', 'closed_at']).execute();
    expect(rows.map((row) => row.status).sort()).toEqual(['EXPIRED', 'REQUESTED']);
    const secondAmount = await paidAmount(t.app, '622202123456');
    if (firstAmount !== secondAmount) {
      expect((await checkAmount(t.app, hz, added.id, firstAmount)).statusCode).toBe(400);
    }
    expect((await checkAmount(t.app, hz, added.id, secondAmount)).statusCode).toBe(200);
  });

  it('pays each amount as a whole number of fen between 0.01 and 0.99 yuan', async () => {
    await start();
    await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    const rows = await t.app.db.selectFrom('sandbox_bank_transfers').select('amount_fen').execute();
    for (const row of rows) {
      expect(Number.isInteger(Number(row.amount_fen))).toBe(true);
      expect(Number(row.amount_fen)).toBeGreaterThanOrEqual(1);
      expect(Number(row.amount_fen)).toBeLessThanOrEqual(99);
    }
  });

  it('gives exactly one success to two checks with the right amount at once', async () => {
    await start();
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    const amount = await paidAmount(t.app, '622202123456');
    const answers = await Promise.all([1, 2].map(() => checkAmount(t.app, hz, added.id, amount)));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const rows = await t.app.db.selectFrom('bank_verifications').select(['status', 'wrong_count']).execute();
    expect(rows).toEqual([{ status: 'VERIFIED', wrong_count: 0 }]);
  });
});

describe('a retried amount check', () => {
  it('answers the same Idempotency-Key with another amount in the query with 409, counting no try', async () => {
    await start();
    const added = await addedAccount(t.app, hz, accountFor('hangzhou', '622202123456'));
    const amount = await paidAmount(t.app, '622202123456');
    const headers = { 'idempotency-key': 'check-1' };
    const send = (value: string) =>
      call(t.app, 'PUT', BANK_URL.amountCheck, hz, { payload: { id: added.id, amount: value }, headers });
    const right = await send(amount);
    expect(right.statusCode).toBe(200);
    expect((await send(amount)).headers['idempotent-replayed']).toBe('true');
    const other = await send(wrongAmount(amount));
    expect(other.statusCode).toBe(409);
    expect(errorOf(other).code).toBe('CONFLICT');
  });
});

describe('the daily limit of transfer requests', () => {
  it('refuses the organisation’s sixth request of a Shanghai day with 429, writing nothing', async () => {
    await start();
    for (let i = 0; i < 5; i++) await addedAccount(t.app, hz, accountFor('hangzhou', `62220212345${i}`));
    const refused = await addAccount(t.app, hz, accountFor('hangzhou', '622202123459'));
    expect(refused.statusCode).toBe(429);
    expect(errorOf(refused)).toEqual({
      code: 'TRANSFER_LIMIT_REACHED',
      msg: '每个企业每天最多发起5次打款验证，请明天再试',
    });
    const untilMidnight = (shanghaiDayStart(t.clock.now()) + DAY - t.clock.now()) / 1000;
    expect(Number(refused.headers['retry-after'])).toBe(Math.ceil(untilMidnight));
    expect(await accountList(t.app, hz)).toHaveLength(5);

    // A retry of an ended verification counts too.
    const [first] = await accountList(t.app, hz);
    for (let i = 0; i < 4; i++)
      await checkAmount(t.app, hz, first!.id, wrongAmount(await paidAmount(t.app, first!.accountNo), i + 1));
    expect((await retry(first!)).statusCode).toBe(429);

    // Another organisation has its own count; the next Shanghai day starts a new one.
    const sh = (await signIn(t.app, '13800000001')).access_token;
    expect(
      (await addAccount(t.app, sh, accountFor('shanghai', '622202123459', '310290000030'))).statusCode,
    ).toBe(201);
    t.clock.advance(shanghaiDayStart(t.clock.now()) + DAY - t.clock.now());
    expect((await addAccount(t.app, hz, accountFor('hangzhou', '622202123459'))).statusCode).toBe(201);
  });
});
