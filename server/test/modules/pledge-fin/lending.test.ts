import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import type { Holding } from '@contract/bills-schemas';
import type { Contract } from '@contract/e-contract-schemas';
import { API_ERROR } from '@contract/errors';
import { pathOf } from '@contract/paths';
import { PLEDGE_FIN_REMARK, PLEDGE_FIN_STATE, PLEDGE_FIN_URL } from '@contract/pledge-fin';
import { RECOURSE_URL } from '@contract/recourse';
import type { PledgeFinDetail } from '@contract/pledge-fin-schemas';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import { DEMO_PLEDGE_PRODUCTS } from '../../../src/db/demo/pledge-financing';
import { payInstallment } from '../../../src/modules/pledge-fin/repayment';
import { fail } from '../../../src/lib/errors';
import { countersign } from '../../../src/modules/e-contract/service';
import { yuanToFen } from '../../../src/lib/money';
import { payBetween, settlementAccountOf } from '../../../src/modules/settlement/service';
import {
  billCall,
  confirmed,
  dataOf,
  endorseBill,
  errorCodeOf,
  heldOf,
  ledgerTokens,
  MOBILE,
  ORG,
  pledgeOfPledgor,
  pledgeRowOf,
  tokenOf,
  userIdOf,
  withSms,
  type LedgerTokens,
} from '../../support/bill-helpers';
import { batchSign } from '../../support/e-contract-helpers';
import { bearer, startApp, type TestApp } from '../../support/helpers';
import {
  paysPresentation,
  pledgeePresentationOf,
  refusedToPledgee,
  sandboxPresent,
} from '../../support/payment-helpers';
import { pdfsig, pdfText } from '../../support/poppler';
import {
  appliedAndApproved,
  CHECKER_MOBILE,
  heldBySuzhou,
  openSuzhouEsign,
  pledgeFinCalls,
  proceedsOfSuzhouPledge,
} from '../../support/pledge-fin-helpers';

const SPDB = DEMO_PLEDGE_PRODUCTS.spdbMonthly;

let t: TestApp;
let token: LedgerTokens;
let checker: string;

beforeEach(async () => {
  t = await startApp();
  token = await ledgerTokens(t);
  checker = await tokenOf(t, CHECKER_MOBILE, ORG.suzhou);
});
afterEach(async () => {
  await t.app.close();
});

const { call, detail, history, contractsOf, contractsResponse } = pledgeFinCalls(() => ({ t, token }));
const suzhouHolding = async (packageId: string): Promise<Holding[]> =>
  (await heldOf(t, token.suzhou)).content.filter((h) => h.packageId === packageId);

/** 苏州 applies for 800,000.00 against one bill and 周敏 approves: the financing waits to be signed. */
const approved = (holding: Holding): Promise<PledgeFinDetail> =>
  appliedAndApproved(t, token, holding, checker);

const signBoth = (contracts: Contract[]) =>
  withSms(t, MOBILE.suzhou, token.suzhou, (headers) =>
    batchSign(t.app, token.suzhou, { contractIds: contracts.map((c) => c.id) }, headers),
  );

