import { addDays } from '../../../src/lib/calendar-date';
import { shanghaiDate } from '../../../src/lib/shanghai-time';
import { maturityRemindersStep, reminderDue } from '../../../src/modules/bills/service';
import { holidayCalendar, type HolidayCalendar } from '../../../src/modules/holiday/service';
import {
  answer,
  dataOf,
  issueBody,
  issued,
  ledgerTokens,
  ledgerTokensOn,
  MOBILE,
  ORG,
  pendingIn,
} from '../../support/bill-helpers';
import { startApp, type TestApp } from '../../support/helpers';

let t: TestApp;
let calendar: HolidayCalendar;
beforeAll(async () => {
  t = await startApp();
  calendar = await holidayCalendar(t.app.db);
});
afterAll(async () => {
  await t.app.close();
});

/** The first close from `from` to `to` that owes each lead, as `date: lead` (the step sends each once). */
function firstOwed(due: string, from: string, to: string): string[] {
  const seen = new Set<number>();
  const sent: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) {
    if (!calendar.isBusinessDay(day)) continue;
    const lead = reminderDue(due, day, calendar);
    if (lead === null || seen.has(lead)) continue;
    seen.add(lead);
    sent.push(`${day}: ${lead}`);
  }
  return sent;
}

describe('which reminder a close owes', () => {
  it('across a month end: 30, 7 and 1 days before and on the day', () => {
    // Due Tuesday 2026-06-30: 31 May is a Sunday, so the 30-day lead is met at Friday the 29th's close.
    expect(firstOwed('2026-06-30', '2026-05-20', '2026-07-10')).toEqual([
      '2026-05-29: 30',
      '2026-06-23: 7',
      '2026-06-29: 1',
      '2026-06-30: 0',
    ]);
  });

  it('meets a lead that falls on a holiday at the close before it, and reminds on the day it is paid', () => {
    // Qingming 2026: 4-6 April closed. A bill due on Monday the 6th is paid on Tuesday the 7th.
    const due = '2026-04-06';
    const payDay = calendar.businessDayOnOrAfter(due);
    expect(payDay).toBe('2026-04-07');
    expect(reminderDue(due, '2026-04-03', calendar)).toBe(1);
    expect(reminderDue(due, '2026-04-02', calendar)).toBe(7);
    expect(reminderDue(due, payDay, calendar)).toBe(0);
    expect(reminderDue(due, '2026-04-08', calendar)).toBeNull();
  });

  it('on a leap day', () => {
    const due = '2028-02-29';
    expect(reminderDue(due, '2028-01-28', calendar)).toBe(30);
    expect(reminderDue(due, '2028-01-27', calendar)).toBeNull();
    expect(reminderDue(due, '2028-02-22', calendar)).toBe(7);
    expect(reminderDue(due, '2028-02-28', calendar)).toBe(1);
    expect(reminderDue(due, '2028-02-29', calendar)).toBe(0);
    expect(reminderDue(due, '2028-03-01', calendar)).toBeNull();
  });
});

describe('the reminders step', () => {
  it('tells the holder and the acceptor once each lead, the acceptor what it pays on which day from which account', async () => {
    const token = await ledgerTokens(t);
    const due = '2026-04-06';
    const detail = await issued(
      t,
      MOBILE.suzhou,
      token.suzhou,
      issueBody(t, { acceptorOrgId: ORG.suzhou, dueDate: due }),
    );
    const [receipt] = await pendingIn(t, token.ningbo, detail.bill.id);
    await dataOf(await answer(t, token.ningbo, receipt!.id, 'sign'));

    // Every business day's close from today to after the payment day, each run twice.
    for (let day = '2026-03-02'; day <= '2026-04-10'; day = addDays(day, 1)) {
      if (!calendar.isBusinessDay(day)) continue;
      t.clock.advance(Date.parse(`${day}T21:00:00+08:00`) - t.clock.now());
      expect((await t.app.dayEnd.runNow(day)).status).toBe('done');
      await t.app.dayEnd.runNow(day);
    }
    const sent = await t.app.db
      .selectFrom('maturity_reminders')
      .select(['org_id', 'role', 'days_before', 'sent_at'])
      .where('package_id', '=', detail.bill.id)
      .orderBy('sent_at')
      .orderBy('role')
      .execute();
    const at = (date: string) => Date.parse(`${date}T21:00:00+08:00`);
    expect(sent).toEqual([
      { org_id: ORG.suzhou, role: 'acceptor', days_before: 30, sent_at: at('2026-03-06') },
      { org_id: ORG.ningbo, role: 'holder', days_before: 30, sent_at: at('2026-03-06') },
      { org_id: ORG.suzhou, role: 'acceptor', days_before: 7, sent_at: at('2026-03-30') },
      { org_id: ORG.ningbo, role: 'holder', days_before: 7, sent_at: at('2026-03-30') },
      { org_id: ORG.suzhou, role: 'acceptor', days_before: 1, sent_at: at('2026-04-03') },
      { org_id: ORG.ningbo, role: 'holder', days_before: 1, sent_at: at('2026-04-03') },
      { org_id: ORG.suzhou, role: 'acceptor', days_before: 0, sent_at: at('2026-04-07') },
      { org_id: ORG.ningbo, role: 'holder', days_before: 0, sent_at: at('2026-04-07') },
    ]);
    const notices = await t.app.db
      .selectFrom('plat_messages')
      .select(['org_id', 'title', 'content'])
      .where('content', 'like', `%${detail.bill.packageNo}%`)
      .where('title', 'like', '%到期%')
      .orderBy('created_at')
      .execute();
    expect(notices.filter((n) => n.org_id === ORG.ningbo).map((n) => n.title)).toEqual([
      '持有票据30天后到期（2026-04-06）',
      '持有票据7天后到期（2026-04-06）',
      '持有票据1天后到期（2026-04-06）',
      '持有票据今日到期',
    ]);
    const onTheDay = notices.filter((n) => n.org_id === ORG.suzhou).at(-1)!;
    expect(onTheDay.title).toBe('承兑票据今日到期');
    expect(onTheDay.content).toContain('应于2026-04-07付款1,000,000.00元');
    expect(onTheDay.content).toMatch(/付款账户\d+（.+）/);
  });
});

