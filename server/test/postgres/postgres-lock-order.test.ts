import type { Contract } from '@contract/e-contract-schemas';
import { API_ERROR } from '@contract/errors';
import { pathOf } from '@contract/paths';
import { PLEDGE_FIN_STATE, PLEDGE_FIN_URL } from '@contract/pledge-fin';
import type { PledgeFinDetail } from '@contract/pledge-fin-schemas';
import { inject } from 'vitest';
import { DEMO_PLEDGE_PRODUCTS } from '../../src/db/demo/pledge-financing';
import { ApiFailure } from '../../src/lib/errors';
import { enterPackage, LedgerWork } from '../../src/modules/bills/ledger';
import type { CommandContext } from '../../src/modules/bills/service';
import { lockFinancing, type PledgeFinContext } from '../../src/modules/pledge-fin/commands';
import { repayFromProceeds } from '../../src/modules/pledge-fin/proceeds';
import { payInstallment } from '../../src/modules/pledge-fin/repayment';
import {
  dataOf,
  ledgerAppEach,
  MOBILE,
  ORG,
  tokenOf,
  withSms,
  type LedgerTokens,
} from '../support/bill-helpers';
import { batchSign } from '../support/e-contract-helpers';
import { bearer, type TestApp } from '../support/helpers';
import { waitingForAdvisoryLocks } from '../support/postgres-test-db';
import { CHECKER_MOBILE, heldBySuzhou, openSuzhouEsign } from '../support/pledge-fin-helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app), { postgresUrl: serverUrl });

const call = (method: 'GET' | 'POST' | 'PUT', url: string, accessToken: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(accessToken), ...(payload ? { payload } : {}) });

/** 苏州's bullet financing with 招商 on two bills (two packages), paid out: it is being repaid. */
async function repayingOnTwoBills(): Promise<PledgeFinDetail> {
  const holdings = [await heldBySuzhou(t, token), await heldBySuzhou(t, token)];
  const financing = await dataOf<PledgeFinDetail>(
    await call('POST', PLEDGE_FIN_URL.create, token.suzhou, {
      productId: DEMO_PLEDGE_PRODUCTS.cmbBullet.id,
      holdingIds: holdings.map((h) => h.id),
      amount: '100000.00',
      maturityDate: '2026-06-01',
      purpose: '备货',
    }),
    201,
  );
  const checker = await tokenOf(t, CHECKER_MOBILE, ORG.suzhou);
  await dataOf(await call('PUT', PLEDGE_FIN_URL.approve, checker, { id: financing.id, result: 'APPROVE' }));
  const contracts = await dataOf<Contract[]>(
    await call('GET', pathOf(PLEDGE_FIN_URL.contracts, { id: financing.id }), token.suzhou),
  );
  await openSuzhouEsign(t, token);
  const signed = await withSms(t, MOBILE.suzhou, token.suzhou, (headers) =>
    batchSign(t.app, token.suzhou, { contractIds: contracts.map((c) => c.id) }, headers),
  );
  expect(signed.statusCode, signed.body).toBe(200);
  await vi.waitFor(async () => expect(await stateOf(financing.id)).toBe(PLEDGE_FIN_STATE.repaying), {
    timeout: 15_000,
    interval: 100,
  });
  return financing;
}

const stateOf = async (id: string) =>
  (
    await t.app.db
      .selectFrom('pledge_financings')
      .select('state')
      .where('id', '=', id)
      .executeTakeFirstOrThrow()
  ).state;

const pledgesOf = (financingId: string) =>
  t.app.db
    .selectFrom('pledge_fin_bills as b')
    .innerJoin('bill_pledges as g', 'g.application_id', 'b.pledge_id')
    .selectAll('g')
    .where('b.financing_id', '=', financingId)
    .orderBy('b.package_id')
    .execute();

/** A gate a held-back transaction waits at until the test opens it. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  let arrived!: () => void;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  return { open, opened, arrived, reached };
}

/**
 * The acceptor's 付款 of one of the financing's bills to its pledgee, as the payment command runs it: the
 * bill's package entered first, the pledge ended with the bill, then the proceeds repay the loan (which
 * takes the financing's lock and releases its other bill). `atCrossing` holds it once its package is entered.
 */