describe('signing, pledge and pay-out', () => {
  it('drafts both contracts, and once both are signed pledges the bill and pays the net amount out', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await approved(holding);
    const contracts = await contractsOf(financing.id);
    expect(contracts.map((c) => [c.bizType, c.title, c.status, c.amount])).toEqual([
      ['pledge-financing', '供应链票据质押融资借款合同', 'draft', '800000.00'],
      ['pledge-financing-pledge', '供应链票据质押合同', 'draft', '800000.00'],
    ]);
    // Asked again, the same two.
    expect((await contractsOf(financing.id)).map((c) => c.id)).toEqual(contracts.map((c) => c.id));
    const stored = await t.app.adapters.files.get(`contracts/${contracts[1]!.id}.pdf`);
    const pledgePdf = pdfText(await buffer(stored!.stream)).replace(/\s+/g, '');
    expect(pledgePdf).toContain(holding.packageNo);
    expect(pledgePdf).toContain(DEMO_INSTITUTIONS.spdb.name);

    await openSuzhouEsign(t, token);
    const account = await settlementAccountOf(t.app.db, ORG.suzhou);
    const balanceBefore = (
      await t.app.adapters.settlement.statement(account!.accountNo, { page: 0, size: 1 }, t.app.db)
    ).balanceFen;
    const signed = await signBoth(contracts);
    expect(signed.statusCode, signed.body).toBe(200);
    await vi.waitFor(async () => expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.repaying), {
      timeout: 15_000,
      interval: 100,
    });

    // 800,000.00 less the 0.1 % fee.
    const statement = await t.app.adapters.settlement.statement(
      account!.accountNo,
      { page: 0, size: 1 },
      t.app.db,
    );
    expect(statement.balanceFen - balanceBefore).toBe(79_920_000);
    expect(statement.lines[0]).toMatchObject({
      direction: 'in',
      amountFen: 79_920_000,
      remark: '质押融资放款',
      counterpartyName: DEMO_INSTITUTIONS.spdb.name,
    });
    const [pledged] = await suzhouHolding(holding.packageId);
    expect(pledged).toMatchObject({ id: holding.id, circulation: 'TF0304', actions: [] });
    const pledge = await t.app.db
      .selectFrom('bill_pledges')
      .selectAll()
      .where('holding_id', '=', holding.id)
      .executeTakeFirstOrThrow();
    expect(pledge).toMatchObject({ pledgee_org_id: DEMO_INSTITUTIONS.spdb.orgId, released_at: null });
    expect(
      await t.app.db
        .selectFrom('pledge_fin_bills')
        .select('pledge_id')
        .where('financing_id', '=', financing.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ pledge_id: pledge.application_id });
    // Each contract signed by both parties through their e-sign accounts: the record says when, and the
    // signed file carries both signatures, each valid.
    for (const contract of await contractsOf(financing.id)) {
      expect(contract).toMatchObject({ status: 'complete', counterError: null });
      expect(contract.signedAt).not.toBeNull();
      expect(contract.counterSignedAt).not.toBeNull();
      const file = await t.app.adapters.files.get(`contracts/${contract.id}.signed.pdf`);
      const report = pdfsig(await buffer(file!.stream));
      expect(report.match(/Signature is Valid/g)).toHaveLength(2);
      expect(report).toContain(`Signer Certificate Common Name: ${DEMO_INSTITUTIONS.spdb.name}`);
    }
    const steps = (await history(financing.id)).slice(-2);
    expect(steps.map((s) => [s.action, s.fromState, s.toState, s.operatorName])).toEqual([
      ['SIGN', '524000080', '524000160', '陈静'],
      ['PAY_OUT', '524000160', '524000240', DEMO_INSTITUTIONS.spdb.name],
    ]);
    expect(steps[0]!.opinion).toContain(contracts[0]!.contractNo);
    // Interest runs from the pay-out.
    const paidOut = await detail(financing.id);
    expect(paidOut.valueDate).toBe('2026-03-02');
    expect(paidOut.cost?.netAmount).toBe('799200.00');
    // The pledged bill can be neither endorsed nor pledged again.
    const endorsement = await endorseBill(t, MOBILE.suzhou, token.suzhou, {
      holdingId: holding.id,
      endorseeOrgId: ORG.ningbo,
      amount: '1.00',
    });
    expect(endorsement.statusCode).toBe(409);
  });

  it('refuses to sign, before any confirmation, a financing whose bill an authority froze', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await approved(holding);
    const contracts = await contractsOf(financing.id);
    await openSuzhouEsign(t, token);
    await t.app.db
      .updateTable('bill_locks')
      .set({ status: 'broken', reason: '司法冻结' })
      .where('owner_id', '=', financing.id)
      .execute();
    const refused = await batchSign(t.app, token.suzhou, { contractIds: contracts.map((c) => c.id) });
    expect(refused.statusCode, refused.body).toBe(409);
    expect(errorCodeOf(refused)).toBe(API_ERROR.pledgeFinBillIneligible);
  });

  it('has no contracts before approval, and another organisation’s answers as a missing one', async () => {
    const holding = await heldBySuzhou(t, token);
    const submitted = await call('POST', PLEDGE_FIN_URL.create, token.suzhou, {
      productId: SPDB.id,
      holdingIds: [holding.id],
      amount: '800000.00',
      maturityDate: '2026-06-01',
      purpose: '采购原材料',
    });
    const financing = await dataOf<PledgeFinDetail>(submitted, 201);
    expect(await contractsOf(financing.id)).toEqual([]);
    const other = await contractsResponse(financing.id, token.ningbo);
    expect(other.statusCode).toBe(404);
    expect(errorCodeOf(other)).toBe(API_ERROR.notFound);
  });

  it('revokes the unsigned contracts of a cancelled financing', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await approved(holding);
    await contractsOf(financing.id);
    await dataOf(await call('PUT', PLEDGE_FIN_URL.cancel, token.suzhou, { id: financing.id }));
    const contracts = await contractsOf(financing.id);
    expect(contracts.map((c) => c.status)).toEqual(['revoked', 'revoked']);
  });
});

/** Through approval, both contracts signed: the money paid out, the financing 还息中. */
async function lent(): Promise<{ holding: Holding; financing: PledgeFinDetail }> {
  const holding = await heldBySuzhou(t, token);
  const financing = await approved(holding);
  const contracts = await contractsOf(financing.id);
  await openSuzhouEsign(t, token);
  expect((await signBoth(contracts)).statusCode).toBe(200);
  await vi.waitFor(async () => expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.repaying), {
    timeout: 15_000,
    interval: 100,
  });
  return { holding, financing: await detail(financing.id) };
}

const pay = (id: string, seq: number) =>
  withSms(t, MOBILE.suzhou, token.suzhou, (headers) =>
    t.app.inject({
      method: 'POST',
      url: PLEDGE_FIN_URL.interestPayment,
      headers: { ...bearer(token.suzhou), ...headers },
      payload: { id, seq },
    }),
  );
/** Moves the test clock to 09:00 Shanghai time of a day, signed in afresh (the sessions would have expired). */
async function toDay(date: string) {
  t.clock.advance(Date.parse(`${date}T01:00:00Z`) - t.app.now());
  token = await ledgerTokens(t);
}