/** A bill 苏州 drew and accepted, due in 20 days, signed for by 宁波: one the reminders step tells both of. */
async function receivedBillDueSoon() {
  // A business morning after whatever day the tests before moved the clock to.
  const token = await ledgerTokensOn(t, calendar.nextBusinessDay(shanghaiDate(t.clock.now())));
  const due = addDays(shanghaiDate(t.clock.now()), 20);
  const detail = await issued(
    t,
    MOBILE.suzhou,
    token.suzhou,
    issueBody(t, { acceptorOrgId: ORG.suzhou, dueDate: due }),
  );
  const [receipt] = await pendingIn(t, token.ningbo, detail.bill.id);
  await dataOf(await answer(t, token.ningbo, receipt!.id, 'sign'));
  const businessDate = shanghaiDate(t.clock.now());
  /** One pass of the step over today from `cursor`; answers the rows it reported done. */
  const pass = async (cursor: string | null) => {
    const processed: number[] = [];
    await maturityRemindersStep.run({
      db: t.app.db,
      businessDate,
      nextBusinessDate: calendar.nextBusinessDay(businessDate),
      now: t.clock.now(),
      calendar,
      realtime: t.app.realtime,
      log: t.app.log,
      cursor,
      progress: async (_cursor, count) => void processed.push(count),
    });
    return processed.reduce((sum, count) => sum + count, 0);
  };
  /** The maturity notices that name the bill. */
  const told = () =>
    t.app.db
      .selectFrom('plat_messages')
      .select('org_id')
      .where('content', 'like', `%${detail.bill.packageNo}%`)
      .where('title', 'like', '%到期%')
      .execute();
  return { detail, due, pass, told };
}

describe('the reminders step run again over what it did', () => {
  it('records and tells each reminder once: a second pass from the start sends nothing', async () => {
    // A step taken over after its node died starts again before what it had done: as a pass from no cursor.
    const { pass, told } = await receivedBillDueSoon();
    expect(await pass(null)).toBeGreaterThanOrEqual(2);
    expect((await told()).map((n) => n.org_id).sort()).toEqual([ORG.suzhou, ORG.ningbo].sort());
    expect(await pass(null)).toBe(0);
    expect(await told()).toHaveLength(2);
  });
});

describe('the reminders step resumed from its cursor', () => {
  it('goes on after the due date and bill its last batch ended at, and starts again from an older cursor', async () => {
    const { detail, due, pass, told } = await receivedBillDueSoon();
    // A cursor at the bill: it was done before the run stopped, so it is not read again.
    await pass(`${due} ${detail.bill.id}`);
    expect(await told()).toEqual([]);
    // A cursor at an earlier due date: the bill comes after it.
    await pass(`${addDays(due, -1)} ${detail.bill.id}`);
    expect((await told()).map((n) => n.org_id).sort()).toEqual([ORG.suzhou, ORG.ningbo].sort());
    // A cursor of an older run (an id alone) starts the step again, which tells nobody twice.
    await pass(detail.bill.id);
    expect(await told()).toHaveLength(2);
  });
});
