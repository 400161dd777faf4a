import { BILL_STATUS, BILL_URL, CIRCULATION } from '@contract/bills';
import type { BillDetail } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { pathOf } from '@contract/paths';
import { PAYMENT_URL } from '@contract/payment';
import type { PaymentRecord } from '@contract/payment-schemas';
import { PLEDGE_URL } from '@contract/pledge';
import type { PledgeRecord } from '@contract/pledge-schemas';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import { ApiFailure } from '../../../src/lib/errors';
import type { Actor, CommandScope } from '../../../src/modules/bills/service';
import {
  paymentCommands,
  presentAsPledgee,
  presentMaturing,
  presentPledged,
  refusePresentation,
} from '../../../src/modules/payment/service';
import {
  billCall,
  dataOf,
  errorCodeOf,
  heldAfterSigning,
  issueBody,
  ledgerAppEach,
  type LedgerTokens,
  ledgerTokensOn,
  MOBILE,
  openFunctions,
  ORG,
  signedFor,
  userIdOf,
  defaultAccountOf,
  sandboxBalanceOf,
  currentHoldingsIn,
  holdingRowOf,
  pledgeRowOf,
} from '../../support/bill-helpers';
import type { TestApp } from '../../support/helpers';
import {
  payCallOf,
  paysPresentation,
  PLEDGEE_DISPUTE,
  pledgedToSpdb,
  pledgeePresentationOf,
  refusesPayment,
  sandboxPresent,
} from '../../support/payment-helpers';

const SPDB = DEMO_INSTITUTIONS.spdb;
const PLEDGED_FEN = 40_000_000;

let t: TestApp;
let token: LedgerTokens;

ledgerAppEach((app) => ({ t, token } = app));

/** 10:00 Shanghai on `date`, everyone signed in again. */
async function onDay(date: string) {
  token = await ledgerTokensOn(t, date);
}

/**
 * Shanghai issues 1,000,000.00 it accepts itself to Ningbo, due 2026-06-02; Ningbo pledges the front
 * 400,000.00 to 浦发 (the sandbox institution signs) and keeps the rest negotiable.
 */
async function pledgedByNingbo() {
  const { detail, holding } = await heldAfterSigning(t, token, 'shanghai', 'ningbo', issueBody(t));
  await openFunctions(t, MOBILE.ningbo, ORG.ningbo, ['BILL_PLEDGE']);
  const pledge = await pledgedToSpdb(t, token.ningbo, holding.id, '400000.00');
  const pledged = await currentHoldingsIn(t, detail.bill.id);
  expect(pledged.map((h) => [h.circ_status, Number(h.amount_fen)])).toEqual([
    [CIRCULATION.pledged, PLEDGED_FEN],
    [CIRCULATION.negotiable, 100_000_000 - PLEDGED_FEN],
  ]);
  return { packageId: detail.bill.id, pledgeId: pledge.id, pledgedHoldingId: pledged[0]!.id };
}

const list = async (accessToken: string, query: string) =>
  dataOf<Page<PaymentRecord>>(await billCall(t.app, 'GET', `${PAYMENT_URL.list}?${query}`, accessToken));
const sandboxRelease = (pledgeId: string) =>
  t.app.inject({ method: 'POST', url: pathOf(PLEDGE_URL.sandboxRelease, { id: pledgeId }) });
const balanceOf = (accountNo: string) => sandboxBalanceOf(t, accountNo);
const accountOf = (orgId: string) => defaultAccountOf(t, orgId);
const noticesOf = (orgId: string) =>
  t.app.db
    .selectFrom('plat_messages')
    .select(['title', 'content', 'type', 'subject', 'closed_at'])
    .where('org_id', '=', orgId)
    .execute();

