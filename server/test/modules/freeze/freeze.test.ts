import { BILL_URL } from '@contract/bills';
import type { BillDetail, Holding } from '@contract/bills-schemas';
import type { Page } from '@contract/envelope-schemas';
import { API_ERROR } from '@contract/errors';
import { FREEZE_URL } from '@contract/freeze';
import type { FreezeRecord, SandboxFreezeResult } from '@contract/freeze-schemas';
import { pathOf } from '@contract/paths';
import { freshLoopbackIp } from '../../support/captcha-helpers';
import {
  billCall,
  dataOf,
  endorseBill,
  endorsed,
  errorCodeOf,
  heldOf,
  issueBody,
  issued,
  ledgerAppEach,
  type LedgerTokens,
  MOBILE,
  ORG,
  pendingOf,
  signedFor,
} from '../../support/bill-helpers';
import type { TestApp } from '../../support/helpers';

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app));

/** Shanghai issues 1,000,000.00 accepted by itself to Suzhou, which signs. */
const suzhouHolds = () => signedFor(t, token, 'shanghai', 'suzhou', issueBody(t, { payeeOrgId: ORG.suzhou }));

const registry = (url: string, payload: object) =>
  t.app.inject({ method: 'POST', url, payload, remoteAddress: freshLoopbackIp() });
const COURT = {
  risk: 'judicial',
  authority: '上海市浦东新区人民法院',
  documentNo: '（2026）沪0115执保1234号',
};
const freeze = (packageNo: string, fields: object = {}) =>
  registry(FREEZE_URL.sandboxFreeze, { reference: 'order-1', packageNo, ...COURT, ...fields });
const lift = (id: string, reference = 'lift-1') =>
  registry(pathOf(FREEZE_URL.sandboxLift, { id }), {
    reference,
    authority: COURT.authority,
    documentNo: '（2026）沪0115执保1234号之一',
  });
const suzhouHeld = async (packageId: string): Promise<Holding[]> =>
  (await heldOf(t, token.suzhou)).content.filter((h) => h.packageId === packageId);
const freezesOf = async (accessToken: string, query = '') =>
  dataOf<Page<FreezeRecord>>(await billCall(t.app, 'GET', `${FREEZE_URL.list}?${query}`, accessToken));
const eventsOf = async (packageId: string) =>
  (
    await dataOf<BillDetail>(
      await billCall(t.app, 'GET', pathOf(BILL_URL.detail, { id: packageId }), token.suzhou),
    )
  ).events;

