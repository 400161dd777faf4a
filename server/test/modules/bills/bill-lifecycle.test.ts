/**
 * The ledger through its API: issue registration, acceptance, receipt, endorsement of the front of a range,
 * refusals and withdrawals, the chain in the detail, the lists, the to-do notices and the statistics.
 */
import { pathOf } from '@contract/paths';
import { BILL_URL, CIRCULATION, subTicketRange } from '@contract/bills';
import type { BillApplication, BillDetail, BillPackage, Holding } from '@contract/bills-schemas';
import { API_ERROR } from '@contract/errors';
import type { NoticeItem } from '@contract/notice-schemas';
import type { Page } from '@contract/envelope-schemas';
import type { Statistics } from '@contract/statistics-schemas';
import { IDEMPOTENT_REPLAY_HEADER } from '../../../src/lib/idempotency';
import { hasValidCheckDigit } from '../../../src/modules/bills/package-number';
import type { TestApp } from '../../support/helpers';
import {
  answer,
  billCall,
  confirmed,
  dataOf,
  drawerAct,
  endorseBill,
  endorsed,
  errorCodeOf,
  heldIn,
  issue,
  issueBody,
  issued,
  ledgerAppEach,
  type LedgerTokens,
  listOf,
  MOBILE,
  ORG,
  pendingIn,
  pendingOf,
  refuse,
  signsPending,
  tokenOf,
  withSms,
} from '../../support/bill-helpers';

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app));

const pendingFor = (accessToken: string, packageId: string) => pendingIn(t, accessToken, packageId);
const detailOf = async (accessToken: string, id: string) =>
  dataOf<BillDetail>(await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id }), accessToken));

/** Suzhou issues a bill of 1,000,000.00 to Ningbo that Shanghai accepts; Ningbo signs for it. */
async function receivedBill(fields: Parameters<typeof issueBody>[1] = {}): Promise<BillDetail> {
  const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t, fields));
  await signsPending(t, token, 'shanghai', detail.bill.id);
  await signsPending(t, token, 'ningbo', detail.bill.id);
  return detail;
}