describe('repayment', () => {
  it('pays the schedule in order, and the last payment settles the loan and frees the bill', async () => {
    const { holding, financing } = await lent();
    // 800,000.00 at 3.85 % from 2 March, paid monthly on the 20th until 1 June.
    expect(financing.cost?.schedule.map((p) => [p.endDate, p.interest, p.principal])).toEqual([
      ['2026-03-20', '1540.00', '0.00'],
      ['2026-04-20', '2652.22', '0.00'],
      ['2026-05-20', '2566.67', '0.00'],
      ['2026-06-01', '1026.67', '800000.00'],
    ]);
    expect(financing.nextPayment).toMatchObject({ seq: 1, amount: '1540.00', overdueDays: 0, last: false });
    expect(financing.bills.map((b) => b.pledgeStatus)).toEqual(['pledged']);
    const outOfOrder = await pay(financing.id, 2);
    expect(outOfOrder.statusCode).toBe(409);
    expect(outOfOrder.json<{ msg: string }>().msg).toBe('请按还款计划顺序付款，当前应付第1期');

    const account = await settlementAccountOf(t.app.db, ORG.suzhou);
    const first = await pay(financing.id, 1);
    expect(first.statusCode, first.body).toBe(200);
    const statement = await t.app.adapters.settlement.statement(
      account!.accountNo,
      { page: 0, size: 1 },
      t.app.db,
    );
    expect(statement.lines[0]).toMatchObject({
      direction: 'out',
      amountFen: 154_000,
      remark: '质押融资利息',
    });
    expect((await detail(financing.id)).payments.map((p) => p.seq)).toEqual([1]);

    await toDay('2026-05-25');
    for (const seq of [2, 3, 4]) expect((await pay(financing.id, seq)).statusCode).toBe(200);
    const settled = await detail(financing.id);
    expect(settled).toMatchObject({ state: PLEDGE_FIN_STATE.settled, nextPayment: null });
    // Paid on 25 May: the second 35 days late, the third 5, the last a week early.
    // 2,652.22 x 5.775 % x 35 / 360 = 14.89; 2,566.67 x 5.775 % x 5 / 360 = 2.06.
    expect(settled.payments.map((p) => [p.seq, p.overdueDays, p.penalty, p.amount])).toEqual([
      [1, 0, '0.00', '1540.00'],
      [2, 35, '14.89', '2667.11'],
      [3, 5, '2.06', '2568.73'],
      [4, 0, '0.00', '801026.67'],
    ]);
    const [free] = await suzhouHolding(holding.packageId);
    expect(free).toMatchObject({ circulation: 'TF0301', amount: holding.amount });
    expect(settled.bills.map((b) => b.pledgeStatus)).toEqual(['released']);
    expect((await pledgeOfPledgor(t, ORG.suzhou)).released_at).not.toBeNull();
    const todo = await t.app.db
      .selectFrom('plat_messages')
      .select(['title', 'closed_at'])
      .where('subject', '=', `pledge-financing-repay:${financing.id}`)
      .executeTakeFirstOrThrow();
    expect(todo.title).toBe('质押融资待还款');
    expect(todo.closed_at).not.toBeNull();
    expect((await history(financing.id)).at(-1)).toMatchObject({ action: 'REPAY', toState: '524000320' });
    refusedWith(await pay(financing.id, 5), 409, API_ERROR.pledgeFinStateInvalid);
  });

  it('charges penalty interest when late, and leaves a bill that matured meanwhile pledged for its pledgee', async () => {
    const { holding, financing } = await lent();
    for (const seq of [1, 2, 3]) expect((await pay(financing.id, seq)).statusCode).toBe(200);
    // The loan fell due on 1 June and the bill on 2 June.
    await toDay('2026-06-03');
    const late = await detail(financing.id);
    // 801,026.67 x 5.775 % x 2 / 360 = 257.00.
    expect(late.nextPayment).toMatchObject({
      seq: 4,
      overdueDays: 2,
      penalty: '257.00',
      amount: '801283.67',
    });
    expect((await pay(financing.id, 4)).statusCode).toBe(200);
    expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.settled);
    const [stillPledged] = await suzhouHolding(holding.packageId);
    expect(stillPledged).toMatchObject({ circulation: 'TF0304' });
    expect((await history(financing.id)).at(-1)?.opinion).toContain('由质权人提示付款');
  });

  it('is refused before any confirmation when the balance is short, and for another organisation', async () => {
    const { financing } = await lent();
    const other = await t.app.inject({
      method: 'POST',
      url: PLEDGE_FIN_URL.interestPayment,
      headers: bearer(token.ningbo),
      payload: { id: financing.id, seq: 1 },
    });
    // Not Ningbo's: the same 404 as a missing one, never a confirmation.
    refusedWith(other, 404, API_ERROR.notFound);
    await toDay('2026-05-25');
    for (const seq of [1, 2, 3]) expect((await pay(financing.id, seq)).statusCode).toBe(200);
    const account = await settlementAccountOf(t.app.db, ORG.suzhou);
    const { balanceFen } = await t.app.adapters.settlement.statement(
      account!.accountNo,
      { page: 0, size: 1 },
      t.app.db,
    );
    // Suzhou spends all but 100,000.00 of its money elsewhere.
    await payBetween(t.app.db, t.app.adapters.settlement, {
      fromOrgId: ORG.suzhou,
      toOrgId: ORG.ningbo,
      amountFen: balanceFen - 10_000_000,
      reference: 'elsewhere',
      remark: '货款',
    });
    const short = await t.app.inject({
      method: 'POST',
      url: PLEDGE_FIN_URL.interestPayment,
      headers: bearer(token.suzhou),
      payload: { id: financing.id, seq: 4 },
    });
    expect(short.statusCode, short.body).toBe(409);
    expect(short.json<{ msg: string }>().msg).toBe('结算账户余额不足，本期应付801,026.67元');
  });
});

function refusedWith(response: { statusCode: number; body: string }, status: number, code: string) {
  expect(response.statusCode, response.body).toBe(status);
  expect(errorCodeOf(response as never)).toBe(code);
}