describe('冻结', () => {
  it('freezes a holding, refusing what was pending on it, and lifts it back to what it was', async () => {
    const detail = await suzhouHolds();
    const [holding] = await suzhouHeld(detail.bill.id);
    const endorsement = await endorsed(t, MOBILE.suzhou, token.suzhou, {
      holdingId: holding!.id,
      endorseeOrgId: ORG.ningbo,
      amount: '300000.00',
    });

    const frozen = await dataOf<SandboxFreezeResult>(await freeze(detail.bill.packageNo));
    expect(frozen).toMatchObject({ status: 'active', amount: '1000000.00' });
    // The endorsement was refused with the order as its reason: Ningbo has nothing left to answer.
    expect((await pendingOf(t, token.ningbo)).content.map((a) => a.id)).not.toContain(endorsement.id);
    const held = await suzhouHeld(detail.bill.id);
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ circulation: 'FZ01', circulationLabel: '已冻结', actions: [] });
    const refused = await endorseBill(t, MOBILE.suzhou, token.suzhou, {
      holdingId: held[0]!.id,
      endorseeOrgId: ORG.ningbo,
      amount: '1.00',
    });
    expect(refused.statusCode).toBe(409);
    expect(errorCodeOf(refused)).toBe(API_ERROR.billLocked);

    // The same order delivered again freezes once.
    expect((await dataOf<SandboxFreezeResult>(await freeze(detail.bill.packageNo))).id).toBe(frozen.id);
    const events = await eventsOf(detail.bill.id);
    expect(events.filter((e) => e.type === 'frozen')).toHaveLength(1);
    const [cleared, frozenEvent] = events.slice(-2);
    expect(cleared).toMatchObject({ type: 'refused', reason: expect.stringContaining('申请被清退') });
    expect(frozenEvent).toMatchObject({ label: '冻结', reason: expect.stringContaining(COURT.documentNo) });

    const [record] = (await freezesOf(token.suzhou, 'status=active')).content;
    expect(record).toMatchObject({
      id: frozen.id,
      risk: 'judicial',
      authority: COURT.authority,
      status: 'active',
    });
    // Another organisation sees none of it.
    expect((await freezesOf(token.ningbo)).totalElements).toBe(0);
    // Filtered by the bill's number; a page past the end still carries the total.
    const no = detail.bill.packageNo.slice(-8);
    expect((await freezesOf(token.suzhou, `packageNo=${no}&status=active`)).totalElements).toBe(1);
    expect((await freezesOf(token.suzhou, 'packageNo=%25')).totalElements).toBe(0);
    expect(await freezesOf(token.suzhou, `packageNo=${no}&size=1&page=2`)).toMatchObject({
      totalElements: 1,
      content: [],
    });

    expect((await dataOf<SandboxFreezeResult>(await lift(frozen.id))).status).toBe('lifted');
    const back = await suzhouHeld(detail.bill.id);
    expect(back).toHaveLength(1);
    expect(back[0]).toMatchObject({
      circulation: 'TF0301',
      amount: '1000000.00',
      actions: expect.arrayContaining(['endorse']),
    });
    expect((await eventsOf(detail.bill.id)).at(-1)).toMatchObject({ label: '解除冻结' });
    expect((await lift(frozen.id)).statusCode).toBe(200);
    const again = await lift(frozen.id, 'lift-2');
    expect(again.statusCode).toBe(409);
    expect((await freezesOf(token.suzhou, 'status=lifted')).content[0]).toMatchObject({
      liftAuthority: COURT.authority,
      liftDocumentNo: '（2026）沪0115执保1234号之一',
    });
  });

  it('freezes part of a holding: the rest stays free to endorse', async () => {
    const detail = await suzhouHolds();
    await dataOf(await freeze(detail.bill.packageNo, { subStart: 1, subEnd: 20_000_000 }));
    const held = await suzhouHeld(detail.bill.id);
    expect(held.map((h) => [h.range, h.circulation]).sort()).toEqual([
      ['000000000001-000020000000', 'FZ01'],
      ['000020000001-000100000000', 'TF0301'],
    ]);
    const free = held.find((h) => h.circulation === 'TF0301')!;
    await endorsed(t, MOBILE.suzhou, token.suzhou, {
      holdingId: free.id,
      endorseeOrgId: ORG.ningbo,
      amount: '100000.00',
    });
    const overlapping = await freeze(detail.bill.packageNo, {
      reference: 'order-2',
      subStart: 1,
      subEnd: 30_000_000,
    });
    expect(overlapping.statusCode).toBe(409);
  });

  it('refuses an order it cannot apply, with its reason', async () => {
    const detail = await suzhouHolds();
    const cases: Array<[object, number, string]> = [
      [{ packageNo: '799999999999999999999999999999' }, 404, API_ERROR.notFound],
      [{ packageNo: detail.bill.packageNo, subStart: 5, subEnd: 4 }, 400, API_ERROR.badRequest],
      [{ packageNo: detail.bill.packageNo, subStart: 1, subEnd: 100_000_001 }, 400, API_ERROR.badRequest],
    ];
    for (const [fields, status, code] of cases) {
      const response = await registry(FREEZE_URL.sandboxFreeze, { reference: 'r', ...COURT, ...fields });
      expect(response.statusCode, response.body).toBe(status);
      expect(errorCodeOf(response)).toBe(code);
    }
    // A bill not yet received by its payee is the drawer's, not a holding a court can reach on the ledger.
    const unsigned = await issued(
      t,
      MOBILE.shanghai,
      token.shanghai,
      issueBody(t, { payeeOrgId: ORG.suzhou }),
    );
    const early = await freeze(unsigned.bill.packageNo, { reference: 'r2' });
    expect(early.statusCode).toBe(409);
    expect((await lift('missing')).statusCode).toBe(404);
  });
});
