import { BILL_URL } from '@contract/bills';
import type { BillDetail } from '@contract/bills-schemas';
import { API_ERROR } from '@contract/errors';
import { pathOf } from '@contract/paths';
import { shanghaiDate } from '../../../src/lib/shanghai-time';
import { addMonths } from '../../../src/modules/bills/rules';
import { closedBusinessDay } from '../../../src/modules/day-end/service';
import { holidayCalendar } from '../../../src/modules/holiday/service';
import {
  answer,
  billCall,
  dataOf,
  endorsed,
  errorCodeOf,
  heldOf,
  issueBody,
  issued,
  type LedgerTokens,
  ledgerTokens,
  MOBILE,
  ORG,
  pendingIn,
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

/** Suzhou issues to Ningbo and accepts it itself; Ningbo signs. */
async function receivedBill(dueDate: string): Promise<BillDetail> {
  const detail = await issued(
    t,
    MOBILE.suzhou,
    token.suzhou,
    issueBody(t, { acceptorOrgId: ORG.suzhou, dueDate }),
  );
  const [receipt] = await pendingIn(t, token.ningbo, detail.bill.id);
  await dataOf(await answer(t, token.ningbo, receipt!.id, 'sign'));
  return detail;
}

const noticesOf = (orgId: string) =>
  t.app.db
    .selectFrom('plat_messages')
    .select(['title', 'content', 'type'])
    .where('org_id', '=', orgId)
    .orderBy('created_at')
    .execute();

describe('到期清退 at the day-end', () => {
  it('clears what still waits on a matured bill: the range freed, the reason in the history, both sides told; signing it answers 409 BILL_MATURED', async () => {
    const today = shanghaiDate(t.app.now());
    const due = addMonths(today, 1);
    const later = addMonths(today, 2);
    const soon = await receivedBill(due);
    const notYet = await receivedBill(later);
    const [holding] = (await heldOf(t, token.ningbo)).content.filter((h) => h.packageId === soon.bill.id);
    const waiting = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '300000.00',
    });
    const [laterHolding] = (await heldOf(t, token.ningbo)).content.filter(
      (h) => h.packageId === notYet.bill.id,
    );
    const untouched = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: laterHolding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1.00',
    });

    // The maturity date, 09:00: nobody can sign it any more, before any confirmation is asked for.
    t.clock.advance(Date.parse(`${due}T09:00:00+08:00`) - t.clock.now());
    token = await ledgerTokens(t);
    const late = await billCall(t.app, 'POST', pathOf(BILL_URL.sign, { id: waiting.id }), token.suzhou);
    expect(late.statusCode).toBe(409);
    expect(errorCodeOf(late)).toBe(API_ERROR.billMatured);
    expect(late.json<{ msg: string }>().msg).toBe('票据已到期，该申请不能再签收，请驳回或由申请方撤回');

    // That business day's close (or the first after it).
    const calendar = await holidayCalendar(t.app.db);
    const closing = calendar.businessDayOnOrAfter(due);
    t.clock.advance(Date.parse(`${closing}T21:00:00+08:00`) - t.clock.now());
    expect(closedBusinessDay(calendar, t.app.now(), t.config.dayEndAt)).toBe(closing);
    token = await ledgerTokens(t);
    const run = await t.app.dayEnd.runNow(closing);
    expect(run).toMatchObject({
      status: 'done',
      steps: [
        { name: 'clear-matured-applications', status: 'done', processed: 1 },
        { name: 'guarantee.clearMatured', status: 'done', processed: 0 },
        { name: 'pledge.clearMaturedReleases', status: 'done', processed: 0 },
        { name: 'pledge-fin.cancelMatured', status: 'done', processed: 0 },
        { name: 'maturity-reminders', status: 'done' },
        { name: 'payment.refuseUnanswered', status: 'done' },
        { name: 'payment.presentMaturing', status: 'done' },
        { name: 'payment.presentPledged', status: 'done' },
      ],
    });

    const application = await t.app.db
      .selectFrom('bill_applications')
      .select(['status', 'reason'])
      .where('id', '=', waiting.id)
      .executeTakeFirstOrThrow();
    expect(application).toEqual({ status: 'cleared', reason: '票据已到期，待签收的申请由系统日终清退' });
    const stillWaiting = await t.app.db
      .selectFrom('bill_applications')
      .select('status')
      .where('id', '=', untouched.id)
      .executeTakeFirstOrThrow();
    expect(stillWaiting.status).toBe('pending');

    // The range is Ningbo's again, whole; the same close then presents it for payment (自动提示付款).
    const held = (await heldOf(t, token.ningbo)).content.filter((h) => h.packageId === soon.bill.id);
    expect(held.map((h) => [h.amount, h.circulation])).toEqual([['1000000.00', 'TF0302']]);

    const detail = await dataOf<BillDetail>(
      await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: soon.bill.id }), token.ningbo),
    );
    expect(detail.events.at(-1)).toMatchObject({ type: 'applied', kind: 'payment' });
    const last = detail.events.at(-2)!;
    expect(last).toMatchObject({
      type: 'cleared',
      label: '到期清退',
      reason: '票据已到期，待签收的申请由系统日终清退',
    });
    const cleared = detail.applications.find((a) => a.id === waiting.id);
    expect(cleared?.status).toBe('cleared');
    expect(cleared?.actions).toEqual([]);

    for (const orgId of [ORG.suzhou, ORG.ningbo]) {
      const clearedNotices = (await noticesOf(orgId)).filter((n) => n.title.includes('清退'));
      expect(clearedNotices.map((n) => n.title)).toEqual(['转让背书已到期清退']);
      expect(clearedNotices[0]!.content).toContain('已由系统清退');
    }
    // Suzhou's to-do of the endorsement is closed with it.
    const todo = await t.app.db
      .selectFrom('plat_messages')
      .select('closed_at')
      .where('subject', '=', `bill-application:${waiting.id}`)
      .execute();
    expect(todo.length).toBe(1);
    expect(todo[0]!.closed_at).toBe(t.app.now());

    // Run again: the day is done, nothing more is cleared or told.
    const suzhouAfter = (await noticesOf(ORG.suzhou)).length;
    const again = await t.app.dayEnd.runNow(closing);
    expect(again.steps[0]!.processed).toBe(1);
    expect((await noticesOf(ORG.suzhou)).length).toBe(suzhouAfter);
  });
});