describe('two payments at once', () => {
  it('lets exactly one of two payments of the same instalment through', async () => {
    const { financing } = await lent();
    const member = userIdOf(MOBILE.suzhou);
    const attempt = () =>
      t.app.db
        .transaction()
        .execute((trx) =>
          payInstallment(
            { trx, orgId: ORG.suzhou, userId: member, now: t.app.now(), realtime: null },
            t.app.adapters.settlement,
            { id: financing.id, seq: 1 },
          ),
        );
    const outcomes = await Promise.allSettled([attempt(), attempt()]);
    expect(outcomes.filter((o) => o.status === 'fulfilled')).toHaveLength(1);
    const [lost] = outcomes.filter((o) => o.status === 'rejected');
    expect((lost as PromiseRejectedResult).reason).toMatchObject({ code: API_ERROR.conflict });
    expect((await detail(financing.id)).payments.map((p) => p.seq)).toEqual([1]);
  });
});

describe('the institution’s signature', () => {
  const retry = (id: string, accessToken = token.suzhou) =>
    call('PUT', PLEDGE_FIN_URL.countersignRetry, accessToken, { id });

  it('leaves the financing to be signed when its e-sign service fails, until a retry signs it', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await approved(holding);
    const contracts = await contractsOf(financing.id);
    await openSuzhouEsign(t, token);
    // Nothing failed yet: nothing to retry.
    refusedWith(await retry(financing.id), 409, API_ERROR.pledgeFinStateInvalid);
    // The institution's e-sign service is down when its turn comes.
    const down = vi
      .spyOn(t.app.adapters.esign, 'openAccount')
      .mockRejectedValue(fail(API_ERROR.serviceUnavailable, '电子签章服务暂不可用，请稍后重试'));
    expect((await signBoth(contracts)).statusCode).toBe(200);
    await vi.waitFor(
      async () =>
        expect((await history(financing.id)).at(-1)).toMatchObject({
          action: 'SIGN',
          toState: PLEDGE_FIN_STATE.signing,
          operatorName: DEMO_INSTITUTIONS.spdb.name,
          opinion: `${DEMO_INSTITUTIONS.spdb.name}签署融资合同未成功（其电子签章服务暂不可用），融资仍待签约，请稍后重新发起机构签署`,
        }),
      { timeout: 15_000, interval: 100 },
    );
    // 苏州's members have a to-do leading to the financing.
    const todo = () =>
      t.app.db
        .selectFrom('plat_messages')
        .select(['title', 'closed_at'])
        .where('subject', '=', `pledge-financing-countersign:${financing.id}`)
        .execute();
    expect(await todo()).toEqual([{ title: '质押融资机构签署未成功', closed_at: null }]);
    // Signed by 苏州 alone, the failure said on the contract; the financing waits, its bill locked, no pledge.
    expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.signing);
    const [loan] = await contractsOf(financing.id);
    expect(loan).toMatchObject({ status: 'complete', counterSignedAt: null });
    expect(loan!.counterError).toContain(DEMO_INSTITUTIONS.spdb.name);
    const file = await t.app.adapters.files.get(`contracts/${loan!.id}.signed.pdf`);
    expect(pdfsig(await buffer(file!.stream)).match(/Signature is Valid/g)).toHaveLength(1);
    const [locked] = await suzhouHolding(holding.packageId);
    expect(locked?.circulation).toBe('TF0302');
    expect(
      await t.app.db
        .selectFrom('bill_pledges')
        .select('application_id')
        .where('holding_id', '=', holding.id)
        .execute(),
    ).toEqual([]);

    // Another organisation's retry answers as a missing financing; 苏州's, the service back, signs both.
    down.mockRestore();
    refusedWith(await retry(financing.id, token.ningbo), 404, API_ERROR.notFound);
    const again = await retry(financing.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ msg: string }>().msg).toBe('已重新发起机构签署，请稍候');
    await vi.waitFor(async () => expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.repaying), {
      timeout: 15_000,
      interval: 100,
    });
    for (const contract of await contractsOf(financing.id)) {
      expect(contract.counterSignedAt).not.toBeNull();
      expect(contract.counterError).toBeNull();
    }
    const entries = await history(financing.id);
    expect(entries.filter((e) => e.opinion === '重新发起机构签署').map((e) => e.operatorName)).toEqual([
      '陈静',
    ]);
    expect((await todo()).map((n) => n.closed_at)).toEqual([expect.any(Number)]);
    // Signed and paid out: nothing to retry.
    refusedWith(await retry(financing.id), 409, API_ERROR.pledgeFinStateInvalid);
  });
});

describe('two countersigns of one contract at once', () => {
  it('leave the running flow and the contract alone when the spare flow cannot be withdrawn', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await approved(holding);
    const contracts = await contractsOf(financing.id);
    await openSuzhouEsign(t, token);
    // The institution's service is down at its turn, so the contracts wait signed by 苏州 alone.
    const down = vi
      .spyOn(t.app.adapters.esign, 'openAccount')
      .mockRejectedValue(fail(API_ERROR.serviceUnavailable, '电子签章服务暂不可用，请稍后重试'));
    expect((await signBoth(contracts)).statusCode).toBe(200);
    await vi.waitFor(async () => expect((await history(financing.id)).at(-1)?.action).toBe('SIGN'), {
      timeout: 15_000,
      interval: 100,
    });
    down.mockRestore();
    // Another request's flow now runs on the loan contract; this one read the contract before it started.
    const stale = await t.app.db
      .selectFrom('contracts')
      .selectAll()
      .where('id', '=', contracts[0]!.id)
      .executeTakeFirstOrThrow();
    await t.app.db
      .updateTable('contracts')
      .set({ counter_flow_id: 'flow-of-another', counter_error: null })
      .where('id', '=', stale.id)
      .execute();
    vi.spyOn(t.app.adapters.esign, 'startFlow').mockResolvedValue({ flowId: 'spare-flow' });
    const revoke = vi
      .spyOn(t.app.adapters.esign, 'revoke')
      .mockRejectedValue(new Error('provider unreachable'));
    try {
      await countersign(
        { db: t.app.db, esign: t.app.adapters.esign, now: t.app.now() },
        { ...stale, counter_flow_id: null, counter_error: null },
        { name: DEMO_INSTITUTIONS.spdb.name, creditCode: DEMO_INSTITUTIONS.spdb.creditCode },
      );
      expect(revoke).toHaveBeenCalledWith('spare-flow');
    } finally {
      vi.restoreAllMocks();
    }
    expect(
      await t.app.db
        .selectFrom('contracts')
        .select(['counter_flow_id', 'counter_error', 'counter_signed_at'])
        .where('id', '=', stale.id)
        .executeTakeFirstOrThrow(),
    ).toEqual({ counter_flow_id: 'flow-of-another', counter_error: null, counter_signed_at: null });
  });
});