describe('a bill that matures pledged', () => {
  it('is presented by its pledgee at day-end on the maturity date, and paid to the pledgee: the pledge ends with the bill', async () => {
    const { packageId, pledgeId, pledgedHoldingId } = await pledgedByNingbo();
    // Before maturity the rights are the pledgor's: the pledgee may not present.
    const early = await sandboxPresent(t, pledgeId);
    expect([early.statusCode, errorCodeOf(early)]).toEqual([409, API_ERROR.billStateInvalid]);

    await onDay('2026-06-02');
    // From maturity the pledge can no longer be released.
    const release = await sandboxRelease(pledgeId);
    expect(release.statusCode).toBe(409);

    // The holders' own presentations leave the pledged range alone; the pledgee's step presents it, once.
    await presentMaturing(t.app.db, null, t.clock.now());
    expect((await holdingRowOf(t, pledgedHoldingId)).circ_status).toBe(CIRCULATION.pledged);
    const first = await presentPledged(t.app.db, null, t.clock.now());
    expect(first.done).toBeGreaterThanOrEqual(1);
    expect(await presentPledged(t.app.db, null, t.clock.now())).toEqual({ done: 0, skipped: 0, last: null });
    expect((await holdingRowOf(t, pledgedHoldingId)).circ_status).toBe(CIRCULATION.locked);

    const presented = await pledgeePresentationOf(t, token.shanghai, packageId);
    expect(presented).toMatchObject({
      presenter: { orgId: SPDB.orgId, name: SPDB.name },
      presentedOn: '2026-06-02',
      amount: '400000.00',
      state: 'pending',
      actions: ['pay', 'refusePayment'],
    });
    const application = await t.app.db
      .selectFrom('bill_applications')
      .selectAll()
      .where('id', '=', presented!.id)
      .executeTakeFirstOrThrow();
    expect([application.applicant_org_id, application.applicant_user_id]).toEqual([SPDB.orgId, null]);
    expect(
      (await noticesOf(ORG.shanghai)).some(
        (n) => n.subject === `bill-application:${presented!.id}` && n.closed_at === null,
      ),
    ).toBe(true);
    // The pledgor's presentations are its own: the pledgee's is not among them, its rest is (by day-end).
    const ningboRows = (await list(token.ningbo, 'side=presenter')).content.filter(
      (row) => row.packageId === packageId,
    );
    expect(ningboRows.map((row) => [row.presentedBy, row.amount])).toEqual([['system', '600000.00']]);

    const acceptorBefore = await balanceOf(await accountOf(ORG.shanghai));
    const pledgeeBefore = await balanceOf(SPDB.accountNo);
    const pledgorBefore = await balanceOf(await accountOf(ORG.ningbo));
    const paid = await dataOf<PaymentRecord>(await paysPresentation(t, token.shanghai, presented!.id));
    expect(paid).toMatchObject({ state: 'paid', clearing: 'SM00' });
    expect(await balanceOf(await accountOf(ORG.shanghai))).toBe(acceptorBefore - PLEDGED_FEN);
    expect(await balanceOf(SPDB.accountNo)).toBe(pledgeeBefore + PLEDGED_FEN);
    expect(await balanceOf(await accountOf(ORG.ningbo))).toBe(pledgorBefore);

    const settled = await holdingRowOf(t, pledgedHoldingId);
    expect([settled.org_id, settled.bill_status, settled.circ_status, settled.ended_at]).toEqual([
      ORG.ningbo,
      BILL_STATUS.settled,
      CIRCULATION.ended,
      null,
    ]);
    expect((await pledgeRowOf(t, pledgeId)).released_at).not.toBeNull();
    const [pledge] = (
      await dataOf<Page<PledgeRecord>>(await billCall(t.app, 'GET', PLEDGE_URL.list, token.ningbo))
    ).content;
    // Ended by payment, not by a release: 已兑付, under its own filter and not under 已解除's.
    expect(pledge!.status).toBe('paid');
    const listed = async (status: string) =>
      (
        await dataOf<Page<PledgeRecord>>(
          await billCall(t.app, 'GET', `${PLEDGE_URL.list}?status=${status}`, token.ningbo),
        )
      ).content.map((p) => p.id);
    expect(await listed('paid')).toEqual([pledgeId]);
    expect(await listed('released')).toEqual([]);
    expect((await noticesOf(ORG.ningbo)).map((n) => n.title)).toContain('质押票据已付款');
    // The chain: the pledgee presented, the acceptor paid.
    const detail = await dataOf<BillDetail>(
      await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: packageId }), token.ningbo),
    );
    const payments = detail.events.filter(
      (e) => e.kind === 'payment' && e.from?.name === SPDB.name && e.amount === '400000.00',
    );
    expect(payments.map((e) => e.label)).toEqual(['提示付款', '付款']);
  });

  it('is refused by the acceptor as any presentation: under recourse, the pledge still the pledgee’s', async () => {
    const { packageId, pledgeId, pledgedHoldingId } = await pledgedByNingbo();
    await onDay('2026-06-02');
    expect((await sandboxPresent(t, pledgeId)).statusCode).toBe(200);
    const again = await sandboxPresent(t, pledgeId);
    expect([again.statusCode, errorCodeOf(again)]).toEqual([409, API_ERROR.billLocked]);
    const presented = (await pledgeePresentationOf(t, token.shanghai, packageId))!;

    const notDue = await refusesPayment(t, token.shanghai, presented.id, { code: 'DC07' });
    expect(notDue.statusCode).toBe(400);
    const refused = await refusesPayment(t, token.shanghai, presented.id, PLEDGEE_DISPUTE);
    expect(refused.statusCode).toBe(200);
    const holding = await holdingRowOf(t, pledgedHoldingId);
    expect([holding.org_id, holding.bill_status, holding.circ_status]).toEqual([
      ORG.ningbo,
      BILL_STATUS.received,
      CIRCULATION.recourse,
    ]);
    expect((await pledgeRowOf(t, pledgeId)).released_at).toBeNull();
    expect((await noticesOf(ORG.ningbo)).map((n) => n.title)).toContain('质押票据被拒付');
    // Refused, it is not presented again by day-end.
    expect((await presentPledged(t.app.db, null, t.clock.now())).done).toBe(0);
  });

  it('lets exactly one of the acceptor’s 付款, its 拒付 and a second presentation through', async () => {
    const { packageId, pledgeId, pledgedHoldingId } = await pledgedByNingbo();
    await onDay('2026-06-02');
    expect((await sandboxPresent(t, pledgeId)).statusCode).toBe(200);
    const presented = (await pledgeePresentationOf(t, token.shanghai, packageId))!;
    const shanghai: Actor = { orgId: ORG.shanghai, userId: userIdOf(MOBILE.shanghai) };
    const run = (actor: Actor, act: (scope: CommandScope) => Promise<unknown>) =>
      t.app.db.transaction().execute((trx) => act({ trx, now: t.app.now(), actor, realtime: null }));
    const { payPresentation } = paymentCommands(t.app.adapters.settlement);
    const outcomes = await Promise.allSettled([
      run(shanghai, (scope) => payPresentation(scope, { id: presented.id, clearing: 'SM00' })),
      run(shanghai, (scope) => refusePresentation(scope, { id: presented.id, code: 'DC01' })),
      run({ orgId: SPDB.orgId, userId: null }, (scope) => presentAsPledgee(scope, { pledgeId })),
    ]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    for (const failed of outcomes.filter((o): o is PromiseRejectedResult => o.status === 'rejected')) {
      expect(failed.reason).toBeInstanceOf(ApiFailure);
      expect((failed.reason as ApiFailure).status).toBe(409);
    }
    expect(outcomes[2]!.status).toBe('rejected');
    const holding = await holdingRowOf(t, pledgedHoldingId);
    if (outcomes[0]!.status === 'fulfilled') {
      expect(holding.circ_status).toBe(CIRCULATION.ended);
      expect((await pledgeRowOf(t, pledgeId)).released_at).not.toBeNull();
    } else {
      expect(holding.circ_status).toBe(CIRCULATION.recourse);
      expect((await pledgeRowOf(t, pledgeId)).released_at).toBeNull();
    }
    const applications = await t.app.db
      .selectFrom('payment_applications')
      .select('application_id')
      .where('presenter_org_id', '=', SPDB.orgId)
      .execute();
    expect(applications).toHaveLength(1);
  });

  it('is answered by its acceptor only: the pledgor and others get the same 404, and see nothing of it', async () => {
    const { packageId, pledgeId } = await pledgedByNingbo();
    await onDay('2026-06-02');
    expect((await sandboxPresent(t, 'no-such-pledge')).statusCode).toBe(404);
    expect((await sandboxPresent(t, pledgeId)).statusCode).toBe(200);
    const presented = (await pledgeePresentationOf(t, token.shanghai, packageId))!;
    for (const [name, accessToken] of [
      ['ningbo', token.ningbo],
      ['suzhou', token.suzhou],
    ] as const) {
      const paid = await payCallOf(t, accessToken, presented.id)({});
      expect([name, paid.statusCode]).toEqual([name, 404]);
      const withdrawn = await billCall(
        t.app,
        'POST',
        pathOf(BILL_URL.withdraw, { id: presented.id }),
        accessToken,
      );
      expect([name, withdrawn.statusCode]).toEqual([name, 404]);
      for (const side of ['presenter', 'acceptor']) {
        const seen = (await list(accessToken, `side=${side}&size=50`)).content.map((row) => row.id);
        expect(seen).not.toContain(presented.id);
      }
    }
    expect((await holdingRowOf(t, (await currentHoldingsIn(t, packageId))[0]!.id)).circ_status).toBe(
      CIRCULATION.locked,
    );
  });

  it('leaves a bill that was never pledged to its holder: day-end presents it as the holder’s', async () => {
    const detail = await signedFor(t, token, 'shanghai', 'ningbo', issueBody(t));
    await onDay('2026-06-02');
    await presentPledged(t.app.db, null, t.clock.now());
    const [holding] = await currentHoldingsIn(t, detail.bill.id);
    expect(holding!.circ_status).toBe(CIRCULATION.negotiable);
    await presentMaturing(t.app.db, null, t.clock.now());
    const rows = (await list(token.shanghai, 'side=acceptor')).content.filter(
      (row) => row.packageId === detail.bill.id,
    );
    expect(rows.map((row) => [row.presentedBy, row.presenter.orgId])).toEqual([['system', ORG.ningbo]]);
  });
});