function payPledgee(financingId: string, pledgeIndex: number, atCrossing?: ReturnType<typeof gate>) {
  return t.app.db.transaction().execute(async (trx) => {
    const pledge = (await pledgesOf(financingId))[pledgeIndex]!;
    const work = new LedgerWork();
    await enterPackage({ trx, work }, pledge.package_id);
    if (atCrossing) {
      atCrossing.arrived();
      await atCrossing.opened;
    }
    // The bill is paid: its pledge ends with it (endPledgeWithBill), and releasing the others passes it over.
    await trx
      .updateTable('bill_pledges')
      .set({ released_at: t.app.now() })
      .where('application_id', '=', pledge.application_id)
      .execute();
    const ctx = {
      trx,
      work,
      now: t.app.now(),
      actor: { orgId: pledge.pledgee_org_id, userId: null },
      realtime: null,
    } as unknown as CommandContext;
    await repayFromProceeds(t.app.adapters.settlement, ctx, {
      pledge,
      amountFen: 20_000_000,
      paymentId: null,
    });
  });
}

/** 苏州 pays the loan's one (last) payment, which settles it and releases the bills under its lock. */
function payLastInstalment(financingId: string, atCrossing?: ReturnType<typeof gate>) {
  return t.app.db.transaction().execute(async (trx) => {
    const ctx: PledgeFinContext = { trx, orgId: ORG.suzhou, userId: null, now: t.app.now(), realtime: null };
    if (atCrossing) {
      // As payInstallment takes it first; the same locks again are held at once.
      await lockFinancing(trx, financingId);
      atCrossing.arrived();
      await atCrossing.opened;
    }
    await payInstallment(ctx, t.app.adapters.settlement, { id: financingId, seq: 1 });
  });
}

const outcomeOf = (work: Promise<unknown>) =>
  work.then(
    () => 'committed',
    (error: unknown) =>
      error instanceof ApiFailure ? error.code : `${(error as { code?: string }).code}: ${String(error)}`,
  );

/** Each sets up a financing through its whole journey (submission, approval, signing, pay-out) first. */
const JOURNEY_TIMEOUT_MS = 90_000;

describe('PostgreSQL: one order of locks for the ledger and a financing', () => {
  it(
    'lets the pledgee’s payment holding a bill and the last instalment of its financing both finish',
    async () => {
      const financing = await repayingOnTwoBills();
      const held = gate();
      // The payment holds its bill's package, at the point where it goes on to take the financing's lock.
      const payment = outcomeOf(payPledgee(financing.id, 1, held));
      await held.reached;
      const instalment = outcomeOf(payLastInstalment(financing.id));
      // The instalment waits for the payment's packages before it takes the financing's lock.
      await vi.waitFor(async () => expect(await waitingForAdvisoryLocks(t.app.db)).toBe(1), {
        timeout: 10_000,
        interval: 50,
      });
      held.open();
      expect(await payment).toBe('committed');
      // The proceeds settled the loan first: the instalment finds nothing to pay and says so, no deadlock.
      expect(await instalment).toBe(API_ERROR.pledgeFinStateInvalid);
      expect(await stateOf(financing.id)).toBe(PLEDGE_FIN_STATE.settled);
      expect((await pledgesOf(financing.id)).every((p) => p.released_at !== null)).toBe(true);
    },
    JOURNEY_TIMEOUT_MS,
  );

  it(
    'lets the last instalment holding its financing and a payment of one of its bills both finish',
    async () => {
      const financing = await repayingOnTwoBills();
      const held = gate();
      // The instalment holds the financing (and so its bills' packages), about to release the bills.
      const instalment = outcomeOf(payLastInstalment(financing.id, held));
      await held.reached;
      const payment = outcomeOf(payPledgee(financing.id, 0));
      await vi.waitFor(async () => expect(await waitingForAdvisoryLocks(t.app.db)).toBe(1), {
        timeout: 10_000,
        interval: 50,
      });
      held.open();
      expect(await instalment).toBe('committed');
      expect(await payment).toBe('committed');
      expect(await stateOf(financing.id)).toBe(PLEDGE_FIN_STATE.settled);
      // The loan was repaid by the instalment: the proceeds are all the borrower's.
      const rests = await t.app.db
        .selectFrom('pledge_fin_rests')
        .select('amount_fen')
        .where('financing_id', '=', financing.id)
        .execute();
      expect(rests.map((r) => Number(r.amount_fen))).toEqual([20_000_000]);
    },
    JOURNEY_TIMEOUT_MS,
  );
});
