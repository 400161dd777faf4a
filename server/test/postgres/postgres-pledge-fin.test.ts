import type { Holding } from '@contract/bills-schemas';
import { API_ERROR } from '@contract/errors';
import { PLEDGE_FIN_STATE, PLEDGE_FIN_URL } from '@contract/pledge-fin';
import type { PledgeFinDetail } from '@contract/pledge-fin-schemas';
import type { Contract } from '@contract/e-contract-schemas';
import { pathOf } from '@contract/paths';
import { inject } from 'vitest';
import { DEMO_PLEDGE_PRODUCTS } from '../../src/db/demo/pledge-financing';
import { yuanToFen } from '../../src/lib/money';
import {
  dataOf,
  endorseBill,
  errorCodeOf,
  ledgerAppEach,
  MOBILE,
  ORG,
  tokenOf,
  withSms,
  type LedgerTokens,
} from '../support/bill-helpers';
import { batchSign } from '../support/e-contract-helpers';
import { bearer, type TestApp } from '../support/helpers';
import {
  CHECKER_MOBILE,
  heldBySuzhou,
  openSuzhouEsign,
  proceedsOfSuzhouPledge,
} from '../support/pledge-fin-helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app), { postgresUrl: serverUrl });

const CMB = DEMO_PLEDGE_PRODUCTS.cmbBullet;
const submit = (holding: Holding, amount: string) =>
  t.app.inject({
    method: 'POST',
    url: PLEDGE_FIN_URL.create,
    headers: bearer(token.suzhou),
    payload: {
      productId: CMB.id,
      holdingIds: [holding.id],
      amount,
      maturityDate: '2026-06-01',
      purpose: '备货',
    },
  });