describe('issue registration', () => {
  it('registers a package numbered from the drawer branch and the day, and asks the acceptor to accept', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const no = detail.bill.packageNo;
    expect(no).toMatch(/^7\d{29}$/);
    expect(no.slice(1, 13)).toBe('307305027511');
    expect(no.slice(13, 21)).toBe('20260302');
    expect(hasValidCheckDigit(no)).toBe(true);
    expect(detail.bill).toMatchObject({
      amount: '1000000.00',
      billStatus: 'CS01',
      billStatusLabel: '已出票',
    });
    expect(detail.holdings).toEqual([
      expect.objectContaining({ range: subTicketRange(1, 100_000_000), circulation: CIRCULATION.locked }),
    ]);
    const [acceptance] = await pendingFor(token.shanghai, detail.bill.id);
    expect(acceptance).toMatchObject({ kind: 'acceptance', kindLabel: '提示承兑', status: 'pending' });
    const todo = await dataOf<Page<NoticeItem>>(
      await billCall(t.app, 'POST', '/api/plat-message/todo/page?size=50', token.shanghai, {}),
    );
    const notice = todo.content.find((n) => n.title === '提示承兑待签收' && n.content.includes(no));
    // The notice leads to the 待签收 workbench open on this bill, its amount written as the screens write it.
    expect(notice?.link).toBe(`/chain-bill/sign-workbench?bill=${detail.bill.id}`);
    expect(notice?.content).toContain('金额1,000,000.00元');
  });

  it('narrows the lists to one bill, as the workbench a to-do notice opens shows them', async () => {
    const first = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const second = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const all = await pendingOf(t, token.shanghai);
    expect(all.content.map((a) => a.packageId)).toEqual(
      expect.arrayContaining([first.bill.id, second.bill.id]),
    );
    const onFirst = await listOf<BillApplication>(
      t,
      `${BILL_URL.pending}?packageId=${first.bill.id}`,
      token.shanghai,
    );
    expect(onFirst.totalElements).toBe(1);
    expect(onFirst.content.map((a) => a.packageId)).toEqual([first.bill.id]);
    const issuedOne = await listOf<BillPackage>(
      t,
      `${BILL_URL.issued}?packageId=${second.bill.id}`,
      token.suzhou,
    );
    expect(issuedOne.content.map((b) => b.id)).toEqual([second.bill.id]);
    // Another organisation's bill narrows nothing into view.
    const foreign = await listOf<BillApplication>(
      t,
      `${BILL_URL.pending}?packageId=${first.bill.id}`,
      token.ningbo,
    );
    expect(foreign.totalElements).toBe(0);
  });

  it('numbers the packages of one day in sequence', async () => {
    const a = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const b = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    expect(Number(b.bill.packageNo.slice(21, 29))).toBe(Number(a.bill.packageNo.slice(21, 29)) + 1);
  });

  it('goes straight to the payee when the drawer accepts its own bill', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t, { acceptorOrgId: ORG.suzhou }));
    expect(detail.bill.billStatus).toBe('CS02');
    const [receipt] = await pendingFor(token.ningbo, detail.bill.id);
    expect(receipt).toMatchObject({ kind: 'receipt', amount: '1000000.00' });
  });

  it('refuses a maturity beyond six months, before the next day, and an issue date other than today', async () => {
    for (const [fields, msg] of [
      [{ dueDate: '2026-09-03' }, '最长6个月'],
      [{ dueDate: '2026-03-02' }, '晚于出票日'],
      [{ issueDate: '2026-03-01' }, '今天'],
      [{ dueDate: '2026-02-30' }, 'YYYY-MM-DD'],
    ] as const) {
      const response = await billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, issueBody(t, fields));
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json<{ code: string; msg: string }>()).toMatchObject({
        code: API_ERROR.billDateInvalid,
      });
      expect(response.json<{ msg: string }>().msg).toContain(msg);
    }
    // The last day of the term is allowed: 2026-03-02 + 6 months.
    const ok = await issue(t, MOBILE.suzhou, token.suzhou, issueBody(t, { dueDate: '2026-09-02' }));
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('refuses amounts that are not positive whole fen, before asking for a code', async () => {
    for (const amount of ['0', '0.00', '-1', '1.001', 'abc', '1e5', '10000000000.00']) {
      const response = await billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, issueBody(t, { amount }));
      expect(response.statusCode, `${amount}: ${response.body}`).toBe(400);
      expect(errorCodeOf(response)).toBe(API_ERROR.amountInvalid);
    }
  });

  it('refuses a counterparty that is not authenticated, and a drawer that is its own payee', async () => {
    const hangzhou = await issue(t, MOBILE.suzhou, token.suzhou, issueBody(t, { payeeOrgId: ORG.hangzhou }));
    expect(hangzhou.statusCode, hangzhou.body).toBe(400);
    expect(errorCodeOf(hangzhou)).toBe(API_ERROR.billCounterpartyInvalid);
    const self = await issue(t, MOBILE.suzhou, token.suzhou, issueBody(t, { payeeOrgId: ORG.suzhou }));
    expect(errorCodeOf(self)).toBe(API_ERROR.billCounterpartyInvalid);
    const unknown = await issue(t, MOBILE.suzhou, token.suzhou, issueBody(t, { acceptorOrgId: 'nope' }));
    expect(errorCodeOf(unknown)).toBe(API_ERROR.billCounterpartyInvalid);
  });

  it('refuses a drawer whose organisation has not opened 票据签发 before any verification, and one without a verified account with its own code', async () => {
    const hangzhouToken = await tokenOf(t, '13800000003', ORG.hangzhou);
    const closed = await billCall(t.app, 'POST', BILL_URL.issue, hangzhouToken, issueBody(t));
    expect(closed.statusCode, closed.body).toBe(409);
    expect(errorCodeOf(closed)).toBe(API_ERROR.functionNotOpened);
    await t.app.db
      .updateTable('bank_accounts')
      .set({ verified: 0 })
      .where('org_id', '=', ORG.suzhou)
      .execute();
    try {
      const response = await issue(t, MOBILE.suzhou, token.suzhou, issueBody(t));
      expect(response.statusCode, response.body).toBe(409);
      expect(errorCodeOf(response)).toBe(API_ERROR.billDrawerNotReady);
    } finally {
      await t.app.db
        .updateTable('bank_accounts')
        .set({ verified: 1 })
        .where('org_id', '=', ORG.suzhou)
        .execute();
    }
  });

  it('asks for a QR confirmation instead of an SMS code where the licence is bound', async () => {
    const response = await billCall(
      t.app,
      'POST',
      BILL_URL.issue,
      token.shanghai,
      issueBody(t, { payeeOrgId: ORG.suzhou }),
    );
    expect(response.statusCode, response.body).toBe(412);
    const sms = await billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, issueBody(t));
    expect(sms.statusCode, sms.body).toBe(406);
  });

  it('answers a retry with the same Idempotency-Key with the first answer, issuing once', async () => {
    const key = { 'idempotency-key': 'issue-once-0001' };
    const body = issueBody(t, { amount: '12.34' });
    const count = async () =>
      (await listOf<BillPackage>(t, `${BILL_URL.issued}?size=1`, token.suzhou)).totalElements;
    const before = await count();
    const first = await withSms(t, MOBILE.suzhou, token.suzhou, (headers) =>
      billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, body, { ...headers, ...key }),
    );
    expect(first.statusCode, first.body).toBe(201);
    // The retry (a lost answer, a double click) needs no second code: it is answered before the guard.
    const retry = await billCall(t.app, 'POST', BILL_URL.issue, token.suzhou, body, key);
    expect(retry.statusCode).toBe(201);
    expect(retry.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(retry.json()).toEqual(first.json());
    expect(await count()).toBe(before + 1);
    const reused = await billCall(
      t.app,
      'POST',
      BILL_URL.issue,
      token.suzhou,
      { ...body, amount: '1.00' },
      key,
    );
    expect(reused.statusCode).toBe(409);
  });
});

