import Big from 'big.js';
import { BILL_URL } from '@contract/bills';
import type { PayableDay } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import { shanghaiDate } from '../../../src/lib/shanghai-time';
import { addMonths } from '../../../src/modules/bills/rules';
import { loadHolidayYear, parseHolidayYearFile } from '../../../src/modules/holiday/service';
import {
  billCall,
  dataOf,
  issueBody,
  issued,
  type LedgerTokens,
  ledgerTokens,
  MOBILE,
  ORG,
  signsPending,
} from '../../support/bill-helpers';
import { startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
let token: LedgerTokens;
beforeAll(async () => {
  t = await startApp();
  token = await ledgerTokens(t);
});
afterAll(async () => {
  await t.app.close();
});

const payable = async (accessToken: string, query: string) =>
  dataOf<Page<PayableDay>>(await billCall(t.app, 'GET', `${BILL_URL.payable}?${query}`, accessToken));

describe('应付票据', () => {
  it("lists what the acceptor pays by due date, the received ranges only, with each date's payment day and total", async () => {
    // Saturday 2026-08-29: paid on Monday the 31st.
    const due = '2026-08-29';
    expect(due <= addMonths(shanghaiDate(t.app.now()), 6)).toBe(true);
    const before = (await payable(token.suzhou, `from=${due}&to=${due}`)).content[0];
    for (const amount of ['1000000.00', '250000.50', '3.00']) {
      const detail = await issued(
        t,
        MOBILE.suzhou,
        token.suzhou,
        issueBody(t, { acceptorOrgId: ORG.suzhou, dueDate: due, amount }),
      );
      // The last is still waiting for Ningbo's signature: nobody holds it received yet.
      if (amount === '3.00') continue;
      await signsPending(t, token, 'ningbo', detail.bill.id);
    }
    const page = await payable(token.suzhou, `from=${due}&to=${due}`);
    expect(page.totalElements).toBe(1);
    expect(page.content[0]).toEqual({
      dueDate: due,
      payDay: '2026-08-31',
      bills: (before?.bills ?? 0) + 2,
      amount: new Big(before?.amount ?? '0').plus('1250000.50').toFixed(2),
    });
    // Only the acceptor's: Ningbo, which holds them, pays nothing.
    expect((await payable(token.ningbo, `from=${due}&to=${due}`)).content).toEqual([]);
  });

  it('pages the days in date order, the total counting every day of the range', async () => {
    // Thursday and Friday: each paid on its own day.
    for (const due of ['2026-08-21', '2026-08-20', '2026-08-21']) {
      const detail = await issued(
        t,
        MOBILE.suzhou,
        token.suzhou,
        issueBody(t, { acceptorOrgId: ORG.suzhou, dueDate: due, amount: '100.00' }),
      );
      await signsPending(t, token, 'ningbo', detail.bill.id);
    }
    const range = 'from=2026-08-19&to=2026-08-21&size=1';
    const first = await payable(token.suzhou, `${range}&page=0`);
    expect(first.totalElements).toBe(2);
    expect(first.content).toEqual([
      { dueDate: '2026-08-20', payDay: '2026-08-20', bills: 1, amount: '100.00' },
    ]);
    const second = await payable(token.suzhou, `${range}&page=1`);
    expect(second.totalElements).toBe(2);
    expect(second.content).toEqual([
      { dueDate: '2026-08-21', payDay: '2026-08-21', bills: 2, amount: '200.00' },
    ]);
    // Past the end: no row, the total all the same.
    const past = await payable(token.suzhou, `${range}&page=3`);
    expect(past).toMatchObject({ totalElements: 2, content: [] });
    // Open at its end: the later days follow.
    const open = await payable(token.suzhou, 'from=2026-08-20&size=2');
    expect(open.content.map((day) => day.dueDate)).toEqual(['2026-08-20', '2026-08-21']);
    expect(open.totalElements).toBeGreaterThanOrEqual(2);
  });

  it('refuses a range that ends before it starts, or a date that is not one', async () => {
    for (const query of ['from=2026-05-02&to=2026-05-01', 'from=2026-02-30']) {
      const response = await billCall(t.app, 'GET', `${BILL_URL.payable}?${query}`, token.suzhou);
      expect(response.statusCode).toBe(400);
    }
  });

  it('dates the days with the calendar as loaded now: a year loaded moves the payment day at once', async () => {
    const due = '2026-08-29';
    expect((await payable(token.suzhou, `from=${due}&to=${due}`)).content[0]?.payDay).toBe('2026-08-31');
    // An operator's 2026 makes Monday the 31st a holiday: the Saturday's bills are paid on the Tuesday.
    await loadHolidayYear(
      t.app.db,
      parseHolidayYearFile({
        year: 2026,
        source: '测试用安排',
        holidays: [{ name: '测试假日', from: '2026-08-31', to: '2026-08-31' }],
        workdays: [],
      }),
      t.app.now(),
    );
    expect((await payable(token.suzhou, `from=${due}&to=${due}`)).content[0]?.payDay).toBe('2026-09-01');
  });
});