describe('PostgreSQL: pledge financing at once', () => {
  it('lets one of five submissions naming the same bill take it', async () => {
    const holding = await heldBySuzhou(t, token);
    const answers = await Promise.all(Array.from({ length: 5 }, () => submit(holding, '100000.00')));
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).map(errorCodeOf)).toEqual(
      Array(4).fill(API_ERROR.pledgeFinBillTaken),
    );
  });

  it('lets two submissions on different bills take no more than the credit line together', async () => {
    // 招商 lends Suzhou 5,000,000.00 in all, 90% of each bill.
    const one = await heldBySuzhou(t, token, { amount: '4000000.00' });
    const two = await heldBySuzhou(t, token, { amount: '4000000.00' });
    const answers = await Promise.all([submit(one, '3000000.00'), submit(two, '3000000.00')]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
    expect(errorCodeOf(answers.find((a) => a.statusCode === 409)!)).toBe(API_ERROR.pledgeFinOverCreditLine);
  });

  it('lets one of four answers of the checker win', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await dataOf<PledgeFinDetail>(await submit(holding, '100000.00'), 201);
    const checker = await tokenOf(t, CHECKER_MOBILE, ORG.suzhou);
    const answers = await Promise.all(
      ['APPROVE', 'APPROVE', 'REJECT', 'APPROVE'].map((result) =>
        t.app.inject({
          method: 'PUT',
          url: PLEDGE_FIN_URL.approve,
          headers: bearer(checker),
          payload: { id: financing.id, result, opinion: '意见' },
        }),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 409).map(errorCodeOf)).toEqual(
      Array(3).fill(API_ERROR.pledgeFinStateInvalid),
    );
    const acts = await t.app.db
      .selectFrom('pledge_fin_history')
      .select('action')
      .where('financing_id', '=', financing.id)
      .execute();
    expect(acts).toHaveLength(2);
  });

  it('lets one of a submission and an endorsement of the same bill at once through, the ledger whole', async () => {
    const holding = await heldBySuzhou(t, token);
    const [financing, endorsement] = await Promise.all([
      submit(holding, '100000.00'),
      endorseBill(t, MOBILE.suzhou, token.suzhou, {
        holdingId: holding.id,
        endorseeOrgId: ORG.ningbo,
        amount: '1000000.00',
      }),
    ]);
    const statuses = [financing.statusCode, endorsement.statusCode];
    expect(
      statuses.filter((s) => s < 300),
      `${financing.body} ${endorsement.body}`,
    ).toHaveLength(1);
    expect(statuses.filter((s) => s === 409)).toHaveLength(1);
    const locks = await t.app.db
      .selectFrom('bill_locks')
      .select('status')
      .where('package_id', '=', holding.packageId)
      .execute();
    expect(locks).toEqual(financing.statusCode === 201 ? [{ status: 'active' }] : []);
  });

  it('never lets an approval follow a cancel, whatever the order they land in; a cancel frees the bill', async () => {
    const holding = await heldBySuzhou(t, token);
    const financing = await dataOf<PledgeFinDetail>(await submit(holding, '100000.00'), 201);
    const checker = await tokenOf(t, CHECKER_MOBILE, ORG.suzhou);
    const [approval, cancel] = await Promise.all([
      t.app.inject({
        method: 'PUT',
        url: PLEDGE_FIN_URL.approve,
        headers: bearer(checker),
        payload: { id: financing.id, result: 'APPROVE' },
      }),
      t.app.inject({
        method: 'PUT',
        url: PLEDGE_FIN_URL.cancel,
        headers: bearer(token.suzhou),
        payload: { id: financing.id },
      }),
    ]);
    // A cancel that lands first refuses the approval; one that lands after it withdraws the approved financing
    // (待签约 may be cancelled too). Either way no approval stands on a cancelled financing.
    expect([approval.statusCode, cancel.statusCode]).toContainEqual(200);
    if (approval.statusCode !== 200) expect(approval.statusCode).toBe(409);
    if (cancel.statusCode !== 200) expect(cancel.statusCode).toBe(409);
    const [lock] = await t.app.db
      .selectFrom('bill_locks')
      .select('status')
      .where('owner_id', '=', financing.id)
      .execute();
    expect(lock?.status).toBe(cancel.statusCode === 200 ? 'released' : 'active');
    const { state } = await t.app.db
      .selectFrom('pledge_financings')
      .select('state')
      .where('id', '=', financing.id)
      .executeTakeFirstOrThrow();
    expect(state).toBe(cancel.statusCode === 200 ? PLEDGE_FIN_STATE.cancelled : PLEDGE_FIN_STATE.signing);
  });

  /**
   * 苏州's 800,000.00 financing with 浦发, approved and signed, 苏州's settlement account unverified at the
   * pay-out when `payable` is false: its history's pay-out line, refused or paid, is there on return.
   */
  async function signedFinancing(payable: boolean): Promise<PledgeFinDetail> {
    const holding = await heldBySuzhou(t, token);
    const financing = await dataOf<PledgeFinDetail>(
      await t.app.inject({
        method: 'POST',
        url: PLEDGE_FIN_URL.create,
        headers: bearer(token.suzhou),
        payload: {
          productId: DEMO_PLEDGE_PRODUCTS.spdbMonthly.id,
          holdingIds: [holding.id],
          amount: '800000.00',
          maturityDate: '2026-06-01',
          purpose: '备货',
        },
      }),
      201,
    );
    const checker = await tokenOf(t, CHECKER_MOBILE, ORG.suzhou);
    await dataOf(
      await t.app.inject({
        method: 'PUT',
        url: PLEDGE_FIN_URL.approve,
        headers: bearer(checker),
        payload: { id: financing.id, result: 'APPROVE' },
      }),
    );
    const contracts = await dataOf<Contract[]>(
      await t.app.inject({
        method: 'GET',
        url: pathOf(PLEDGE_FIN_URL.contracts, { id: financing.id }),
        headers: bearer(token.suzhou),
      }),
    );
    await openSuzhouEsign(t, token);
    if (!payable) await verified(0);
    const signed = await withSms(t, MOBILE.suzhou, token.suzhou, (headers) =>
      batchSign(t.app, token.suzhou, { contractIds: contracts.map((c) => c.id) }, headers),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    await vi.waitFor(async () => expect(await payOuts(financing.id)).toHaveLength(1), {
      timeout: 15_000,
      interval: 100,
    });
    return financing;
  }
  const verified = (value: 0 | 1) =>
    t.app.db.updateTable('bank_accounts').set({ verified: value }).where('org_id', '=', ORG.suzhou).execute();
  const payOuts = (id: string) =>
    t.app.db
      .selectFrom('pledge_fin_history')
      .select('to_state')
      .where('financing_id', '=', id)
      .where('action', '=', 'PAY_OUT')
      .execute();
  const retriesAt = (url: string, id: string, times: number) =>
    Promise.all(
      Array.from({ length: times }, () =>
        t.app.inject({ method: 'PUT', url, headers: bearer(token.suzhou), payload: { id } }),
      ),
    );

  it('lets one of three retries of a pay-out the bank refused pay it out, once', async () => {
    const financing = await signedFinancing(false);
    await verified(1);
    const answers = await retriesAt(PLEDGE_FIN_URL.payoutRetry, financing.id, 3);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map(errorCodeOf)).toEqual(
      Array(2).fill(API_ERROR.pledgeFinStateInvalid),
    );
    const paid = await t.app.db
      .selectFrom('sandbox_settlement_payments')
      .select('status')
      .where('reference', 'like', `pledge-fin-payout:${financing.id}%`)
      .where('status', '=', 'paid')
      .execute();
    expect(paid).toHaveLength(1);
    expect(
      (await payOuts(financing.id)).filter((p) => p.to_state === PLEDGE_FIN_STATE.repaying),
    ).toHaveLength(1);
  });

  it('lets one of three retries of a rest of the proceeds the bank refused transfer it, once', async () => {
    const financing = await signedFinancing(true);
    // Proceeds of 1,000,000.00 the day after the pay-out repay the loan and leave the rest to 苏州, whose
    // account the bank cannot pay into then.
    await verified(0);
    const pledge = await proceedsOfSuzhouPledge(t, 100_000_000);
    const owed = await dataOf<PledgeFinDetail>(
      await t.app.inject({
        method: 'GET',
        url: pathOf(PLEDGE_FIN_URL.detail, { id: financing.id }),
        headers: bearer(token.suzhou),
      }),
    );
    expect(owed.restOwed).not.toBeNull();
    await verified(1);
    const answers = await retriesAt(PLEDGE_FIN_URL.restRetry, financing.id, 3);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    expect(answers.filter((a) => a.statusCode === 409).map(errorCodeOf)).toEqual(
      Array(2).fill(API_ERROR.pledgeFinStateInvalid),
    );
    const paid = await t.app.db
      .selectFrom('sandbox_settlement_payments')
      .select(['status', 'amount_fen'])
      .where('reference', 'like', `pledge-fin-rest:${pledge.application_id}%`)
      .execute();
    expect(paid.filter((p) => p.status === 'paid').map((p) => Number(p.amount_fen))).toEqual([
      yuanToFen(owed.restOwed!),
    ]);
  });
});