describe('a server stopped before the institution signs', () => {
  it('begins the institution’s signature when it starts again', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-countersign-'));
    try {
      await t.app.close();
      t = await startApp({ dataDir, inMemoryDb: false });
      token = await ledgerTokens(t);
      checker = await tokenOf(t, CHECKER_MOBILE, ORG.suzhou);
      const holding = await heldBySuzhou(t, token);
      const financing = await approved(holding);
      const contracts = await contractsOf(financing.id);
      await openSuzhouEsign(t, token);
      // The institution's signing never gets past its first call before the process stops.
      const stuck = vi.spyOn(t.app.adapters.esign, 'openAccount').mockReturnValue(new Promise(() => {}));
      expect((await signBoth(contracts)).statusCode).toBe(200);
      await vi.waitFor(() => expect(stuck).toHaveBeenCalled(), { timeout: 15_000, interval: 100 });
      stuck.mockRestore();
      expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.signing);
      await t.app.close();

      t = await startApp({ dataDir, inMemoryDb: false });
      token = await ledgerTokens(t);
      await vi.waitFor(
        async () => expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.repaying),
        {
          timeout: 15_000,
          interval: 100,
        },
      );
      for (const contract of await contractsOf(financing.id)) expect(contract.counterSignedAt).not.toBeNull();
    } finally {
      await t.app.close();
      t = await startApp();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe('a pay-out the bank refused', () => {
  const retry = (id: string, accessToken = token.suzhou) =>
    call('PUT', PLEDGE_FIN_URL.payoutRetry, accessToken, { id });
  const payoutTodo = (id: string) =>
    t.app.db
      .selectFrom('plat_messages')
      .select(['title', 'content', 'closed_at'])
      .where('subject', '=', `pledge-financing-payout:${id}`)
      .orderBy('created_at')
      .execute();
  const settlementVerified = (verified: 0 | 1) =>
    t.app.db.updateTable('bank_accounts').set({ verified }).where('org_id', '=', ORG.suzhou).execute();

  it('is tried again at the borrower’s request, one of two at once paying out, the to-do closed', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await approved(holding);
    const contracts = await contractsOf(financing.id);
    await openSuzhouEsign(t, token);
    // Not paid out before both contracts are signed, so nothing to retry.
    refusedWith(await retry(financing.id), 409, API_ERROR.pledgeFinStateInvalid);
    expect((await signBoth(contracts)).statusCode).toBe(200);
    // The bank has nowhere to pay: 苏州's settlement account is no longer verified when the pay-out comes.
    await settlementVerified(0);
    await vi.waitFor(async () => expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.lending), {
      timeout: 15_000,
      interval: 100,
    });
    await vi.waitFor(async () => expect(await payoutTodo(financing.id)).toHaveLength(1), {
      timeout: 15_000,
      interval: 100,
    });
    expect((await history(financing.id)).at(-1)).toMatchObject({
      action: 'PAY_OUT',
      toState: PLEDGE_FIN_STATE.lending,
      opinion: expect.stringContaining('放款未成功') as string,
    });
    expect((await payoutTodo(financing.id))[0]).toMatchObject({
      title: '质押融资放款未成功',
      closed_at: null,
    });

    // Another organisation's retry answers as a missing financing; a retry still without an account is
    // refused again by the bank and says so, the financing where it was and one to-do still open.
    refusedWith(await retry(financing.id, token.ningbo), 404, API_ERROR.notFound);
    const again = await retry(financing.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ msg: string }>().msg).toBe('放款仍未成功，请查看融资记录');
    expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.lending);
    expect((await payoutTodo(financing.id)).filter((n) => n.closed_at === null)).toHaveLength(1);

    await settlementVerified(1);
    const answers = await Promise.all([retry(financing.id), retry(financing.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    expect(errorCodeOf(answers.find((a) => a.statusCode === 409)!)).toBe(API_ERROR.pledgeFinStateInvalid);
    const lent = await detail(financing.id);
    expect(lent.state).toBe(PLEDGE_FIN_STATE.repaying);
    expect(lent.netPaidOut).not.toBeNull();
    const account = await settlementAccountOf(t.app.db, ORG.suzhou);
    const { lines } = await t.app.adapters.settlement.statement(
      account!.accountNo,
      { page: 0, size: 5 },
      t.app.db,
    );
    // Paid out once, the net amount.
    expect(lines.filter((l) => l.remark === PLEDGE_FIN_REMARK.payOut)).toEqual([
      expect.objectContaining({ direction: 'in', amountFen: yuanToFen(lent.netPaidOut!) }),
    ]);
    const entries = await history(financing.id);
    expect(entries.filter((e) => e.opinion === '重新申请放款')).toHaveLength(2);
    expect(entries.at(-1)).toMatchObject({ action: 'PAY_OUT', toState: PLEDGE_FIN_STATE.repaying });
    expect((await payoutTodo(financing.id)).every((n) => n.closed_at !== null)).toBe(true);
  });
});

describe('a bill maturing while a financing waits', () => {
  it('has the day-end cancel the financing and free the bill before what fell due is presented', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await approved(holding);
    // The bill falls due on 2 June; that day closes at the day-end.
    t.clock.advance(Date.parse('2026-06-02T21:00:00+08:00') - t.app.now());
    token = await ledgerTokens(t);
    const run = await t.app.dayEnd.runNow('2026-06-02');
    expect(run.steps.find((s) => s.name === 'pledge-fin.cancelMatured')).toMatchObject({
      status: 'done',
      processed: 1,
    });
    expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.cancelled);
    expect((await history(financing.id)).at(-1)).toMatchObject({
      action: 'CANCEL',
      operatorName: '系统',
      opinion: `票据${holding.packageNo}已到期，融资申请由系统日终取消，票据已解除锁定`,
    });
    const locks = await t.app.db
      .selectFrom('bill_locks')
      .select('status')
      .where('owner_id', '=', financing.id)
      .execute();
    expect(locks).toEqual([{ status: 'released' }]);
  });
});