describe('acceptance and receipt', () => {
  it('moves the bill to the payee as 已收票 可流通 when the payee signs', async () => {
    const detail = await receivedBill();
    const [holding] = await heldIn(t, token.ningbo, detail.bill.id);
    expect(holding).toMatchObject({
      range: subTicketRange(1, 100_000_000),
      amount: '1000000.00',
      billStatus: 'CS03',
      billStatusLabel: '已收票',
      circulation: 'TF0301',
      circulationLabel: '可流通',
    });
    expect(await heldIn(t, token.suzhou, detail.bill.id)).toEqual([]);
  });

  it('marks a 不得转让 bill TF0303 on receipt and refuses to endorse it', async () => {
    const detail = await receivedBill({ noTransfer: true });
    const [holding] = await heldIn(t, token.ningbo, detail.bill.id);
    expect(holding).toMatchObject({ circulation: 'TF0303', circulationLabel: '不可转让' });
    const response = await endorseBill(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1.00',
    });
    expect(response.statusCode, response.body).toBe(409);
    expect(errorCodeOf(response)).toBe(API_ERROR.billNotTransferable);
  });

  it('returns a refused acceptance to the drawer, who may ask again or withdraw the bill', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const [acceptance] = await pendingFor(token.shanghai, detail.bill.id);
    const refused = await dataOf<BillApplication>(await refuse(t, token.shanghai, acceptance!.id));
    expect(refused).toMatchObject({ status: 'refused', statusLabel: '已驳回', reason: '金额与合同不符' });
    const again = await dataOf<BillDetail>(await drawerAct(t, token.suzhou, detail.bill.id, 'acceptance'));
    expect(again.holdings.find((h) => h.endedAt === null)?.circulation).toBe(CIRCULATION.locked);
    const revoked = await dataOf<BillDetail>(await drawerAct(t, token.suzhou, detail.bill.id, 'revoke'));
    expect(revoked.bill.billStatus).toBe('CS05');
    expect(revoked.holdings.find((h) => h.endedAt === null)).toMatchObject({
      billStatus: 'CS05',
      circulation: 'TF0501',
    });
    expect(await pendingFor(token.shanghai, detail.bill.id)).toEqual([]);
    expect(revoked.events.map((e) => e.type)).toEqual([
      'issued',
      'applied',
      'refused',
      'applied',
      'withdrawn',
      'revoked',
    ]);
  });

  it('refuses to withdraw a bill the payee has signed for', async () => {
    const detail = await receivedBill();
    const response = await billCall(
      t.app,
      'POST',
      pathOf(BILL_URL.revoke, { id: detail.bill.id }),
      token.suzhou,
    );
    expect(response.statusCode, response.body).toBe(409);
  });

  it('lets a refused receipt be delivered again', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t, { acceptorOrgId: ORG.suzhou }));
    const [receipt] = await pendingFor(token.ningbo, detail.bill.id);
    await dataOf(await refuse(t, token.ningbo, receipt!.id));
    await dataOf(await drawerAct(t, token.suzhou, detail.bill.id, 'delivery'));
    await signsPending(t, token, 'ningbo', detail.bill.id);
    expect((await heldIn(t, token.ningbo, detail.bill.id))[0]?.billStatus).toBe('CS03');
  });
});

