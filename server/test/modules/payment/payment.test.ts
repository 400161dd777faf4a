import { BILL_URL, CIRCULATION, BILL_STATUS } from '@contract/bills';
import type { BillDetail, Holding } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { pathOf } from '@contract/paths';
import { PAYMENT_URL } from '@contract/payment';
import type { PaymentRecord } from '@contract/payment-schemas';
import { SETTLEMENT_URL } from '@contract/settlement';
import type { SettlementStatement } from '@contract/settlement-schemas';
import { presentMaturing, presentPayments, refuseUnanswered } from '../../../src/modules/payment/service';
import {
  answer,
  billCall,
  confirmed,
  dataOf,
  errorCodeOf,
  heldOf,
  issueBody,
  ledgerAppEach,
  type LedgerTokens,
  ledgerTokens,
  ledgerTokensOn,
  ORG,
  pendingOf,
  refusedBefore,
  signedFor,
  holdingRowOf,
} from '../../support/bill-helpers';
import { payCallOf, refuseCallOf } from '../../support/payment-helpers';
import type { TestApp } from '../../support/helpers';

let t: TestApp;
let token: LedgerTokens;

ledgerAppEach((app) => ({ t, token } = app));

/** 10:00 Shanghai on `date`, everyone signed in again. */
async function onDay(date: string) {
  token = await ledgerTokensOn(t, date);
}

/** Shanghai issues a bill it accepts itself to Ningbo, due 2026-06-02 (a Tuesday); Ningbo signs it. */
async function heldByNingbo(fields: Parameters<typeof issueBody>[1] = {}) {
  const detail = await signedFor(t, token, 'shanghai', 'ningbo', issueBody(t, fields));
  return { detail, holding: await ningboHolding(detail.bill.id) };
}
async function ningboHolding(packageId: string): Promise<Holding> {
  const rows = await t.app.db
    .selectFrom('bill_holdings')
    .select('id')
    .where('package_id', '=', packageId)
    .where('org_id', '=', ORG.ningbo)
    .where('ended_at', 'is', null)
    .execute();
  expect(rows).toHaveLength(1);
  const detail = await dataOf<BillDetail>(
    await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: packageId }), token.ningbo),
  );
  const holding = detail.holdings.find((h) => h.id === rows[0]!.id);
  expect(holding).toBeDefined();
  return holding!;
}

const presentCall =
  (holdingId: string, fields: object = {}) =>
  (headers: Record<string, string>) =>
    billCall(t.app, 'POST', PAYMENT_URL.present, token.ningbo, { holdingId, ...fields }, headers);
const present = async (holdingId: string, fields: object = {}) =>
  dataOf<PaymentRecord>(await confirmed(t, token.ningbo, presentCall(holdingId, fields)), 201);
const payCall = (id: string, body: object = {}) => payCallOf(t, token.shanghai, id, body);
const refuseCall = (id: string, body: object) => refuseCallOf(t, token.shanghai, id, body);
const list = async (accessToken: string, query: string) =>
  dataOf<Page<PaymentRecord>>(await billCall(t.app, 'GET', `${PAYMENT_URL.list}?${query}`, accessToken));
const balanceOf = async (accessToken: string) =>
  dataOf<SettlementStatement>(await billCall(t.app, 'GET', SETTLEMENT_URL.statement, accessToken));