describe('a bill that matures pledged, paid to the institution', () => {
  const pledgeOfSuzhou = async () => (await pledgeOfPledgor(t, ORG.suzhou)).application_id;
  const statementOf = async (orgId: string) =>
    t.app.adapters.settlement.statement(
      (await settlementAccountOf(t.app.db, orgId))!.accountNo,
      { page: 0, size: 1 },
      t.app.db,
    );
  /** The institution presents the bill (the sandbox in its place); 上海, its acceptor, pays 线上 on `payOn`. */
  async function presentedAndPaid(pledgeId: string, payOn: string) {
    const presented = await sandboxPresent(t, pledgeId);
    expect(presented.statusCode, presented.body).toBe(200);
    await toDay(payOn);
    const packageId = (await pledgeRowOf(t, pledgeId)).package_id;
    const presentation = (await pledgeePresentationOf(t, token.shanghai, packageId))!;
    const paid = await paysPresentation(t, token.shanghai, presentation.id);
    expect(paid.statusCode, paid.body).toBe(200);
  }

  it('repays the overdue loan from the proceeds, penalty included, and pays the rest to the borrower', async () => {
    const { holding, financing } = await lent();
    for (const seq of [1, 2, 3]) expect((await pay(financing.id, seq)).statusCode).toBe(200);
    // The loan fell due on 1 June; the bill falls due on 2 June, still pledged.
    await toDay('2026-06-02');
    const institutionBefore = (await statementOf(DEMO_INSTITUTIONS.spdb.orgId)).balanceFen;
    await presentedAndPaid(await pledgeOfSuzhou(), '2026-06-04');

    // Paid on 4 June, the last payment 3 days late: 801,026.67 x 5.775 % x 3 / 360 = 385.49, so the loan
    // owed 801,412.16 of the 1,000,000.00 paid for the bill, and 198,587.84 is 苏州's.
    const settled = await detail(financing.id);
    expect(settled).toMatchObject({ state: PLEDGE_FIN_STATE.settled, nextPayment: null });
    expect(settled.payments.at(-1)).toMatchObject({
      seq: 4,
      overdueDays: 3,
      penalty: '385.49',
      amount: '801412.16',
      payerName: '质押票据到期款',
    });
    const suzhou = await statementOf(ORG.suzhou);
    expect(suzhou.lines[0]).toMatchObject({
      direction: 'in',
      amountFen: 19_858_784,
      remark: '质押票据到期款余额',
    });
    expect((await statementOf(DEMO_INSTITUTIONS.spdb.orgId)).balanceFen).toBe(
      institutionBefore + 100_000_000 - 19_858_784,
    );
    const [paidBill] = await t.app.db
      .selectFrom('bill_holdings')
      .select(['bill_status', 'circ_status', 'org_id'])
      .where('package_id', '=', holding.packageId)
      .where('ended_at', 'is', null)
      .execute();
    expect(paidBill).toEqual({ bill_status: 'CS06', circ_status: 'TF0501', org_id: ORG.suzhou });
    expect(settled.bills.map((b) => b.pledgeStatus)).toEqual(['paid']);
    const todo = await t.app.db
      .selectFrom('plat_messages')
      .select('closed_at')
      .where('subject', '=', `pledge-financing-repay:${financing.id}`)
      .executeTakeFirstOrThrow();
    expect(todo.closed_at).not.toBeNull();
    const entries = await history(financing.id);
    expect(entries.at(-2)).toMatchObject({ action: 'REPAY', toState: PLEDGE_FIN_STATE.settled });
    expect(entries.at(-2)?.opinion).toContain('以质押票据到期款支付第4期');
    expect(entries.at(-1)?.opinion).toContain('198,587.84');
  });

  it('repays the loan from what the acceptor paid the institution on its recourse, after refusing the bill', async () => {
    const { holding, financing } = await lent();
    for (const seq of [1, 2, 3]) expect((await pay(financing.id, seq)).statusCode).toBe(200);
    await toDay('2026-06-02');
    const pledgeId = await pledgeOfSuzhou();
    await refusedToPledgee(t, token, pledgeId, holding.packageId);
    // Refused, the loan is not repaid: the institution pursues the acceptor (the sandbox in its place).
    expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.repaying);
    const notified = await t.app.inject({
      method: 'POST',
      url: pathOf(RECOURSE_URL.sandboxNotify, { id: pledgeId }),
      payload: { debtorOrgIds: [ORG.shanghai] },
    });
    expect(notified.statusCode, notified.body).toBe(200);
    const [noticeId] = (notified.json() as { data: string[] }).data;
    await toDay('2026-06-04');
    const agreed = await confirmed(t, token.shanghai, (headers) =>
      billCall(
        t.app,
        'POST',
        pathOf(RECOURSE_URL.agree, { id: noticeId! }),
        token.shanghai,
        { amount: '1000000.00', clearing: 'SM00' },
        headers,
      ),
    );
    expect(agreed.statusCode, agreed.body).toBe(200);
    const signed = await t.app.inject({
      method: 'POST',
      url: pathOf(RECOURSE_URL.sandboxAnswer, { id: noticeId! }),
      payload: { decision: 'sign' },
    });
    expect(signed.statusCode, signed.body).toBe(200);

    // As when the acceptor pays at maturity: the loan is settled from the proceeds, the rest is 苏州's.
    const settled = await detail(financing.id);
    expect(settled).toMatchObject({ state: PLEDGE_FIN_STATE.settled, nextPayment: null });
    expect(settled.payments.at(-1)).toMatchObject({ seq: 4, overdueDays: 3, amount: '801412.16' });
    expect(settled.bills.map((b) => b.pledgeStatus)).toEqual(['paid']);
    expect((await statementOf(ORG.suzhou)).lines[0]).toMatchObject({
      direction: 'in',
      amountFen: 19_858_784,
    });
  });

  it('applies proceeds a few yuan short to the interest, the penalty and then the principal', async () => {
    const { financing } = await lent();
    for (const seq of [1, 2, 3]) expect((await pay(financing.id, seq)).statusCode).toBe(200);
    await toDay('2026-06-04');
    const suzhouBefore = (await statementOf(ORG.suzhou)).balanceFen;
    // The last payment owes 1,026.67 interest, 800,000.00 principal and, 3 days late, 385.49 penalty:
    // 801,412.16. Proceeds of 801,400.00 pay the interest and the penalty whole and 799,987.84 of the
    // principal: 12.16 remains, and none of it is the borrower's.
    await proceedsOfSuzhouPledge(t, 80_140_000);
    const part = await detail(financing.id);
    expect(part.state).toBe(PLEDGE_FIN_STATE.repaying);
    expect(part.nextPayment).toMatchObject({
      seq: 4,
      interest: '0.00',
      penalty: '0.00',
      principal: '12.16',
      amount: '12.16',
      paidSoFar: '801400.00',
      overdueDays: 3,
    });
    expect(part.owed).toBe('12.16');
    expect(part.payments.map((p) => p.seq)).toEqual([1, 2, 3]);
    expect((await statementOf(ORG.suzhou)).balanceFen).toBe(suzhouBefore);
    expect((await history(financing.id)).at(-1)).toMatchObject({
      action: 'PAY_INTEREST',
      toState: PLEDGE_FIN_STATE.repaying,
      opinion:
        '以质押票据到期款部分支付第4期801,400.00元（利息1,026.67元，罚息385.49元，本金799,987.84元），' +
        '该期尚欠12.16元',
    });

    // 苏州 pays the rest the same day: the loan is settled, the payment recorded whole.
    expect((await pay(financing.id, 4)).statusCode).toBe(200);
    expect((await statementOf(ORG.suzhou)).lines[0]).toMatchObject({ direction: 'out', amountFen: 1_216 });
    const settled = await detail(financing.id);
    expect(settled).toMatchObject({ state: PLEDGE_FIN_STATE.settled, nextPayment: null, owed: null });
    expect(settled.payments.at(-1)).toMatchObject({
      seq: 4,
      interest: '1026.67',
      principal: '800000.00',
      penalty: '385.49',
      amount: '801412.16',
    });
  });

  it('applies proceeds short of the interest itself to the interest, the penalty running on the rest', async () => {
    const { financing } = await lent();
    // The first payment, 1,540.00 of interest, fell due on 20 March; on the 25th it is 5 days late:
    // 1,540.00 x 5.775 % x 5 / 360 = 1.2354, so 1.24 of penalty. Proceeds of 1,000.00 pay interest alone.
    await toDay('2026-03-25');
    await proceedsOfSuzhouPledge(t, 100_000);
    const part = await detail(financing.id);
    expect(part.nextPayment).toMatchObject({
      seq: 1,
      interest: '540.00',
      penalty: '1.24',
      principal: '0.00',
      amount: '541.24',
      paidSoFar: '1000.00',
    });
    expect((await history(financing.id)).at(-1)?.opinion).toBe(
      '以质押票据到期款部分支付第1期1,000.00元（利息1,000.00元，罚息0.00元，本金0.00元），该期尚欠541.24元',
    );
    // A day on the penalty runs on the 540.00 still overdue: 1,540.00 x 5.775 % x 5 / 360 + 540.00 x
    // 5.775 % x 1 / 360 = 1.235417 + 0.086625 = 1.32 once rounded. The loan owes that payment's 541.32
    // and the three to come: 2,652.22 + 2,566.67 + 801,026.67, 806,786.88 in all.
    await toDay('2026-03-26');
    const dayOn = await detail(financing.id);
    expect(dayOn.nextPayment).toMatchObject({ interest: '540.00', penalty: '1.32', amount: '541.32' });
    expect(dayOn.owed).toBe('806786.88');
    expect((await pay(financing.id, 1)).statusCode).toBe(200);
    expect((await detail(financing.id)).payments).toMatchObject([
      { seq: 1, interest: '1540.00', principal: '0.00', penalty: '1.32', amount: '1541.32', overdueDays: 6 },
    ]);
    expect((await detail(financing.id)).nextPayment).toMatchObject({ seq: 2, paidSoFar: '0.00' });
  });

  it('pays all of the proceeds to the borrower when the loan was repaid before', async () => {
    const { financing } = await lent();
    for (const seq of [1, 2, 3]) expect((await pay(financing.id, seq)).statusCode).toBe(200);
    await toDay('2026-06-03');
    expect((await pay(financing.id, 4)).statusCode).toBe(200);
    const paymentsBefore = (await detail(financing.id)).payments;
    await presentedAndPaid(await pledgeOfSuzhou(), '2026-06-03');
    expect((await statementOf(ORG.suzhou)).lines[0]).toMatchObject({
      direction: 'in',
      amountFen: 100_000_000,
      remark: '质押票据到期款余额',
    });
    const after = await detail(financing.id);
    expect(after.state).toBe(PLEDGE_FIN_STATE.settled);
    expect(after.payments).toEqual(paymentsBefore);
  });

  it('keeps the rest owed to the borrower while the bank refuses it, until a retry pays it once', async () => {
    const retry = (id: string, accessToken = token.suzhou) =>
      call('PUT', PLEDGE_FIN_URL.restRetry, accessToken, { id });
    const restTodos = (id: string) =>
      t.app.db
        .selectFrom('plat_messages')
        .select(['title', 'content', 'closed_at'])
        .where('subject', '=', `pledge-financing-rest:${id}`)
        .orderBy('created_at')
        .execute();
    const settlementVerified = (verified: 0 | 1) =>
      t.app.db.updateTable('bank_accounts').set({ verified }).where('org_id', '=', ORG.suzhou).execute();
    const { financing } = await lent();
    for (const seq of [1, 2, 3]) expect((await pay(financing.id, seq)).statusCode).toBe(200);
    await toDay('2026-06-04');
    // Nothing is owed yet: nothing to retry.
    refusedWith(await retry(financing.id), 409, API_ERROR.pledgeFinStateInvalid);
    const institutionBefore = (await statementOf(DEMO_INSTITUTIONS.spdb.orgId)).balanceFen;
    const suzhouBefore = (await statementOf(ORG.suzhou)).balanceFen;
    // 苏州's account is no longer verified when the proceeds come: the bank has nowhere to pay the rest.
    await settlementVerified(0);
    // 1,000,000.00 against the 801,412.16 owed (see above): 198,587.84 is 苏州's.
    await proceedsOfSuzhouPledge(t, 100_000_000);
    const owed = await detail(financing.id);
    expect(owed).toMatchObject({ state: PLEDGE_FIN_STATE.settled, restOwed: '198587.84' });
    expect((await history(financing.id)).at(-1)).toMatchObject({
      action: 'REPAY',
      operatorName: DEMO_INSTITUTIONS.spdb.name,
      opinion:
        '质押票据到期款1,000,000.00元，其中应付贵司的198,587.84元划付未成功（贵司尚无已验证的结算账户），' +
        '该款项仍由质权人欠付贵司，请核实结算账户后重新申请划付',
    });
    expect(await restTodos(financing.id)).toEqual([
      expect.objectContaining({ title: '质押票据到期款余额划付未成功', closed_at: null }),
    ]);

    // Another organisation's retry answers as a missing financing; one still without an account is refused
    // by the bank again and says so, the rest still owed and one to-do open.
    refusedWith(await retry(financing.id, token.ningbo), 404, API_ERROR.notFound);
    const again = await retry(financing.id);
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json<{ msg: string; data: PledgeFinDetail }>()).toMatchObject({
      msg: '余款仍未划付成功，请查看融资记录',
      data: { restOwed: '198587.84' },
    });
    expect((await restTodos(financing.id)).filter((n) => n.closed_at === null)).toHaveLength(1);

    // Of two retries at once one transfers the rest, once; the other finds nothing owed.
    await settlementVerified(1);
    const answers = await Promise.all([retry(financing.id), retry(financing.id)]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409]);
    const won = answers.find((a) => a.statusCode === 200)!;
    expect(won.json<{ msg: string; data: PledgeFinDetail }>()).toMatchObject({
      msg: '余款已划付至贵司结算账户',
      data: { restOwed: null },
    });
    expect(errorCodeOf(answers.find((a) => a.statusCode === 409)!)).toBe(API_ERROR.pledgeFinStateInvalid);
    const suzhou = await statementOf(ORG.suzhou);
    expect(suzhou.balanceFen).toBe(suzhouBefore + 19_858_784);
    expect(suzhou.lines[0]).toMatchObject({
      direction: 'in',
      amountFen: 19_858_784,
      remark: '质押票据到期款余额',
    });
    // The proceeds were handed on here, not paid into the institution's account: it paid the rest alone.
    expect((await statementOf(DEMO_INSTITUTIONS.spdb.orgId)).balanceFen).toBe(institutionBefore - 19_858_784);
    // Each attempt counted, the one that paid its own bank reference.
    expect(
      await t.app.db
        .selectFrom('pledge_fin_rests')
        .select(['amount_fen', 'attempts'])
        .where('financing_id', '=', financing.id)
        .execute(),
    ).toEqual([{ amount_fen: 19_858_784, attempts: 2 }]);
    const entries = await history(financing.id);
    expect(entries.filter((e) => e.opinion === '重新申请划付余款').map((e) => e.operatorName)).toEqual([
      '陈静',
      '陈静',
    ]);
    expect(entries.at(-1)?.opinion).toBe(
      '质押票据到期款1,000,000.00元，其中198,587.84元已由质权人划付至贵司结算账户',
    );
    expect((await restTodos(financing.id)).every((n) => n.closed_at !== null)).toBe(true);
  });
});
