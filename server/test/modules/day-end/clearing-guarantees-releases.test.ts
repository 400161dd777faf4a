import { BILL_URL } from '@contract/bills';
import type { BillDetail } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import { GUARANTEE_URL } from '@contract/guarantee';
import type { GuaranteeRecord } from '@contract/guarantee-schemas';
import { pathOf } from '@contract/paths';
import { PLEDGE_URL } from '@contract/pledge';
import type { PledgeRecord } from '@contract/pledge-schemas';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import { shanghaiDate } from '../../../src/lib/shanghai-time';
import { addMonths } from '../../../src/modules/bills/rules';
import { holidayCalendar } from '../../../src/modules/holiday/service';
import {
  answer,
  billCall,
  confirmed,
  dataOf,
  heldOf,
  issueBody,
  issued,
  ledgerAppEach,
  type LedgerTokens,
  ledgerTokens,
  MOBILE,
  openFunctions,
  ORG,
  pendingIn,
} from '../../support/bill-helpers';
import { pledgedToSpdb } from '../../support/payment-helpers';
import type { TestApp } from '../../support/helpers';

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app));

/** Shanghai issues a bill it accepts itself to Ningbo, due `dueDate`; Ningbo signs. */
async function heldByNingbo(dueDate: string): Promise<BillDetail> {
  const detail = await issued(t, MOBILE.shanghai, token.shanghai, issueBody(t, { dueDate }));
  const [receipt] = await pendingIn(t, token.ningbo, detail.bill.id);
  await dataOf(await answer(t, token.ningbo, receipt!.id, 'sign'));
  return detail;
}

/** The close of the first business day on or after `due`, and its day-end run. */
async function closeOn(due: string) {
  const closing = (await holidayCalendar(t.app.db)).businessDayOnOrAfter(due);
  t.clock.advance(Date.parse(`${closing}T21:00:00+08:00`) - t.clock.now());
  token = await ledgerTokens(t);
  return t.app.dayEnd.runNow(closing);
}

const noticesOf = (orgId: string) =>
  t.app.db
    .selectFrom('plat_messages')
    .select(['title', 'content', 'type'])
    .where('org_id', '=', orgId)
    .orderBy('created_at')
    .execute();
const detailOf = async (packageId: string, accessToken = token.shanghai) =>
  dataOf<BillDetail>(await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: packageId }), accessToken));

describe('到期清退 of guarantees at the day-end', () => {
  it('clears a guarantee nobody signed by maturity: cleared, the reason in the history, both sides told', async () => {
    const today = shanghaiDate(t.app.now());
    const due = addMonths(today, 1);
    const bill = await heldByNingbo(due);
    const later = await heldByNingbo(addMonths(today, 2));
    const applyFor = (packageId: string) =>
      confirmed(t, token.shanghai, (headers) =>
        billCall(
          t.app,
          'POST',
          GUARANTEE_URL.apply,
          token.shanghai,
          { packageId, role: 'drawer', guarantorOrgId: ORG.suzhou },
          headers,
        ),
      );
    const waiting = await dataOf<GuaranteeRecord>(await applyFor(bill.bill.id), 201);
    const notYet = await dataOf<GuaranteeRecord>(await applyFor(later.bill.id), 201);

    const run = await closeOn(due);
    expect(run.steps.find((s) => s.name === 'guarantee.clearMatured')).toMatchObject({
      status: 'done',
      processed: 1,
    });
    const rows = await t.app.db
      .selectFrom('bill_guarantees')
      .select(['id', 'status', 'reason'])
      .orderBy('applied_at')
      .execute();
    expect(rows).toEqual([
      { id: waiting.id, status: 'cleared', reason: '票据已到期，待签收的保证申请由系统日终清退' },
      { id: notYet.id, status: 'pending', reason: null },
    ]);
    const listed = await dataOf<Page<GuaranteeRecord>>(
      await billCall(t.app, 'GET', `${GUARANTEE_URL.list}?side=received`, token.suzhou),
    );
    expect(listed.content.find((g) => g.id === waiting.id)).toMatchObject({ status: 'cleared', actions: [] });
    const events = (await detailOf(bill.bill.id)).events;
    expect(events.find((e) => e.type === 'guaranteeCleared')).toMatchObject({
      label: '保证到期清退',
      reason: '票据已到期，待签收的保证申请由系统日终清退',
    });
    for (const orgId of [ORG.shanghai, ORG.suzhou]) {
      expect((await noticesOf(orgId)).map((n) => n.title)).toContain('保证申请已到期清退');
    }
    // The guarantor's to-do went with it.
    const todos = await t.app.db
      .selectFrom('plat_messages')
      .select(['subject', 'closed_at'])
      .where('org_id', '=', ORG.suzhou)
      .where('title', '=', '保证待签收')
      .execute();
    const open = Object.fromEntries(todos.map((n) => [n.subject, n.closed_at === null]));
    expect(open).toEqual({ [`bill-guarantee:${waiting.id}`]: false, [`bill-guarantee:${notYet.id}`]: true });

    // Run again for the same day: nothing more to clear.
    const again = await t.app.dayEnd.runNow(run.businessDate);
    expect(again.status).toBe('done');
    expect(
      await t.app.db
        .selectFrom('bill_guarantees')
        .select('status')
        .where('id', '=', notYet.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ status: 'pending' });
  });
});