describe('提示付款 and 付款', () => {
  it('presents on the maturity date, the acceptor pays online: the money moves and the range is settled', async () => {
    const { holding } = await heldByNingbo();
    await onDay('2026-06-02');
    const shanghaiBefore = await balanceOf(token.shanghai);
    const ningboBefore = await balanceOf(token.ningbo);

    const presented = await present(holding.id);
    expect(presented).toMatchObject({
      state: 'pending',
      presentedBy: 'holder',
      presentedOn: '2026-06-02',
      overdue: false,
      answerDue: '2026-06-05',
      amount: '1000000.00',
      actions: ['withdraw'],
    });
    expect((await holdingRowOf(t, holding.id)).circ_status).toBe(CIRCULATION.locked);
    const [toAnswer] = (await list(token.shanghai, 'side=acceptor')).content;
    expect(toAnswer).toMatchObject({ id: presented.id, actions: ['pay', 'refusePayment'] });
    // The acceptor answers on the 提示付款 page, not in the 待签收 workbench.
    expect((await pendingOf(t, token.shanghai)).content.map((a) => a.id)).not.toContain(presented.id);
    const viaWorkbench = await confirmed(t, token.shanghai, (headers) =>
      billCall(
        t.app,
        'POST',
        pathOf(BILL_URL.sign, { id: presented.id }),
        token.shanghai,
        undefined,
        headers,
      ),
    );
    expect(viaWorkbench.statusCode).toBe(409);

    const paid = await dataOf<PaymentRecord>(await confirmed(t, token.shanghai, payCall(presented.id)));
    expect(paid).toMatchObject({ state: 'paid', clearing: 'SM00', actions: [] });
    const settled = await t.app.db
      .selectFrom('bill_holdings')
      .selectAll()
      .where('package_id', '=', holding.packageId)
      .where('ended_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect([settled.org_id, settled.bill_status, settled.circ_status]).toEqual([
      ORG.ningbo,
      BILL_STATUS.settled,
      CIRCULATION.ended,
    ]);
    const shanghaiAfter = await balanceOf(token.shanghai);
    const ningboAfter = await balanceOf(token.ningbo);
    expect(Number(shanghaiBefore.balance) - Number(shanghaiAfter.balance)).toBe(1_000_000);
    expect(Number(ningboAfter.balance) - Number(ningboBefore.balance)).toBe(1_000_000);
    expect(ningboAfter.lines.content[0]).toMatchObject({
      direction: 'in',
      amount: '1000000.00',
      remark: '票据到期付款',
    });
    // Settled: out of the held list, and neither presented nor endorsed again.
    expect((await heldOf(t, token.ningbo)).content.map((h) => h.packageId)).not.toContain(holding.packageId);
    const again = await presentCall(settled.id)({});
    expect([again.statusCode, errorCodeOf(again)]).toEqual([409, API_ERROR.billStateInvalid]);
    const detail = await dataOf<BillDetail>(
      await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: holding.packageId }), token.ningbo),
    );
    expect(detail.events.map((e) => e.label).slice(-2)).toEqual(['提示付款', '付款']);
  });

  it('pays 线下 without moving money', async () => {
    const { holding } = await heldByNingbo();
    await onDay('2026-06-03');
    const before = await balanceOf(token.shanghai);
    const presented = await present(holding.id);
    const paid = await dataOf<PaymentRecord>(
      await confirmed(t, token.shanghai, payCall(presented.id, { clearing: 'SM01' })),
    );
    expect(paid).toMatchObject({ state: 'paid', clearing: 'SM01' });
    expect((await balanceOf(token.shanghai)).balance).toBe(before.balance);
  });

  it('counts a payment the acceptor cannot fund as 拒付 for lack of funds, and moves nothing', async () => {
    const { holding } = await heldByNingbo({ amount: '60000000.00' });
    await onDay('2026-06-02');
    const before = await balanceOf(token.shanghai);
    const presented = await present(holding.id);
    const answered = await confirmed(t, token.shanghai, payCall(presented.id));
    const record = await dataOf<PaymentRecord>(answered);
    expect(record).toMatchObject({ state: 'refused', refusedBy: 'funds', refusalCode: 'DC08' });
    expect(record.refusalText).toContain('余额不足');
    expect((await balanceOf(token.shanghai)).balance).toBe(before.balance);
    expect((await holdingRowOf(t, holding.id)).circ_status).toBe(CIRCULATION.recourse);
  });
});