describe('endorsement', () => {
  it('endorses the front half back to the drawer and shows the split range and the chain', async () => {
    const detail = await receivedBill();
    const [holding] = await heldIn(t, token.ningbo, detail.bill.id);
    const applied = await endorseBill(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '500000.00',
    });
    const application = await dataOf<BillApplication>(applied, 201);
    expect(application).toMatchObject({ kind: 'endorsement', range: subTicketRange(1, 50_000_000) });
    const ningboNow = await heldIn(t, token.ningbo, detail.bill.id);
    expect(ningboNow.map((h) => [h.range, h.circulation])).toEqual(
      expect.arrayContaining([
        [subTicketRange(1, 50_000_000), 'TF0302'],
        [subTicketRange(50_000_001, 100_000_000), 'TF0301'],
      ]),
    );
    await dataOf(await answer(t, token.suzhou, application.id, 'sign'));
    expect((await heldIn(t, token.suzhou, detail.bill.id)).map((h) => [h.range, h.amount])).toEqual([
      [subTicketRange(1, 50_000_000), '500000.00'],
    ]);
    expect((await heldIn(t, token.ningbo, detail.bill.id)).map((h) => h.range)).toEqual([
      subTicketRange(50_000_001, 100_000_000),
    ]);
    const chain = await detailOf(token.suzhou, detail.bill.id);
    expect(
      chain.events.map((e) => `${e.label} ${e.from?.name ?? ''}->${e.to?.name ?? ''} ${e.amount}`),
    ).toEqual([
      '出票信息登记 ->苏州华信精密零部件有限公司 1000000.00',
      '提示承兑 苏州华信精密零部件有限公司->上海链票示范供应链有限公司 1000000.00',
      '提示承兑签收 苏州华信精密零部件有限公司->上海链票示范供应链有限公司 1000000.00',
      '提示收票 苏州华信精密零部件有限公司->宁波海曙包装材料有限公司 1000000.00',
      '提示收票签收 苏州华信精密零部件有限公司->宁波海曙包装材料有限公司 1000000.00',
      '转让背书 宁波海曙包装材料有限公司->苏州华信精密零部件有限公司 500000.00',
      '转让背书签收 宁波海曙包装材料有限公司->苏州华信精密零部件有限公司 500000.00',
    ]);
    // The drawer also had the whole bill before: its detail lists the past holding and the new one.
    expect(chain.holdings.map((h) => [h.range, h.endedAt === null])).toEqual([
      [subTicketRange(1, 100_000_000), false],
      [subTicketRange(1, 50_000_000), true],
    ]);
  });

  it('refuses a second operation on a locked range with 409, and more than is held with 400', async () => {
    const detail = await receivedBill();
    const [holding] = await heldIn(t, token.ningbo, detail.bill.id);
    const first = await endorseBill(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1000000.00',
    });
    expect(first.statusCode, first.body).toBe(201);
    const second = await endorseBill(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.shanghai,
      amount: '1.00',
    });
    expect(second.statusCode, second.body).toBe(409);
    expect(errorCodeOf(second)).toBe(API_ERROR.billLocked);
    await dataOf(await answer(t, token.ningbo, first.json<{ data: BillApplication }>().data.id, 'withdraw'));
    const [back] = await heldIn(t, token.ningbo, detail.bill.id);
    const tooMuch = await endorseBill(t, MOBILE.ningbo, token.ningbo, {
      holdingId: back!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1000000.01',
    });
    expect(tooMuch.statusCode, tooMuch.body).toBe(400);
  });

  it('joins a refused part with the rest the holder kept', async () => {
    const detail = await receivedBill();
    const [holding] = await heldIn(t, token.ningbo, detail.bill.id);
    const application = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '0.01',
    });
    expect(application.range).toBe(subTicketRange(1, 1));
    await dataOf(await refuse(t, token.suzhou, application.id));
    expect((await heldIn(t, token.ningbo, detail.bill.id)).map((h) => [h.range, h.circulation])).toEqual([
      [subTicketRange(1, 100_000_000), 'TF0301'],
    ]);
  });

  it('refuses a part of a bill that may not be split', async () => {
    const detail = await receivedBill({ splittable: false });
    const [holding] = await heldIn(t, token.ningbo, detail.bill.id);
    const part = await endorseBill(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '100.00',
    });
    expect(part.statusCode, part.body).toBe(400);
  });

  it('only lets the current holder endorse: a past holding answers 409, another organisation 404', async () => {
    const detail = await receivedBill();
    const [holding] = await heldIn(t, token.ningbo, detail.bill.id);
    const application = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1000000.00',
    });
    await dataOf(await answer(t, token.suzhou, application.id, 'sign'));
    const again = await endorseBill(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1.00',
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(errorCodeOf(again)).toBe(API_ERROR.billNotHeld);
    const [suzhouHolding] = await heldIn(t, token.suzhou, detail.bill.id);
    const stranger = await endorseBill(t, MOBILE.ningbo, token.ningbo, {
      holdingId: suzhouHolding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '1.00',
    });
    expect(stranger.statusCode, stranger.body).toBe(404);
  });

  it('answers an application only once: a second answer gets 409', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const [acceptance] = await pendingFor(token.shanghai, detail.bill.id);
    await dataOf(await answer(t, token.shanghai, acceptance!.id, 'sign'));
    const twice = await refuse(t, token.shanghai, acceptance!.id);
    expect(twice.statusCode, twice.body).toBe(409);
    expect(errorCodeOf(twice)).toBe(API_ERROR.billApplicationAnswered);
    const withdraw = await answer(t, token.suzhou, acceptance!.id, 'withdraw');
    expect(withdraw.statusCode).toBe(409);
  });

  it('lets only the receiver answer and only the applicant withdraw', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const [acceptance] = await pendingFor(token.shanghai, detail.bill.id);
    expect((await answer(t, token.suzhou, acceptance!.id, 'sign')).statusCode).toBe(403);
    expect((await answer(t, token.shanghai, acceptance!.id, 'withdraw')).statusCode).toBe(403);
    expect((await answer(t, token.suzhou, acceptance!.id, 'withdraw')).statusCode).toBe(200);
  });
});

