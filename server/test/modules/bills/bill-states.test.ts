/**
 * The ledger as a state machine: in every state a bill or an application can be in, the acts each row
 * offers (`actions`, from contract holdingActs/applicationActs) are exactly the acts the server lets through
 * to their confirmation, and every other act is refused before any confirmation is asked for.
 */
import { BILL_ACT, BILL_URL, type BillAct } from '@contract/bills';
import type { BillApplication, BillDetail, BillPackage, Holding } from '@contract/bills-schemas';
import { DISCOUNT_URL } from '@contract/discount';
import { FREEZE_URL } from '@contract/freeze';
import type { DiscountRecord } from '@contract/discount-schemas';
import { pathOf } from '@contract/paths';
import { PAYMENT_URL } from '@contract/payment';
import type { PaymentRecord } from '@contract/payment-schemas';
import { PLEDGE_URL } from '@contract/pledge';
import { RECOURSE_URL } from '@contract/recourse';
import type { RecourseRecord } from '@contract/recourse-schemas';
import type { SandboxInstitutionGateway } from '../../../src/adapters/institution/sandbox';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import { shanghaiDate } from '../../../src/lib/shanghai-time';
import { addMonths } from '../../../src/modules/bills/rules';
import type { TestApp } from '../../support/helpers';
import {
  answer,
  billCall,
  confirmed,
  dataOf,
  drawerAct,
  endorsed,
  issueBody,
  issued,
  ledgerAppEach,
  type LedgerTokens,
  ledgerTokens,
  listOf,
  MOBILE,
  openFunctions,
  ORG,
  pendingIn,
  refuse,
} from '../../support/bill-helpers';
import { paysPresentation, refusesPayment } from '../../support/payment-helpers';

const SPDB = DEMO_INSTITUTIONS.spdb;

let t: TestApp;
let token: LedgerTokens;

ledgerAppEach((app) => ({ t, token } = app));
beforeEach(async () => {
  // Every holder here may pledge, so a row's offer and the server's answer depend on the state alone.
  await openFunctions(t, MOBILE.ningbo, ORG.ningbo, ['BILL_PLEDGE']);
  await openFunctions(t, MOBILE.suzhou, ORG.suzhou, ['BILL_PLEDGE']);
});

type Side = keyof LedgerTokens;
const ORG_OF: Record<Side, string> = { suzhou: ORG.suzhou, ningbo: ORG.ningbo, shanghai: ORG.shanghai };

/** Whether the server lets the act through to its confirmation (406 SMS, 412 QR): nothing changes either way. */
const asksConfirmation = (status: number) => status === 406 || status === 412;

/** The acts on a bill and one of its holdings that `side` gets through to their confirmation. */
async function allowedOnBill(
  side: Side,
  packageId: string,
  holding: Holding | undefined,
): Promise<BillAct[]> {
  const as = token[side];
  const allowed: BillAct[] = [];
  for (const [act, url] of [
    [BILL_ACT.requestAcceptance, pathOf(BILL_URL.acceptance, { id: packageId })],
    [BILL_ACT.requestReceipt, pathOf(BILL_URL.delivery, { id: packageId })],
    [BILL_ACT.revoke, pathOf(BILL_URL.revoke, { id: packageId })],
  ] as const) {
    if (asksConfirmation((await billCall(t.app, 'POST', url, as)).statusCode)) allowed.push(act);
  }
  if (holding) {
    const endorsee = ORG_OF[side] === ORG.shanghai ? ORG.suzhou : ORG.shanghai;
    const endorse = await billCall(t.app, 'POST', BILL_URL.endorse, as, {
      holdingId: holding.id,
      endorseeOrgId: endorsee,
      amount: holding.amount,
    });
    if (asksConfirmation(endorse.statusCode)) allowed.push(BILL_ACT.endorse);
    const pledge = await billCall(t.app, 'POST', PLEDGE_URL.apply, as, {
      holdingId: holding.id,
      institutionOrgId: SPDB.orgId,
      amount: holding.amount,
    });
    if (asksConfirmation(pledge.statusCode)) allowed.push(BILL_ACT.pledge);
    const present = await billCall(t.app, 'POST', PAYMENT_URL.present, as, { holdingId: holding.id });
    if (asksConfirmation(present.statusCode)) allowed.push(BILL_ACT.presentPayment);
  }
  return allowed;
}

