import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BillDetail } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import { PAYMENT_URL } from '@contract/payment';
import type { PaymentCandidate, PaymentRecord } from '@contract/payment-schemas';
import { exportRowCount } from '../../../src/modules/export/workbooks';
import { exportedRows } from '../../support/export-helpers';
import {
  answer,
  billCall,
  confirmed,
  dataOf,
  issueBody,
  issued,
  type LedgerTokens,
  ledgerTokens,
  ledgerTokensOn,
  MOBILE,
  ORG,
  pendingIn,
} from '../../support/bill-helpers';
import { paysPresentation, refusesPayment } from '../../support/payment-helpers';
import { startApp, type TestApp } from '../../support/helpers';

let dataDir: string;
let t: TestApp;
let token: LedgerTokens;

beforeEach(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-payment-page-'));
  t = await startApp({ dataDir });
  token = await ledgerTokens(t);
});
afterEach(async () => {
  await t.app.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

/** `hour`:00 Shanghai on `date`, everyone signed in again. */
async function onDay(date: string, hour = 10) {
  token = await ledgerTokensOn(t, date, hour);
}

/** Shanghai issues a bill it accepts itself to Ningbo, due 2026-06-02 (a Tuesday); Ningbo signs it. */
async function heldByNingbo(): Promise<BillDetail> {
  const detail = await issued(t, MOBILE.shanghai, token.shanghai, issueBody(t));
  const [receipt] = await pendingIn(t, token.ningbo, detail.bill.id);
  await dataOf(await answer(t, token.ningbo, receipt!.id, 'sign'));
  return detail;
}

const candidatesOf = async (accessToken: string) =>
  dataOf<Page<PaymentCandidate>>(
    await billCall(t.app, 'GET', `${PAYMENT_URL.candidates}?page=0&size=100`, accessToken),
  );
/** The caller's candidates of one bill (the demo data holds bills of its own that mature too). */
const candidatesIn = async (accessToken: string, packageId: string) =>
  (await candidatesOf(accessToken)).content.filter((c) => c.packageId === packageId);
const listOf = async (accessToken: string, query: string) =>
  dataOf<Page<PaymentRecord>>(await billCall(t.app, 'GET', `${PAYMENT_URL.list}?${query}`, accessToken));
const present = async (holdingId: string, fields: object = {}) =>
  dataOf<PaymentRecord>(
    await confirmed(t, token.ningbo, (headers) =>
      billCall(t.app, 'POST', PAYMENT_URL.present, token.ningbo, { holdingId, ...fields }, headers),
    ),
    201,
  );

describe('what the holder may present (GET /api/scbill/payment/candidates)', () => {
  it('lists a received holding from its maturity date, late after the period, and no longer once presented', async () => {
    const detail = await heldByNingbo();
    const id = detail.bill.id;
    expect(await candidatesIn(token.ningbo, id)).toEqual([]);

    await onDay('2026-06-02');
    const [due] = await candidatesIn(token.ningbo, id);
    expect(due).toMatchObject({
      packageId: detail.bill.id,
      amount: '1000000.00',
      maturityDate: '2026-06-02',
      acceptor: { orgId: ORG.shanghai },
      // Ten days on is 2026-06-12, a Friday.
      periodEnd: '2026-06-12',
      overdue: false,
      lastDay: '2028-06-02',
    });
    // The acceptor's own acceptance is nothing it presents; another organisation sees nothing of Ningbo's.
    expect(await candidatesIn(token.shanghai, id)).toEqual([]);
    expect(await candidatesIn(token.suzhou, id)).toEqual([]);

    await onDay('2026-06-15');
    const [late] = await candidatesIn(token.ningbo, id);
    expect(late).toMatchObject({ holdingId: due!.holdingId, overdue: true });
    await present(late!.holdingId, { overdueReason: '财务人员交接延误' });
    expect(await candidatesIn(token.ningbo, id)).toEqual([]);
  });

  it('leaves out a bill whose rights have lapsed two years after maturity', async () => {
    const { bill } = await heldByNingbo();
    await onDay('2028-06-02');
    expect(await candidatesIn(token.ningbo, bill.id)).toHaveLength(1);
    await onDay('2028-06-03');
    expect(await candidatesIn(token.ningbo, bill.id)).toEqual([]);
  });
});

describe('the answer period on the list', () => {
  it('ends at the close of the answer day, and the seconds left are counted by the server clock', async () => {
    const detail = await heldByNingbo();
    await onDay('2026-06-02');
    const [candidate] = await candidatesIn(token.ningbo, detail.bill.id);
    const presented = await present(candidate!.holdingId);
    const [waiting] = (await listOf(token.shanghai, 'side=acceptor')).content;
    // Answered by the end of the third business day (Friday 2026-06-05), when the day-end runs at 21:00.
    expect(waiting).toMatchObject({
      id: presented.id,
      packageId: detail.bill.id,
      answerDue: '2026-06-05',
      answerDueAt: '2026-06-05T13:00:00.000Z',
    });
    const leftThen = waiting!.answerLeftSeconds!;
    expect(leftThen).toBeGreaterThan(3 * 86_400);
    expect(leftThen).toBeLessThanOrEqual(3 * 86_400 + 11 * 3600);

    t.clock.advance(3600 * 1000);
    const [later] = (await listOf(token.shanghai, 'side=acceptor')).content;
    expect(later!.answerLeftSeconds).toBe(leftThen - 3600);

    await onDay('2026-06-05', 20);
    expect((await listOf(token.shanghai, 'side=acceptor')).content[0]!.answerLeftSeconds).toBe(3600);
    await onDay('2026-06-05', 22);
    expect((await listOf(token.shanghai, 'side=acceptor')).content[0]!.answerLeftSeconds).toBe(0);
    // Nobody closed it (no day-end ran): the acceptor may still pay, within the next day's business hours.
    await onDay('2026-06-08');

    const paid = await dataOf<PaymentRecord>(await paysPresentation(t, token.shanghai, presented.id));
    expect(paid).toMatchObject({ state: 'paid', answerLeftSeconds: null });
  });
});

describe('the presentations exported through the export centre', () => {
  it('exports the chosen side with its filters', async () => {
    const one = await heldByNingbo();
    const two = await heldByNingbo();
    await onDay('2026-06-02');
    const candidates = [
      ...(await candidatesIn(token.ningbo, one.bill.id)),
      ...(await candidatesIn(token.ningbo, two.bill.id)),
    ];
    expect(candidates).toHaveLength(2);
    // What the demo presented already (its refused bill) is in the exports too.
    const before = {
      presenter: await exportedRows(t, token.ningbo, { kind: 'payments', params: { side: 'presenter' } }),
      refused: await exportedRows(t, token.shanghai, {
        kind: 'payments',
        params: { side: 'acceptor', billStatus: 'refused' },
      }),
    };
    const first = await present(candidates[0]!.holdingId);
    await present(candidates[1]!.holdingId);
    await refusesPayment(t, token.shanghai, first.id, { code: 'DC09', text: '合同纠纷' });

    const presenterRows = await exportedRows(t, token.ningbo, {
      kind: 'payments',
      params: { side: 'presenter' },
    });
    expect(presenterRows[0]).toEqual(
      expect.arrayContaining(['票据包号', '提示人', '承兑人', '应答截止日', '状态', '拒付理由']),
    );
    expect(presenterRows).toHaveLength(before.presenter.length + 2);
    // The export's size, checked against the cap before a task is taken, is the list's own count (the rows
    // less the header).
    const sizeOf = (orgId: string, params: Record<string, string>) =>
      exportRowCount(t.app.db, { orgId, kind: 'payments', params, now: t.app.now() });
    expect(await sizeOf(ORG.ningbo, { side: 'presenter' })).toBe(before.presenter.length - 1 + 2);
    expect(await sizeOf(ORG.shanghai, { side: 'acceptor', billStatus: 'refused' })).toBe(
      before.refused.length - 1 + 1,
    );
    expect(await sizeOf(ORG.ningbo, { side: 'acceptor' })).toBe(0);

    const refused = await exportedRows(t, token.shanghai, {
      kind: 'payments',
      params: { side: 'acceptor', billStatus: 'refused' },
    });
    expect(refused).toHaveLength(before.refused.length + 1);
    expect(refused.find((row) => row.includes(first.packageNo))).toEqual(
      expect.arrayContaining([first.packageNo, '已拒付', 'DC09 其他：合同纠纷', '2026-06-05', '持票人提示']),
    );
    // Ningbo accepted nothing: its acceptor side is empty.
    expect(
      await exportedRows(t, token.ningbo, { kind: 'payments', params: { side: 'acceptor' } }),
    ).toHaveLength(1);
  });
});

it('sends the acceptor’s to-do of a presentation to the page’s side it answers on', async () => {
  const { bill } = await heldByNingbo();
  await onDay('2026-06-02');
  const [candidate] = await candidatesIn(token.ningbo, bill.id);
  await present(candidate!.holdingId);
  const notice = await t.app.db
    .selectFrom('plat_messages')
    .select('link')
    .where('org_id', '=', ORG.shanghai)
    .where('title', 'like', '%提示付款%')
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  expect(notice.link).toBe('/chain-bill/pay-prompt?side=acceptor');
});