describe('lists and figures', () => {
  it('filters the held list by status, counterparty, amount and maturity, and sorts it', async () => {
    await receivedBill({ amount: '300.00' });
    await receivedBill({ amount: '5000.00', dueDate: '2026-04-30' });
    const url = (query: string) => `${BILL_URL.held}?size=100&${query}`;
    const amounts = async (query: string) =>
      (await listOf<Holding>(t, url(query), token.ningbo)).content.map((h) => h.amount);
    expect(await amounts('minAmount=200&maxAmount=400')).toEqual(['300.00']);
    // The same conditions with other values: a list prepared once per shape binds each call's own.
    expect(await amounts('minAmount=4000&maxAmount=6000')).toEqual(['5000.00']);
    const filteredTotal = await listOf<Holding>(t, url('minAmount=200&maxAmount=6000'), token.ningbo);
    expect(filteredTotal.totalElements).toBe(2);
    // Below the demo's bills (5万 and up), some of which mature in April too.
    expect(await amounts('dueFrom=2026-04-01&dueTo=2026-04-30&maxAmount=10000')).toEqual(['5000.00']);
    expect(await amounts('counterparty=苏州华信&sort=amount,asc&maxAmount=10000')).toEqual([
      '300.00',
      '5000.00',
    ]);
    expect(await amounts('billStatus=CS01&counterparty=苏州华信')).toEqual([]);
    const bad = await billCall(t.app, 'GET', url('billStatus=XX'), token.ningbo);
    expect(bad.statusCode).toBe(400);
    const badSort = await billCall(t.app, 'GET', url('sort=name,up'), token.ningbo);
    expect(badSort.statusCode).toBe(400);
  });

  it('counts issued, accepted and endorsed bills in the dashboard statistics', async () => {
    const figures = async (accessToken: string, kind: string) =>
      dataOf<Statistics>(await billCall(t.app, 'GET', `/api/scbill/statistics/${kind}`, accessToken));
    const before = {
      issue: await figures(token.suzhou, 'issue'),
      accept: await figures(token.shanghai, 'accept'),
      trans: await figures(token.ningbo, 'trans'),
    };
    const detail = await receivedBill({ amount: '2000.00' });
    const [holding] = await heldIn(t, token.ningbo, detail.bill.id);
    const application = await endorsed(t, MOBILE.ningbo, token.ningbo, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.suzhou,
      amount: '500.00',
    });
    // An endorsement counts once it is signed.
    expect((await figures(token.ningbo, 'trans')).count).toBe(before.trans.count);
    await dataOf(await answer(t, token.suzhou, application.id, 'sign'));
    expect((await figures(token.suzhou, 'issue')).count).toBe(before.issue.count + 1);
    expect((await figures(token.shanghai, 'accept')).count).toBe(before.accept.count + 1);
    const trans = await figures(token.ningbo, 'trans');
    expect(trans.count).toBe(before.trans.count + 1);
    expect(Number(trans.amount) - Number(before.trans.amount)).toBe(500);
  });

  it('replays a signed answer for a retry with the same Idempotency-Key', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const [acceptance] = await pendingFor(token.shanghai, detail.bill.id);
    const key = { 'idempotency-key': 'sign-once-42' };
    const first = await confirmed(t, token.shanghai, (headers) =>
      billCall(t.app, 'POST', pathOf(BILL_URL.sign, { id: acceptance!.id }), token.shanghai, undefined, {
        ...key,
        ...headers,
      }),
    );
    expect(first.statusCode, first.body).toBe(200);
    const retry = await billCall(
      t.app,
      'POST',
      pathOf(BILL_URL.sign, { id: acceptance!.id }),
      token.shanghai,
      undefined,
      key,
    );
    expect(retry.statusCode).toBe(200);
    expect(retry.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    expect(retry.json()).toEqual(first.json());
  });

  it('lists the applications made, with their answers', async () => {
    const detail = await issued(t, MOBILE.suzhou, token.suzhou, issueBody(t));
    const mine = await listOf<BillApplication>(t, `${BILL_URL.mine}?size=100`, token.suzhou);
    expect(mine.content.find((a) => a.packageId === detail.bill.id)).toMatchObject({ status: 'pending' });
    const [acceptance] = await pendingFor(token.shanghai, detail.bill.id);
    await refuse(t, token.shanghai, acceptance!.id, '未签订合同');
    const refused = await listOf<BillApplication>(
      t,
      `${BILL_URL.mine}?size=100&billStatus=refused`,
      token.suzhou,
    );
    expect(refused.content.map((a) => a.reason)).toContain('未签订合同');
  });
});