describe('到期清退 of 质押解除 requests at the day-end', () => {
  it('clears the pledgee’s release nobody signed by maturity; the range stays pledged', async () => {
    await openFunctions(t, MOBILE.ningbo, ORG.ningbo, ['BILL_PLEDGE']);
    const today = shanghaiDate(t.app.now());
    const due = addMonths(today, 1);
    const bill = await heldByNingbo(due);
    const [holding] = (await heldOf(t, token.ningbo)).content.filter((h) => h.packageId === bill.bill.id);
    const record = await pledgedToSpdb(t, token.ningbo, holding!.id, '400000.00');
    const asked = await t.app.inject({
      method: 'POST',
      url: pathOf(PLEDGE_URL.sandboxRelease, { id: record.id }),
    });
    expect(asked.statusCode, asked.body).toBe(200);
    const pledgesOf = async () =>
      dataOf<Page<PledgeRecord>>(await billCall(t.app, 'GET', PLEDGE_URL.list, token.ningbo));
    expect((await pledgesOf()).content[0]).toMatchObject({ id: record.id, status: 'releasing' });

    const run = await closeOn(due);
    expect(run.steps.find((s) => s.name === 'pledge.clearMaturedReleases')).toMatchObject({
      status: 'done',
      processed: 1,
    });
    const [release] = await t.app.db.selectFrom('bill_pledge_releases').selectAll().execute();
    expect(release).toMatchObject({
      status: 'cleared',
      reason: '票据已到期，待签收的质押解除申请由系统日终清退',
    });
    expect((await pledgesOf()).content[0]).toMatchObject({ id: record.id, status: 'pledged' });
    // Still pledged, the range is the pledgee's to present: the same close presented it.
    const presented = await t.app.db
      .selectFrom('payment_applications')
      .select('presented_by')
      .where('presenter_org_id', '=', DEMO_INSTITUTIONS.spdb.orgId)
      .execute();
    expect(presented).toEqual([{ presented_by: 'pledgee' }]);
    const events = (await detailOf(bill.bill.id, token.ningbo)).events;
    expect(events.find((e) => e.type === 'cleared')).toMatchObject({
      kind: 'pledgeRelease',
      label: '到期清退',
    });
    for (const orgId of [ORG.ningbo, DEMO_INSTITUTIONS.spdb.orgId]) {
      expect((await noticesOf(orgId)).map((n) => n.title)).toContain('质押解除已到期清退');
    }
  });
});
