import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Contract } from '@contract/e-contract-schemas';
import { PLEDGE_FIN_REMARK, PLEDGE_FIN_STATE, PLEDGE_FIN_URL } from '@contract/pledge-fin';
import type { PledgeFinDetail } from '@contract/pledge-fin-schemas';
import { ESignProviderFault, type FlowRequest, type SignRequest } from '../../../src/adapters/e-sign/gateway';
import { DEMO_INSTITUTIONS } from '../../../src/db/demo/institutions';
import {
  announceContract,
  COUNTERSIGN_ANSWER_MS,
  endSilentCountersigns,
} from '../../../src/modules/e-contract/service';
import { settlementAccountOf } from '../../../src/modules/settlement/service';
import { ledgerTokens, MOBILE, ORG, withSms, type LedgerTokens } from '../../support/bill-helpers';
import { batchSign } from '../../support/e-contract-helpers';
import { startApp, type TestApp } from '../../support/helpers';
import { approvedFinancing, pledgeFinCalls } from '../../support/pledge-fin-helpers';

/**
 * The institution's signature of a financing's contracts when the provider never answers it: the sweep asks
 * the provider after COUNTERSIGN_ANSWER_MS and completes the financing, or records the failure for a retry.
 */

let t: TestApp;
let token: LedgerTokens;

beforeEach(async () => {
  t = await startApp();
  token = await ledgerTokens(t);
});
afterEach(async () => {
  vi.restoreAllMocks();
  await t.app.close();
});

const { call, detail, history, contractsOf } = pledgeFinCalls(() => ({ t, token }));
const retry = (id: string) => call('PUT', PLEDGE_FIN_URL.countersignRetry, token.suzhou, { id });
const countersignTodo = (id: string) =>
  t.app.db
    .selectFrom('plat_messages')
    .select(['org_id', 'title', 'content', 'link', 'closed_at'])
    .where('subject', '=', `pledge-financing-countersign:${id}`)
    .orderBy('created_at')
    .execute();
const counterFlowsOf = (id: string) =>
  t.app.db
    .selectFrom('contracts')
    .select(['counter_flow_id', 'counter_error', 'counter_signed_at'])
    .where('biz_id', '=', id)
    .execute();
const waitFor = (check: () => Promise<void>) => vi.waitFor(check, { timeout: 15_000, interval: 100 });

const approved = () => approvedFinancing(t, token);

const signBoth = (contracts: Contract[]) =>
  withSms(t, MOBILE.suzhou, token.suzhou, (headers) =>
    batchSign(t.app, token.suzhou, { contractIds: contracts.map((c) => c.id) }, headers),
  );

/**
 * The institution's flows from now on (those started on a file the organisation signed), and what the
 * provider does with them: `accepted` takes the sign request and never signs; `unannounced` signs without
 * sending the callback (lost on the way).
 */
function institutionFlows(provider: 'accepted' | 'unannounced'): Set<string> {
  const esign = t.app.adapters.esign;
  const flows = new Set<string>();
  const startFlow = esign.startFlow.bind(esign);
  vi.spyOn(esign, 'startFlow').mockImplementation(async (request: FlowRequest, within) => {
    const started = await startFlow(request, within);
    if (request.fileKey.endsWith('.signed.pdf')) flows.add(started.flowId);
    return started;
  });
  if (provider === 'accepted') {
    const sign = esign.sign.bind(esign);
    vi.spyOn(esign, 'sign').mockImplementation(async (request: SignRequest) => {
      if (!flows.has(request.flowId)) await sign(request);
    });
  } else {
    const sandbox = esign as unknown as { emit: (flowId: string, ...rest: unknown[]) => Promise<void> };
    const emit = sandbox.emit.bind(sandbox);
    vi.spyOn(sandbox, 'emit').mockImplementation(async (flowId, ...rest) => {
      if (!flows.has(flowId)) await emit(flowId, ...rest);
    });
  }
  return flows;
}

/**
 * An approved financing whose contracts 苏州 signs, and the provider signs for the institution without
 * sending the callback: the financing, its institution's flows complete at the provider.
 */
async function signedUnannounced(): Promise<PledgeFinDetail> {
  const { financing, contracts } = await approved();
  const flows = institutionFlows('unannounced');
  expect((await signBoth(contracts)).statusCode).toBe(200);
  await waitFor(async () => expect(flows.size).toBe(2));
  for (const flowId of flows) {
    await waitFor(async () => expect(await t.app.adapters.esign.flowStatus(flowId)).toBe('complete'));
  }
  return financing;
}