/** The answers to an application that `side` gets through to their confirmation. */
async function allowedOnApplication(side: Side, id: string): Promise<BillAct[]> {
  const as = token[side];
  const allowed: BillAct[] = [];
  if (asksConfirmation((await billCall(t.app, 'POST', pathOf(BILL_URL.sign, { id }), as, {})).statusCode))
    allowed.push(BILL_ACT.sign);
  const refusal = await billCall(t.app, 'POST', pathOf(BILL_URL.refuse, { id }), as, { reason: '不同意' });
  if (asksConfirmation(refusal.statusCode)) allowed.push(BILL_ACT.refuse);
  if (asksConfirmation((await billCall(t.app, 'POST', pathOf(BILL_URL.withdraw, { id }), as)).statusCode))
    allowed.push(BILL_ACT.withdraw);
  if (asksConfirmation((await billCall(t.app, 'POST', pathOf(PAYMENT_URL.pay, { id }), as, {})).statusCode))
    allowed.push(BILL_ACT.pay);
  const payRefusal = await billCall(t.app, 'POST', pathOf(PAYMENT_URL.refuse, { id }), as, {
    code: 'DC00',
    text: '不同意',
  });
  if (asksConfirmation(payRefusal.statusCode)) allowed.push(BILL_ACT.refusePayment);
  return allowed;
}

const sorted = (acts: readonly BillAct[]) => [...acts].sort();

/**
 * Every row `side` sees of the bill offers what the server allows: the issued list's row, the detail's bill,
 * each current holding in the held list, each application in 待签收 and 我发起的申请.
 */
async function expectRowsAgree(side: Side, packageId: string, expected: { bill: BillAct[] }) {
  const as = token[side];
  const detail = await dataOf<BillDetail>(
    await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: packageId }), as),
  );
  const held = (await listOf<Holding>(t, `${BILL_URL.held}?size=100&packageId=${packageId}`, as)).content;
  const drawerHolding = held.find((h) => ['CS01', 'CS02'].includes(h.billStatus));
  expect(sorted(detail.bill.actions), `${side}: the bill`).toEqual(sorted(expected.bill));
  expect(sorted(await allowedOnBill(side, packageId, drawerHolding)), `${side}: the server`).toEqual(
    sorted([
      ...expected.bill,
      ...(drawerHolding?.actions.filter((act) => act === 'endorse' || act === 'pledge') ?? []),
    ]),
  );
  const issuedRow = (await listOf<BillPackage>(t, `${BILL_URL.issued}?size=100&packageId=${packageId}`, as))
    .content[0];
  if (issuedRow) expect(sorted(issuedRow.actions), `${side}: the issued row`).toEqual(sorted(expected.bill));
  for (const holding of held) {
    const allowed = await allowedOnBill(side, packageId, holding);
    expect(sorted(holding.actions), `${side}: holding ${holding.range}`).toEqual(sorted(allowed));
  }
  const packageNo = detail.bill.packageNo;
  const presentations = (side: 'presenter' | 'acceptor') =>
    listOf<PaymentRecord>(t, `${PAYMENT_URL.list}?size=100&side=${side}&packageNo=${packageNo}`, as);
  const applications: Array<{
    id: string;
    actions: BillAct[];
    kind?: string;
    kindLabel?: string;
    status?: string;
  }> = [
    ...(await listOf<BillApplication>(t, `${BILL_URL.pending}?size=100&packageId=${packageId}`, as)).content,
    ...(await listOf<BillApplication>(t, `${BILL_URL.mine}?size=100&packageId=${packageId}`, as)).content,
    ...(await presentations('acceptor')).content.map((p) => ({
      ...p,
      kind: 'payment',
      kindLabel: '提示付款',
      status: p.state,
    })),
  ];
  for (const application of applications) {
    const allowed = await allowedOnApplication(side, application.id);
    expect(sorted(application.actions), `${side}: ${application.kindLabel} ${application.status}`).toEqual(
      sorted(allowed),
    );
  }
  return { detail, held, applications };
}