describe('拒付', () => {
  it('refuses with a reason code: the range stays the holder’s under recourse and can do nothing else', async () => {
    const { holding } = await heldByNingbo();
    await onDay('2026-06-02');
    const presented = await present(holding.id);
    expect(await refusedBefore(t, refuseCall(presented.id, { code: 'DC09' }))).toEqual([
      400,
      API_ERROR.paymentReasonRequired,
    ]);
    expect((await refusedBefore(t, refuseCall(presented.id, { code: 'DC07' })))[0]).toBe(400);

    const refused = await dataOf<PaymentRecord>(
      await confirmed(t, token.shanghai, refuseCall(presented.id, { code: 'DC00', text: '货物质量争议' })),
    );
    expect(refused).toMatchObject({
      state: 'refused',
      refusedBy: 'acceptor',
      refusalCode: 'DC00',
      refusalText: '货物质量争议',
    });
    const row = await holdingRowOf(t, holding.id);
    expect([row.org_id, row.bill_status, row.circ_status, row.ended_at]).toEqual([
      ORG.ningbo,
      BILL_STATUS.received,
      CIRCULATION.recourse,
      null,
    ]);
    const again = await presentCall(holding.id)({});
    expect([again.statusCode, errorCodeOf(again)]).toEqual([409, API_ERROR.billStateInvalid]);
    const detail = await dataOf<BillDetail>(
      await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: holding.packageId }), token.ningbo),
    );
    expect(detail.holdings.find((h) => h.id === holding.id)?.actions).toEqual([]);
    const notice = await t.app.db
      .selectFrom('plat_messages')
      .select(['title', 'content'])
      .where('org_id', '=', ORG.ningbo)
      .where('title', '=', '提示付款被拒付')
      .executeTakeFirstOrThrow();
    expect(notice.content).toContain('货物质量争议');
  });

  it('lets the acceptor refuse an early presentation as 票据未到期, which leaves the range to be presented again', async () => {
    const { holding } = await heldByNingbo();
    await onDay('2026-05-20');
    const presented = await present(holding.id);
    expect(presented.answerDue).toBe('2026-06-05');
    await dataOf(await confirmed(t, token.shanghai, refuseCall(presented.id, { code: 'DC07' })));
    const row = await ningboHolding(holding.packageId);
    expect(row.actions).toEqual(['endorse', 'pledge', 'presentPayment']);
  });
});

describe('when a bill may be presented', () => {
  it('asks a written reason after the presentation period and refuses after two years, before any confirmation', async () => {
    const { holding } = await heldByNingbo();
    // The period of a bill due 2026-06-02 ends on Friday the 12th.
    await onDay('2026-06-15');
    expect(await refusedBefore(t, presentCall(holding.id))).toEqual([400, API_ERROR.paymentReasonRequired]);
    const late = await present(holding.id, { overdueReason: '财务人员交接延误' });
    expect(late).toMatchObject({ overdue: true, overdueReason: '财务人员交接延误', answerDue: '2026-06-18' });
  });

  it('refuses a presentation after the rights lapsed', async () => {
    const { holding } = await heldByNingbo();
    await onDay('2028-06-05');
    const lapsed = await presentCall(holding.id, { overdueReason: '迟延' })({});
    expect([lapsed.statusCode, errorCodeOf(lapsed)]).toEqual([409, API_ERROR.paymentLapsed]);
  });

  it('lets the presenter withdraw a presentation nobody answered', async () => {
    const { holding } = await heldByNingbo();
    await onDay('2026-06-02');
    const presented = await present(holding.id);
    await dataOf(await answer(t, token.ningbo, presented.id, 'withdraw'));
    expect((await holdingRowOf(t, holding.id)).circ_status).toBe(CIRCULATION.negotiable);
    expect((await list(token.ningbo, 'side=presenter&state=withdrawn')).totalElements).toBe(1);
  });
});

describe('who sees and answers a presentation', () => {
  it('answers another organisation the same 404, and the presenter cannot pay its own', async () => {
    const { holding } = await heldByNingbo();
    await onDay('2026-06-02');
    const presented = await present(holding.id);
    const suzhouPays = await billCall(
      t.app,
      'POST',
      pathOf(PAYMENT_URL.pay, { id: presented.id }),
      token.suzhou,
      {},
    );
    expect(suzhouPays.statusCode).toBe(404);
    const suzhouPresents = await billCall(t.app, 'POST', PAYMENT_URL.present, token.suzhou, {
      holdingId: holding.id,
    });
    expect(suzhouPresents.statusCode).toBe(404);
    const ningboPays = await billCall(
      t.app,
      'POST',
      pathOf(PAYMENT_URL.pay, { id: presented.id }),
      token.ningbo,
      {},
    );
    expect(ningboPays.statusCode).toBe(403);
    expect((await list(token.suzhou, 'side=acceptor')).totalElements).toBe(0);
    expect((await list(token.suzhou, 'side=presenter')).totalElements).toBe(0);
  });

  it('filters the list by state, package number and maturity', async () => {
    const { holding, detail } = await heldByNingbo();
    await onDay('2026-06-02');
    await present(holding.id);
    expect((await list(token.ningbo, 'side=presenter&state=pending')).totalElements).toBe(1);
    expect((await list(token.ningbo, 'side=presenter&state=paid')).totalElements).toBe(0);
    const no = detail.bill.packageNo;
    expect((await list(token.ningbo, `side=presenter&packageNo=${no.slice(5, 20)}`)).totalElements).toBe(1);
    expect((await list(token.ningbo, 'side=presenter&dueFrom=2026-06-03')).totalElements).toBe(0);
    expect(
      (await list(token.ningbo, 'side=presenter&dueFrom=2026-06-01&dueTo=2026-06-02')).totalElements,
    ).toBe(1);
    // A page past the end still carries the total of the filter.
    expect(await list(token.ningbo, 'side=presenter&state=pending&size=1&page=2')).toMatchObject({
      totalElements: 1,
      content: [],
    });
    const wrong = await billCall(
      t.app,
      'GET',
      `${PAYMENT_URL.list}?side=presenter&dueFrom=2026-06-05&dueTo=2026-06-01`,
      token.ningbo,
    );
    expect(wrong.statusCode).toBe(400);
  });
});