/** One sweep as a node runs it, not joined with another under way (as the app's timer would). */
const sweepOnce = () =>
  endSilentCountersigns({
    db: t.app.db,
    files: t.app.adapters.files,
    esign: t.app.adapters.esign,
    now: t.app.now(),
    announce: (trx, row) => announceContract(t.app, trx, row),
    onFault: (contractId, error) => {
      throw Object.assign(new Error(`sweep fault on ${contractId}`), { cause: error });
    },
    onProviderFault: () => {},
  });

const SPDB = DEMO_INSTITUTIONS.spdb.name;

describe('an institution’s signature the provider never answers', () => {
  it('is ended as failed after its time, once of two sweeps at once, with a to-do; a retry signs it', async () => {
    const { financing, contracts } = await approved();
    const flows = institutionFlows('accepted');
    expect((await signBoth(contracts)).statusCode).toBe(200);
    await waitFor(async () => expect(flows.size).toBe(2));
    await waitFor(async () =>
      expect((await counterFlowsOf(financing.id)).every((c) => c.counter_flow_id !== null)).toBe(true),
    );

    // Within its time the flow is left alone.
    t.clock.advance(COUNTERSIGN_ANSWER_MS - 1000);
    expect(await t.app.silentCountersigns.sweep()).toBe(0);
    expect((await contractsOf(financing.id)).map((c) => c.counterError)).toEqual([null, null]);

    // Past it, the provider answers nothing at all: two nodes' sweeps at once end each flow once.
    t.clock.advance(2000);
    const esign = t.app.adapters.esign;
    vi.spyOn(esign, 'flowEnd').mockRejectedValue(new Error('provider unreachable'));
    vi.spyOn(esign, 'revoke').mockRejectedValue(new Error('provider unreachable'));
    const ended = await Promise.all([sweepOnce(), sweepOnce()]);
    expect(ended[0]! + ended[1]!).toBe(2);
    expect(await t.app.silentCountersigns.sweep()).toBe(0);

    for (const contract of await contractsOf(financing.id)) {
      expect(contract).toMatchObject({ status: 'complete', counterSignedAt: null });
      expect(contract.counterError).toBe(`${SPDB}的电子签章服务长时间未答复签署结果，签署未完成，请重新发起`);
    }
    expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.signing);
    const failed = `${SPDB}签署融资合同未成功（其电子签章服务长时间未答复签署结果），融资仍待签约，请稍后重新发起机构签署`;
    const entries = await history(financing.id);
    expect(entries.filter((e) => e.opinion === failed).map((e) => e.operatorName)).toEqual([SPDB, SPDB]);
    const todos = await countersignTodo(financing.id);
    expect(todos.filter((n) => n.closed_at === null)).toEqual([
      {
        org_id: ORG.suzhou,
        title: '质押融资机构签署未成功',
        content: `质押融资${financing.finNo}：${failed}。`,
        link: expect.stringContaining(financing.id) as string,
        closed_at: null,
      },
    ]);

    // The provider back, the borrower asks again: the institution signs, the to-do closes.
    vi.restoreAllMocks();
    const again = await retry(financing.id);
    expect(again.statusCode, again.body).toBe(200);
    await waitFor(async () => expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.repaying));
    for (const contract of await contractsOf(financing.id)) {
      expect(contract.counterSignedAt).not.toBeNull();
      expect(contract.counterError).toBeNull();
    }
    expect((await countersignTodo(financing.id)).every((n) => n.closed_at !== null)).toBe(true);
  });

  it('is ended as failed when the provider fails the question, and the node logs and counts it with the provider’s code', async () => {
    await t.app.close();
    t = await startApp({ metrics: true });
    token = await ledgerTokens(t);
    const { financing, contracts } = await approved();
    const flows = institutionFlows('accepted');
    expect((await signBoth(contracts)).statusCode).toBe(200);
    await waitFor(async () =>
      expect((await counterFlowsOf(financing.id)).every((c) => c.counter_flow_id !== null)).toBe(true),
    );

    t.clock.advance(COUNTERSIGN_ANSWER_MS + 1000);
    const esign = t.app.adapters.esign;
    // e签宝 answers the question with an error of its own (签署流程不存在), and is away when asked to withdraw.
    vi.spyOn(esign, 'flowEnd').mockRejectedValue(new ESignProviderFault('1437102'));
    vi.spyOn(esign, 'revoke').mockRejectedValue(new ESignProviderFault('http-503'));
    expect(await t.app.silentCountersigns.sweep()).toBe(2);

    // The platform's decision stands: the signature failed, the borrower has its to-do.
    const ended = await contractsOf(financing.id);
    expect(ended.map((c) => c.counterError)).toEqual([
      `${SPDB}的电子签章服务长时间未答复签署结果，签署未完成，请重新发起`,
      `${SPDB}的电子签章服务长时间未答复签署结果，签署未完成，请重新发起`,
    ]);
    expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.signing);
    expect((await countersignTodo(financing.id)).filter((n) => n.closed_at === null)).toHaveLength(1);

    // Each flow is one warning of the question and one of the withdrawal, naming the financing and the code.
    const warnings = t.logs.entries().filter((e) => e.providerCall !== undefined);
    const byCall = (call: string) =>
      warnings
        .filter((e) => e.providerCall === call)
        .map((e) => ({ level: e.level, bizId: e.bizId, providerCode: e.providerCode, flowId: e.flowId }));
    const flowsOf = [...flows].sort();
    const expected = (providerCode: string) =>
      flowsOf.map((flowId) => ({ level: 40, bizId: financing.id, providerCode, flowId }));
    const sorted = (list: Array<{ flowId: unknown }>) =>
      [...list].sort((a, b) => String(a.flowId).localeCompare(String(b.flowId)));
    expect(sorted(byCall('flowEnd'))).toEqual(expected('1437102'));
    expect(sorted(byCall('revoke'))).toEqual(expected('http-503'));
    expect(warnings.find((e) => e.providerCall === 'flowEnd')?.msg).toBe(
      'countersign sweep: the provider did not say where the flow stands; the signature is recorded as failed',
    );

    // The adapter's failures are counted by method.
    const metrics = (await t.app.inject({ method: 'GET', url: '/metrics' })).body;
    expect(metrics).toContain('chainbill_adapter_failures_total{adapter="esign",method="flowEnd"} 2');
    expect(metrics).toContain('chainbill_adapter_failures_total{adapter="esign",method="revoke"} 2');
  }, 60_000);

  it('completes the financing once, of two sweeps at once, when the provider signed but its callback was lost', async () => {
    const financing = await signedUnannounced();
    expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.signing);

    t.clock.advance(COUNTERSIGN_ANSWER_MS);
    const ended = await Promise.all([sweepOnce(), sweepOnce()]);
    expect(ended[0]! + ended[1]!).toBe(2);
    const lent = await detail(financing.id);
    expect(lent.state).toBe(PLEDGE_FIN_STATE.repaying);
    for (const contract of await contractsOf(financing.id)) {
      expect(contract.counterSignedAt).not.toBeNull();
      expect(contract.counterError).toBeNull();
    }
    // Signed and paid out once, and nobody was told it failed.
    const entries = await history(financing.id);
    expect(entries.filter((e) => e.action === 'PAY_OUT')).toHaveLength(1);
    const account = await settlementAccountOf(t.app.db, ORG.suzhou);
    const { lines } = await t.app.adapters.settlement.statement(
      account!.accountNo,
      { page: 0, size: 5 },
      t.app.db,
    );
    expect(lines.filter((l) => l.remark === PLEDGE_FIN_REMARK.payOut)).toHaveLength(1);
    expect(await countersignTodo(financing.id)).toEqual([]);
  });

  it('is ended by the sweep of a server started again after the provider signed unannounced', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'chain-bill-countersign-sweep-'));
    try {
      await t.app.close();
      t = await startApp({ dataDir, inMemoryDb: false });
      token = await ledgerTokens(t);
      const financing = await signedUnannounced();
      vi.restoreAllMocks();
      await t.app.close();

      t = await startApp({ dataDir, inMemoryDb: false });
      token = await ledgerTokens(t);
      expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.signing);
      // This server's clock starts where the last one's did: it is moved past when the flows began.
      const started = await t.app.db
        .selectFrom('contracts')
        .select((eb) => eb.fn.max('updated_at').as('at'))
        .where('biz_id', '=', financing.id)
        .executeTakeFirstOrThrow();
      t.clock.advance(Number(started.at) - t.app.now() + COUNTERSIGN_ANSWER_MS);
      expect(await t.app.silentCountersigns.sweep()).toBe(2);
      expect((await detail(financing.id)).state).toBe(PLEDGE_FIN_STATE.repaying);
    } finally {
      await t.app.close();
      t = await startApp();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
