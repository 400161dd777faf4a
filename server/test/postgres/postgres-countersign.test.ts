import { setTimeout as sleep } from 'node:timers/promises';
import { CONTRACT_STATUS, ECONTRACT_URL } from '@contract/e-contract';
import type { Contract } from '@contract/e-contract-schemas';
import { pathOf } from '@contract/paths';
import { PLEDGE_FIN_STATE, PLEDGE_FIN_URL } from '@contract/pledge-fin';
import type { PledgeFinDetail } from '@contract/pledge-fin-schemas';
import { inject } from 'vitest';
import type { FlowEvent } from '../../src/adapters/e-sign/gateway';
import { SandboxESignGateway } from '../../src/adapters/e-sign/sandbox';
import { DEMO_PLEDGE_PRODUCTS } from '../../src/db/demo/pledge-financing';
import { onContractStatus } from '../../src/modules/e-contract/service';
import { FINANCING_CONTRACTS } from '../../src/modules/pledge-fin/lending';
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
import { CHECKER_MOBILE, heldBySuzhou, openSuzhouEsign } from '../support/pledge-fin-helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app), { postgresUrl: serverUrl });

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, accessToken: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(accessToken), ...(payload ? { payload } : {}) });

describe('PostgreSQL: the institution’s two signatures of a financing', () => {
  it('pay the financing out when both complete at once', async () => {
    const checker = await tokenOf(t, CHECKER_MOBILE, ORG.suzhou);
    const holding = await heldBySuzhou(t, token);
    const financing = await dataOf<PledgeFinDetail>(
      await call('POST', PLEDGE_FIN_URL.create, token.suzhou, {
        productId: DEMO_PLEDGE_PRODUCTS.spdbMonthly.id,
        holdingIds: [holding.id],
        amount: '800000.00',
        maturityDate: '2026-06-01',
        purpose: '采购原材料',
      }),
      201,
    );
    await dataOf(await call('PUT', PLEDGE_FIN_URL.approve, checker, { id: financing.id, result: 'APPROVE' }));
    const contracts = await dataOf<Contract[]>(
      await call('GET', pathOf(PLEDGE_FIN_URL.contracts, { id: financing.id }), token.suzhou),
    );
    await openSuzhouEsign(t, token);

    // The provider's completions of the institution's two flows are held back, to come in together.
    const esign = t.app.adapters.esign;
    if (!(esign instanceof SandboxESignGateway)) throw new Error('the test runs on the sandbox provider');
    const deliver = (body: string, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: ECONTRACT_URL.callback, payload: body, headers });
    const held = new Map<string, { body: string; headers: Record<string, string> }>();
    let holdingBack = true;
    esign.deliverTo(async (body, headers) => {
      const event = JSON.parse(body) as FlowEvent;
      if (holdingBack && event.status === CONTRACT_STATUS.complete) {
        const countered = await t.app.db
          .selectFrom('contracts')
          .select('id')
          .where('counter_flow_id', '=', event.flowId)
          .executeTakeFirst();
        if (countered) {
          held.set(event.flowId, { body, headers });
          return 503;
        }
      }
      return (await deliver(body, headers)).statusCode;
    });
    // Each completion's transaction, once its record heard of it, waits (a while) for the other's.
    let arrived = 0;
    let bothIn!: () => void;
    const together = new Promise<void>((resolve) => (bothIn = resolve));
    const offs = FINANCING_CONTRACTS.map((bizType) =>
      onContractStatus(bizType, async (_trx, contract) => {
        if (contract.counter_signed_at === null) return;
        arrived += 1;
        if (arrived === 2) bothIn();
        await Promise.race([together, sleep(3_000)]);
      }),
    );
    try {
      const signed = await withSms(t, MOBILE.suzhou, token.suzhou, (headers) =>
        batchSign(t.app, token.suzhou, { contractIds: contracts.map((c) => c.id) }, headers),
      );
      expect(signed.statusCode, signed.body).toBe(200);
      await vi.waitFor(() => expect(held.size).toBe(2), { timeout: 15_000, interval: 100 });
      holdingBack = false;
      const answers = await Promise.all([...held.values()].map((h) => deliver(h.body, h.headers)));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    } finally {
      for (const off of offs) off();
    }

    const after = await dataOf<PledgeFinDetail>(
      await call('GET', pathOf(PLEDGE_FIN_URL.detail, { id: financing.id }), token.suzhou),
    );
    expect(after.state).toBe(PLEDGE_FIN_STATE.repaying);
  });
});