describe('one answer per presentation', () => {
  it('takes the same 付款 twice once, and of 付款 and 拒付 at once exactly one', async () => {
    const { holding } = await heldByNingbo();
    await onDay('2026-06-02');
    const presented = await present(holding.id);
    const key = { 'idempotency-key': 'pay-once-0001' };
    const first = await confirmed(t, token.shanghai, (headers) =>
      payCall(presented.id)({ ...headers, ...key }),
    );
    expect(first.statusCode).toBe(200);
    const replay = await confirmed(t, token.shanghai, (headers) =>
      payCall(presented.id)({ ...headers, ...key }),
    );
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toEqual(first.json());
    const payments = await t.app.db
      .selectFrom('payment_applications')
      .select('payment_id')
      .where('application_id', '=', presented.id)
      .execute();
    expect(payments).toHaveLength(1);
    const refusedAfter = await refuseCall(presented.id, { code: 'DC00', text: '争议' })({});
    expect([refusedAfter.statusCode, errorCodeOf(refusedAfter)]).toEqual([
      409,
      API_ERROR.billApplicationAnswered,
    ]);
  });
});

describe('day-end', () => {
  it('presents every unpresented received holding on its maturity date, once', async () => {
    const { holding } = await heldByNingbo();
    // The demo's own bills mature too: only this one is followed.
    await onDay('2026-06-01');
    await presentMaturing(t.app.db, null, t.clock.now());
    expect((await holdingRowOf(t, holding.id)).circ_status).toBe(CIRCULATION.negotiable);
    await onDay('2026-06-02');
    expect((await presentMaturing(t.app.db, null, t.clock.now())).done).toBeGreaterThanOrEqual(1);
    expect(await presentMaturing(t.app.db, null, t.clock.now())).toEqual({ done: 0, skipped: 0, last: null });
    const record = (await list(token.ningbo, 'side=presenter')).content.find(
      (row) => row.packageId === holding.packageId,
    );
    expect(record).toMatchObject({ presentedBy: 'system', answerDue: '2026-06-05' });
    expect((await holdingRowOf(t, holding.id)).circ_status).toBe(CIRCULATION.locked);
  });

  it('presents a batch in one transaction, leaving each holding that fails its check as it was', async () => {
    const first = await heldByNingbo();
    const second = await heldByNingbo();
    const third = await heldByNingbo();
    await onDay('2026-06-02');
    // Presented by its holder already: locked, so the batch leaves it alone.
    const own = await present(second.holding.id);
    const owner = await t.app.db
      .selectFrom('memberships')
      .select('user_id')
      .where('org_id', '=', ORG.ningbo)
      .executeTakeFirstOrThrow();
    const ningbo = { orgId: ORG.ningbo, userId: owner.user_id };
    const outcome = await t.app.db.transaction().execute((trx) =>
      presentPayments({ trx, now: t.clock.now(), realtime: null }, [
        { holdingId: first.holding.id, actor: ningbo },
        { holdingId: second.holding.id, actor: ningbo },
        // Not the holder's: named under another organisation, it is not presented.
        { holdingId: third.holding.id, actor: { orgId: ORG.shanghai, userId: owner.user_id } },
      ]),
    );
    expect(outcome).toEqual({ presented: 1, skipped: 2 });
    expect((await holdingRowOf(t, first.holding.id)).circ_status).toBe(CIRCULATION.locked);
    expect((await holdingRowOf(t, third.holding.id)).circ_status).toBe(CIRCULATION.negotiable);
    const applications = await t.app.db
      .selectFrom('bill_applications as a')
      .innerJoin('payment_applications as pa', 'pa.application_id', 'a.id')
      .select(['a.id', 'a.package_id', 'a.status', 'pa.presented_by', 'pa.answer_due'])
      .where('a.package_id', 'in', [first.detail.bill.id, second.detail.bill.id, third.detail.bill.id])
      .execute();
    expect(applications).toHaveLength(2);
    const batched = applications.find((a) => a.package_id === first.detail.bill.id)!;
    expect(batched).toMatchObject({ status: 'pending', presented_by: 'system', answer_due: '2026-06-05' });
    expect(applications.find((a) => a.package_id === second.detail.bill.id)!.id).toBe(own.id);
    // The bill's history and the acceptor's to-do, as a single presentation writes them.
    const events = await t.app.db
      .selectFrom('bill_events')
      .select(['type', 'kind', 'from_org_id', 'to_org_id', 'user_id'])
      .where('application_id', '=', batched.id)
      .execute();
    expect(events).toEqual([
      {
        type: 'applied',
        kind: 'payment',
        from_org_id: ORG.ningbo,
        to_org_id: ORG.shanghai,
        user_id: owner.user_id,
      },
    ]);
    const todo = await t.app.db
      .selectFrom('plat_messages')
      .select(['org_id', 'content'])
      .where('subject', '=', `bill-application:${batched.id}`)
      .execute();
    expect(todo).toHaveLength(1);
    expect(todo[0]!.org_id).toBe(ORG.shanghai);
    expect(todo[0]!.content).toContain(first.detail.bill.packageNo);
    // The acceptor answers it as any presentation.
    const paid = await confirmed(t, token.shanghai, payCall(batched.id));
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await holdingRowOf(t, first.holding.id)).bill_status).toBe(BILL_STATUS.settled);
  });

  it('refuses a presentation unanswered at the close of its third business day', async () => {
    const { holding } = await heldByNingbo();
    await onDay('2026-06-02');
    const presented = await present(holding.id);
    await onDay('2026-06-04');
    await refuseUnanswered(t.app.db, null, t.clock.now());
    expect((await holdingRowOf(t, holding.id)).circ_status).toBe(CIRCULATION.locked);
    await onDay('2026-06-05');
    expect((await refuseUnanswered(t.app.db, null, t.clock.now())).done).toBeGreaterThanOrEqual(1);
    expect(await refuseUnanswered(t.app.db, null, t.clock.now())).toEqual({
      done: 0,
      skipped: 0,
      last: null,
    });
    const record = (await list(token.ningbo, 'side=presenter')).content.find(
      (row) => row.packageId === holding.packageId,
    );
    expect(record).toMatchObject({ id: presented.id, state: 'refused', refusedBy: 'timeout' });
    expect((await holdingRowOf(t, holding.id)).circ_status).toBe(CIRCULATION.recourse);
  });

  it('runs as the day-end run’s steps: presented at the close of the maturity date, refused at the close of its answer day', async () => {
    const { holding } = await heldByNingbo();
    const closeOf = async (date: string) => {
      await onDay(date);
      t.clock.advance(11 * 3_600_000 + 60_000); // 21:01, after the close
      const response = await t.app.inject({ method: 'POST', url: '/api/sandbox/day-end', payload: {} });
      expect(response.statusCode, response.body).toBe(200);
      token = await ledgerTokens(t);
      return response.json<{
        data: { businessDate: string; status: string; steps: Array<{ name: string }> };
      }>().data;
    };
    const matured = await closeOf('2026-06-02');
    expect(matured).toMatchObject({ businessDate: '2026-06-02', status: 'done' });
    expect(matured.steps.map((step) => step.name)).toEqual(
      expect.arrayContaining(['payment.refuseUnanswered', 'payment.presentMaturing']),
    );
    expect((await holdingRowOf(t, holding.id)).circ_status).toBe(CIRCULATION.locked);
    await closeOf('2026-06-05');
    // The demo's own bills mature too: only this one is followed.
    const record = (await list(token.ningbo, 'side=presenter')).content.find(
      (row) => row.packageId === holding.packageId,
    );
    expect(record).toMatchObject({ presentedBy: 'system', state: 'refused', refusedBy: 'timeout' });
    expect((await holdingRowOf(t, holding.id)).circ_status).toBe(CIRCULATION.recourse);
  });
});
