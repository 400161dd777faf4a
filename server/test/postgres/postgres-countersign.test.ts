import { setTimeout as sleep } from 'node:timers/promises';
import { CONTRACT_STATUS, ECONTRACT_URL } from '@contract/e-contract';
import { pathOf } from '@contract/paths';
import { PLEDGE_FIN_STATE, PLEDGE_FIN_URL } from '@contract/pledge-fin';
import type { PledgeFinDetail, PledgeFinHistoryEntry } from '@contract/pledge-fin-schemas';
import { inject } from 'vitest';
import type { ESignGateway, FlowEvent, FlowRequest, SignRequest } from '../../src/adapters/e-sign/gateway';
import { SandboxESignGateway } from '../../src/adapters/e-sign/sandbox';
import { DEMO_INSTITUTIONS } from '../../src/db/demo/institutions';
import { createDatabase } from '../../src/db/database';
import {
  announceContract,
  COUNTERSIGN_ANSWER_MS,
  endSilentCountersigns,
  onContractStatus,
} from '../../src/modules/e-contract/service';
import { FINANCING_CONTRACTS } from '../../src/modules/pledge-fin/lending';
import { dataOf, ledgerAppEach, MOBILE, ORG, withSms, type LedgerTokens } from '../support/bill-helpers';
import { batchSign } from '../support/e-contract-helpers';
import { bearer, type TestApp } from '../support/helpers';
import { approvedFinancing } from '../support/pledge-fin-helpers';

// The PostgreSQL pass: scripts/ensure-postgres.mjs prepared this server (server/test/postgres-global-setup.ts).
const serverUrl = inject('postgresUrl');

let t: TestApp;
let token: LedgerTokens;
ledgerAppEach((app) => ({ t, token } = app), { postgresUrl: serverUrl });

type Method = 'GET' | 'POST' | 'PUT';
const call = (method: Method, url: string, accessToken: string, payload?: object) =>
  t.app.inject({ method, url, headers: bearer(accessToken), ...(payload ? { payload } : {}) });

const approved = () => approvedFinancing(t, token);

describe('PostgreSQL: the institution’s two signatures of a financing', () => {
  it('end one left unanswered once, of two nodes’ sweeps at once: one question, one line, one to-do', async () => {
    const { financing, contracts } = await approved();
    // The provider takes the institution's first sign request and never signs it; it signs the second.
    const esign = t.app.adapters.esign;
    const institutionFlows: string[] = [];
    const startFlow = esign.startFlow.bind(esign);
    vi.spyOn(esign, 'startFlow').mockImplementation(async (request: FlowRequest, within) => {
      const started = await startFlow(request, within);
      if (request.fileKey.endsWith('.signed.pdf')) institutionFlows.push(started.flowId);
      return started;
    });
    const sign = esign.sign.bind(esign);
    vi.spyOn(esign, 'sign').mockImplementation(async (request: SignRequest) => {
      if (request.flowId !== institutionFlows[0]) await sign(request);
    });
    const signed = await withSms(t, MOBILE.suzhou, token.suzhou, (headers) =>
      batchSign(t.app, token.suzhou, { contractIds: contracts.map((c) => c.id) }, headers),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    const counterOf = () =>
      t.app.db
        .selectFrom('contracts')
        .select(['id', 'counter_flow_id', 'counter_signed_at', 'counter_error'])
        .where('biz_id', '=', financing.id)
        .execute();
    await vi.waitFor(
      async () => {
        const counter = await counterOf();
        expect(counter.filter((c) => c.counter_signed_at !== null)).toHaveLength(1);
        expect(counter.map((c) => c.counter_flow_id).sort()).toEqual([...institutionFlows].sort());
      },
      { timeout: 15_000, interval: 100 },
    );

    // Past the time the flow had to answer, two nodes sweep at once: this app, and a second node's sweep on a
    // pool of its own. (A second app in this process would register the modules' listeners a second time, as
    // they are the process's, and each failure would be told twice.)
    t.clock.advance(COUNTERSIGN_ANSWER_MS + 1000);
    const flowEnd = esign.flowEnd.bind(esign);
    // Each question of the provider waits (a while) for the other node's, so both sweeps read the flow
    // unanswered before either records its end.
    let asked = 0;
    let bothAsked!: () => void;
    const both = new Promise<void>((resolve) => (bothAsked = resolve));
    const asking = async (flowId: string) => {
      asked += 1;
      if (asked === 2) bothAsked();
      await Promise.race([both, sleep(2_000)]);
      return flowEnd(flowId);
    };
    vi.spyOn(esign, 'flowEnd').mockImplementation(asking);
    const otherGateway: ESignGateway = Object.assign(Object.create(esign) as ESignGateway, {
      flowEnd: asking,
    });
    const otherDb = await createDatabase({ dataDir: '', databaseUrl: t.config.databaseUrl });
    try {
      const ended = await Promise.all([
        t.app.silentCountersigns.sweep(),
        endSilentCountersigns({
          db: otherDb,
          files: t.app.adapters.files,
          esign: otherGateway,
          now: t.app.now(),
          announce: (trx, row) => announceContract(t.app, trx, row),
          onFault: (contractId, error) => {
            throw Object.assign(new Error(`sweep fault on ${contractId}`), { cause: error });
          },
          onProviderFault: () => {},
        }),
      ]);
      expect(ended.sort()).toEqual([0, 1]);
      expect(asked).toBe(1);
    } finally {
      await otherDb.destroy();
    }

    const silent = (await counterOf()).find((c) => c.counter_flow_id === institutionFlows[0]);
    const spdb = DEMO_INSTITUTIONS.spdb.name;
    expect(silent?.counter_error).toBe(`${spdb}的电子签章服务长时间未答复签署结果，签署未完成，请重新发起`);
    const after = await dataOf<PledgeFinDetail>(
      await call('GET', pathOf(PLEDGE_FIN_URL.detail, { id: financing.id }), token.suzhou),
    );
    expect(after.state).toBe(PLEDGE_FIN_STATE.signing);
    const failed = `${spdb}签署融资合同未成功（其电子签章服务长时间未答复签署结果），融资仍待签约，请稍后重新发起机构签署`;
    const history = await dataOf<PledgeFinHistoryEntry[]>(
      await call('GET', pathOf(PLEDGE_FIN_URL.opHistory, { id: financing.id }), token.suzhou),
    );
    expect(history.filter((e) => e.opinion === failed)).toHaveLength(1);
    const todos = await t.app.db
      .selectFrom('plat_messages')
      .select(['org_id', 'closed_at'])
      .where('subject', '=', `pledge-financing-countersign:${financing.id}`)
      .execute();
    expect(todos).toEqual([{ org_id: ORG.suzhou, closed_at: null }]);
  }, 90_000);

  it('pay the financing out when both complete at once', async () => {
    const { financing, contracts } = await approved();

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
      onContractStatus(t.app.db, bizType, async (_trx, contract) => {
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