const pendingTo = (side: Side, packageId: string) => pendingIn(t, token[side], packageId);

describe('every state offers exactly the acts the ledger allows', () => {
  it('registered, waiting for acceptance, refused, withdrawn, asked again, revoked', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const id = detail.bill.id;
    // Waiting for the acceptor: the drawer may withdraw the bill (or the application); the acceptor answers.
    await expectRowsAgree('suzhou', id, { bill: ['revoke'] });
    const waiting = await expectRowsAgree('shanghai', id, { bill: [] });
    expect(waiting.applications.map((a) => a.actions)).toEqual([['sign', 'refuse']]);
    const [acceptance] = await pendingTo('shanghai', id);
    await dataOf(await refuse(t, token.shanghai, acceptance!.id));
    // Refused: 重新提示承兑 and 撤票, nothing for the acceptor.
    const refused = await expectRowsAgree('suzhou', id, { bill: ['requestAcceptance', 'revoke'] });
    expect(refused.applications.map((a) => [a.status, a.actions])).toEqual([['refused', []]]);
    await expectRowsAgree('shanghai', id, { bill: [] });
    await dataOf(await drawerAct(t, token.suzhou, id, 'acceptance'));
    const [again] = await pendingTo('shanghai', id);
    await dataOf(await answer(t, token.suzhou, again!.id, 'withdraw'));
    await expectRowsAgree('suzhou', id, { bill: ['requestAcceptance', 'revoke'] });
    await dataOf(await drawerAct(t, token.suzhou, id, 'revoke'));
    // Withdrawn: nothing more, for anyone.
    await expectRowsAgree('suzhou', id, { bill: [] });
    await expectRowsAgree('shanghai', id, { bill: [] });
  });

  it('accepted, waiting for receipt, refused, delivered again, received, endorsed, not transferable', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const id = detail.bill.id;
    const [acceptance] = await pendingTo('shanghai', id);
    await dataOf(await answer(t, token.shanghai, acceptance!.id, 'sign'));
    await expectRowsAgree('suzhou', id, { bill: ['revoke'] });
    await expectRowsAgree('ningbo', id, { bill: [] });
    const [receipt] = await pendingTo('ningbo', id);
    await dataOf(await refuse(t, token.ningbo, receipt!.id));
    await expectRowsAgree('suzhou', id, { bill: ['requestReceipt', 'revoke'] });
    await dataOf(await drawerAct(t, token.suzhou, id, 'delivery'));
    const [delivered] = await pendingTo('ningbo', id);
    await dataOf(await answer(t, token.ningbo, delivered!.id, 'sign'));
    // Received: the payee may endorse; the drawer has nothing left to do.
    const received = await expectRowsAgree('ningbo', id, { bill: [] });
    expect(received.held.map((h) => h.actions)).toEqual([['endorse', 'pledge', 'presentPayment']]);
    await expectRowsAgree('suzhou', id, { bill: [] });
    const application = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: received.held[0]!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '400000.00',
    });
    // Part of it waits for the endorsee: locked, no act on it; the rest may still be endorsed.
    const split = await expectRowsAgree('ningbo', id, { bill: [] });
    expect(split.held.map((h) => [h.circulation, h.actions])).toEqual(
      expect.arrayContaining([
        ['TF0302', []],
        ['TF0301', ['endorse', 'pledge', 'presentPayment']],
      ]),
    );
    await expectRowsAgree('suzhou', id, { bill: [] });
    await dataOf(await answer(t, token.suzhou, application.id, 'sign'));
    await expectRowsAgree('suzhou', id, { bill: [] });

    const fixed = await issued(
      t,
      MOBILE.suzhou,
      token.suzhou,
      issueBody(t, { acceptorOrgId: ORG.suzhou, noTransfer: true }),
    );
    const [fixedReceipt] = await pendingTo('ningbo', fixed.bill.id);
    await dataOf(await answer(t, token.ningbo, fixedReceipt!.id, 'sign'));
    const notTransferable = await expectRowsAgree('ningbo', fixed.bill.id, { bill: [] });
    expect(notTransferable.held.map((h) => [h.circulation, h.actions])).toEqual([
      ['TF0303', ['presentPayment']],
    ]);
  });

  it('pledged: waiting for the institution, pledged, asked to release, refused, released', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t, { acceptorOrgId: ORG.suzhou }));
    const id = detail.bill.id;
    const [receipt] = await pendingTo('ningbo', id);
    await dataOf(await answer(t, token.ningbo, receipt!.id, 'sign'));
    const received = await expectRowsAgree('ningbo', id, { bill: [] });
    const applied = await confirmed(t, token.ningbo, (headers) =>
      billCall(
        t.app,
        'POST',
        PLEDGE_URL.apply,
        token.ningbo,
        { holdingId: received.held[0]!.id, institutionOrgId: SPDB.orgId, amount: '400000.00' },
        headers,
      ),
    );
    const pledgeId = (await dataOf<{ id: string }>(applied, 201)).id;
    // Waiting for the institution: the front is locked, the pledgor may only withdraw its application.
    const waiting = await expectRowsAgree('ningbo', id, { bill: [] });
    expect(waiting.held.map((h) => [h.circulation, h.actions])).toEqual(
      expect.arrayContaining([
        ['TF0302', []],
        ['TF0301', ['endorse', 'pledge', 'presentPayment']],
      ]),
    );
    expect(waiting.applications.map((a) => [a.kind, a.status, a.actions])).toEqual(
      expect.arrayContaining([['pledge', 'pending', ['withdraw']]]),
    );
    const institutions = t.app.adapters.institution as SandboxInstitutionGateway;
    expect(await institutions.answerByHand(pledgeId, { decision: 'sign' })).toBe(true);
    // Pledged: nothing may happen to the pledged range; the rest is as it was.
    const inForce = await expectRowsAgree('ningbo', id, { bill: [] });
    expect(inForce.held.map((h) => [h.circulation, h.actions])).toEqual(
      expect.arrayContaining([
        ['TF0304', []],
        ['TF0301', ['endorse', 'pledge', 'presentPayment']],
      ]),
    );
    const ask = () =>
      t.app.inject({ method: 'POST', url: pathOf(PLEDGE_URL.sandboxRelease, { id: pledgeId }) });
    expect((await ask()).statusCode).toBe(200);
    const asked = await expectRowsAgree('ningbo', id, { bill: [] });
    expect(asked.held.find((h) => h.circulation === 'TF0304')!.actions).toEqual([]);
    await dataOf(
      await confirmed(t, token.ningbo, (headers) =>
        billCall(
          t.app,
          'POST',
          pathOf(PLEDGE_URL.releaseRefuse, { id: pledgeId }),
          token.ningbo,
          { reason: '未还款' },
          headers,
        ),
      ),
    );
    await expectRowsAgree('ningbo', id, { bill: [] });
    expect((await ask()).statusCode).toBe(200);
    await dataOf(
      await confirmed(t, token.ningbo, (headers) =>
        billCall(
          t.app,
          'POST',
          pathOf(PLEDGE_URL.releaseSign, { id: pledgeId }),
          token.ningbo,
          undefined,
          headers,
        ),
      ),
    );
    // Released: whole and negotiable again.
    const released = await expectRowsAgree('ningbo', id, { bill: [] });
    expect(released.held.map((h) => [h.amount, h.circulation, h.actions])).toEqual([
      ['1000000.00', 'TF0301', ['endorse', 'pledge', 'presentPayment']],
    ]);
  });

  it('matured: a pending application may only be refused or withdrawn, a received bill not endorsed', async () => {
    const due = addMonths(shanghaiDate(t.app.now()), 1);
    const received = await issued(
      t,
      MOBILE.suzhou,
      token.suzhou,
      issueBody(t, { acceptorOrgId: ORG.suzhou, dueDate: due }),
    );
    const [receipt] = await pendingTo('ningbo', received.bill.id);
    await dataOf(await answer(t, token.ningbo, receipt!.id, 'sign'));
    const waiting = await issued(
      t,
      MOBILE.suzhou,
      token.suzhou,
      issueBody(t, { acceptorOrgId: ORG.suzhou, dueDate: due }),
    );
    t.clock.advance(Date.parse(`${due}T09:00:00+08:00`) - t.clock.now());
    token = await ledgerTokens(t);
    const matured = await expectRowsAgree('ningbo', received.bill.id, { bill: [] });
    expect(matured.held.map((h) => [h.billStatus, h.actions])).toEqual([['CS04', ['presentPayment']]]);
    const late = await expectRowsAgree('ningbo', waiting.bill.id, { bill: [] });
    expect(late.applications.map((a) => a.actions)).toEqual([['refuse']]);
    await expectRowsAgree('suzhou', waiting.bill.id, { bill: ['revoke'] });
  });

  it('discounted: the part the institution answers is locked, the rest endorsable; refused it returns, signed it leaves', async () => {
    const institutions = t.app.adapters.institution as SandboxInstitutionGateway;
    await openFunctions(t, MOBILE.ningbo, ORG.ningbo, ['BILL_DISCOUNT']);
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t, { acceptorOrgId: ORG.suzhou }));
    const id = detail.bill.id;
    const [receipt] = await pendingTo('ningbo', id);
    await dataOf(await answer(t, token.ningbo, receipt!.id, 'sign'));
    const discount = async () => {
      const [holding] = (await listOf<Holding>(t, `${BILL_URL.held}?size=100&packageId=${id}`, token.ningbo))
        .content;
      return dataOf<DiscountRecord>(
        await confirmed(t, token.ningbo, (headers) =>
          billCall(
            t.app,
            'POST',
            DISCOUNT_URL.apply,
            token.ningbo,
            {
              holdingId: holding!.id,
              institutionOrgId: DEMO_INSTITUTIONS.spdb.orgId,
              amount: '400000.00',
              annualRate: '2.0000',
              interestPayer: 'PT02',
              clearing: 'SM01',
            },
            headers,
          ),
        ),
        201,
      );
    };

    const first = await discount();
    const waiting = await expectRowsAgree('ningbo', id, { bill: [] });
    expect(waiting.held.map((h) => [h.amount, h.circulation, h.actions])).toEqual(
      expect.arrayContaining([
        ['400000.00', 'TF0302', []],
        ['600000.00', 'TF0301', ['endorse', 'pledge', 'presentPayment']],
      ]),
    );
    const mine = waiting.applications.find((a) => a.id === first.id);
    expect(mine?.actions).toEqual(['withdraw']);
    await expectRowsAgree('suzhou', id, { bill: [] });

    expect(await institutions.answerByHand(first.id, { decision: 'refuse' })).toBe(true);
    const returned = await expectRowsAgree('ningbo', id, { bill: [] });
    expect(returned.held.every((h) => h.circulation === 'TF0301')).toBe(true);
    expect(returned.applications.find((a) => a.id === first.id)?.actions).toEqual([]);

    const second = await discount();
    expect(await institutions.answerByHand(second.id, { decision: 'sign' })).toBe(true);
    const signed = await expectRowsAgree('ningbo', id, { bill: [] });
    expect(signed.held.map((h) => [h.amount, h.actions])).toEqual([
      ['600000.00', ['endorse', 'pledge', 'presentPayment']],
    ]);
    expect(signed.applications.find((a) => a.id === second.id)?.actions).toEqual([]);
  });

  it('frozen: nothing on the frozen part, what was pending refused; lifted, the range is as it was', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t, { acceptorOrgId: ORG.suzhou }));
    const id = detail.bill.id;
    const [receipt] = await pendingTo('ningbo', id);
    await dataOf(await answer(t, token.ningbo, receipt!.id, 'sign'));
    const [holding] = (await listOf<Holding>(t, `${BILL_URL.held}?size=100&packageId=${id}`, token.ningbo))
      .content;
    await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.shanghai,
      amount: '100000.00',
    });
    const order = (url: string, payload: object) =>
      t.app.inject({ method: 'POST', url, payload, remoteAddress: '127.0.0.1' });
    const frozen = await dataOf<{ id: string }>(
      await order(FREEZE_URL.sandboxFreeze, {
        reference: 'state-walk',
        packageNo: detail.bill.packageNo,
        subStart: 1,
        subEnd: 30_000_000,
        risk: 'judicial',
        authority: '苏州市中级人民法院',
        documentNo: '（2026）苏05执保1号',
      }),
    );
    const during = await expectRowsAgree('ningbo', id, { bill: [] });
    expect(during.held.map((h) => [h.amount, h.circulation, h.actions])).toEqual(
      expect.arrayContaining([
        ['300000.00', 'FZ01', []],
        ['700000.00', 'TF0301', expect.arrayContaining(['endorse'])],
      ]),
    );
    expect(during.applications.every((a) => a.actions.length === 0)).toBe(true);
    await expectRowsAgree('shanghai', id, { bill: [] });

    await dataOf(
      await order(pathOf(FREEZE_URL.sandboxLift, { id: frozen.id }), {
        reference: 'state-walk-lift',
        authority: '苏州市中级人民法院',
        documentNo: '（2026）苏05执保1号之一',
      }),
    );
    const after = await expectRowsAgree('ningbo', id, { bill: [] });
    expect(after.held.map((h) => [h.amount, h.circulation, h.actions])).toEqual([
      ['1000000.00', 'TF0301', expect.arrayContaining(['endorse'])],
    ]);
  });

  it('presented, withdrawn, presented again, refused; another presented and paid: settled and refused ranges do nothing', async () => {
    const due = addMonths(shanghaiDate(t.app.now()), 1);
    const bill = async () => {
      const made = await issued(
        t,
        MOBILE.suzhou,
        token.suzhou,
        issueBody(t, { acceptorOrgId: ORG.suzhou, dueDate: due }),
      );
      const [receipt] = await pendingTo('ningbo', made.bill.id);
      await dataOf(await answer(t, token.ningbo, receipt!.id, 'sign'));
      return made.bill.id;
    };
    const refusedId = await bill();
    const paidId = await bill();
    t.clock.advance(Date.parse(`${due}T09:00:00+08:00`) - t.clock.now());
    token = await ledgerTokens(t);
    const presentOf = async (packageId: string) => {
      const { held } = await expectRowsAgree('ningbo', packageId, { bill: [] });
      return dataOf<PaymentRecord>(
        await confirmed(t, token.ningbo, (headers) =>
          billCall(t.app, 'POST', PAYMENT_URL.present, token.ningbo, { holdingId: held[0]!.id }, headers),
        ),
        201,
      );
    };
    const first = await presentOf(refusedId);
    const waiting = await expectRowsAgree('ningbo', refusedId, { bill: [] });
    expect(waiting.held.map((h) => [h.circulation, h.actions])).toEqual([['TF0302', []]]);
    expect(waiting.applications.map((a) => a.actions)).toEqual([['withdraw']]);
    const answering = await expectRowsAgree('suzhou', refusedId, { bill: [] });
    expect(answering.applications.filter((a) => a.kindLabel === '提示付款').map((a) => a.actions)).toEqual([
      ['pay', 'refusePayment'],
    ]);
    await dataOf(await answer(t, token.ningbo, first.id, 'withdraw'));
    const second = await presentOf(refusedId);
    await dataOf(await refusesPayment(t, token.suzhou, second.id, { code: 'DC00', text: '争议' }));
    const refused = await expectRowsAgree('ningbo', refusedId, { bill: [] });
    expect(refused.held.map((h) => [h.circulation, h.actions])).toEqual([['TF0402', []]]);
    await expectRowsAgree('suzhou', refusedId, { bill: [] });

    const third = await presentOf(paidId);
    await dataOf(await paysPresentation(t, token.suzhou, third.id));
    const paid = await expectRowsAgree('ningbo', paidId, { bill: [] });
    expect(paid.held).toEqual([]);
    expect(
      paid.detail.holdings
        .filter((h) => h.endedAt === null)
        .map((h) => [h.billStatus, h.circulation, h.actions]),
    ).toEqual([['CS06', 'TF0501', []]]);
    await expectRowsAgree('suzhou', paidId, { bill: [] });
  });
  it('pursued: a notice waits, is agreed, refused, agreed again and signed; each side offered exactly what it may do', async () => {
    const due = addMonths(shanghaiDate(t.app.now()), 1);
    const made = await issued(
      t,
      MOBILE.suzhou,
      token.suzhou,
      issueBody(t, { acceptorOrgId: ORG.suzhou, dueDate: due }),
    );
    const packageId = made.bill.id;
    const [receipt] = await pendingTo('ningbo', packageId);
    await dataOf(await answer(t, token.ningbo, receipt!.id, 'sign'));
    t.clock.advance(Date.parse(`${due}T09:00:00+08:00`) - t.clock.now());
    token = await ledgerTokens(t);
    const { held } = await expectRowsAgree('ningbo', packageId, { bill: [] });
    const presented = await dataOf<PaymentRecord>(
      await confirmed(t, token.ningbo, (headers) =>
        billCall(t.app, 'POST', PAYMENT_URL.present, token.ningbo, { holdingId: held[0]!.id }, headers),
      ),
      201,
    );
    await dataOf(await refusesPayment(t, token.suzhou, presented.id, { code: 'DC00', text: '争议' }));
    const [notice] = await dataOf<RecourseRecord[]>(
      await confirmed(t, token.ningbo, (headers) =>
        billCall(
          t.app,
          'POST',
          RECOURSE_URL.notify,
          token.ningbo,
          { holdingId: held[0]!.id, debtorOrgIds: [ORG.suzhou] },
          headers,
        ),
      ),
      201,
    );
    const id = notice!.id;
    /** The notice as `side` lists it, against the acts the server lets `side` through to their confirmation. */
    const expectNotice = async (side: Side, listSide: 'pursuer' | 'debtor', status: string) => {
      const rows = (
        await listOf<RecourseRecord>(t, `${RECOURSE_URL.list}?size=100&side=${listSide}`, token[side])
      ).content;
      const row = rows.find((r) => r.id === id)!;
      expect(row.status).toBe(status);
      const allowed: string[] = [];
      const probe = async (act: string, url: string, body?: object) => {
        if (
          asksConfirmation((await billCall(t.app, 'POST', pathOf(url, { id }), token[side], body)).statusCode)
        )
          allowed.push(act);
      };
      await probe('agree', RECOURSE_URL.agree, { amount: '1.00' });
      await probe('reject', RECOURSE_URL.reject, { reason: '不同意' });
      await probe('sign', RECOURSE_URL.sign);
      await probe('withdraw', RECOURSE_URL.withdraw);
      expect([...row.actions].sort(), `${side}: notice ${status}`).toEqual(allowed.sort());
    };
    const agree = async () =>
      dataOf(
        await confirmed(t, token.suzhou, (headers) =>
          billCall(
            t.app,
            'POST',
            pathOf(RECOURSE_URL.agree, { id }),
            token.suzhou,
            { amount: '1000000.00' },
            headers,
          ),
        ),
      );
    await expectNotice('ningbo', 'pursuer', 'notified');
    await expectNotice('suzhou', 'debtor', 'notified');
    await agree();
    await expectNotice('ningbo', 'pursuer', 'agreed');
    await expectNotice('suzhou', 'debtor', 'agreed');
    await dataOf(
      await confirmed(t, token.ningbo, (headers) =>
        billCall(
          t.app,
          'POST',
          pathOf(RECOURSE_URL.reject, { id }),
          token.ningbo,
          { reason: '金额不足' },
          headers,
        ),
      ),
    );
    await expectNotice('suzhou', 'debtor', 'notified');
    await agree();
    await dataOf(
      await confirmed(t, token.ningbo, (headers) =>
        billCall(t.app, 'POST', pathOf(RECOURSE_URL.sign, { id }), token.ningbo, undefined, headers),
      ),
    );
    await expectNotice('ningbo', 'pursuer', 'paid');
    await expectNotice('suzhou', 'debtor', 'paid');
    // The drawer and acceptor paid: the range is settled and offers nothing.
    const settled = await expectRowsAgree('ningbo', packageId, { bill: [] });
    expect(settled.held).toEqual([]);
    await expectRowsAgree('suzhou', packageId, { bill: [] });
  });
});
