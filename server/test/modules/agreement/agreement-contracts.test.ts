import { pathOf } from '@contract/paths';
import { buffer } from 'node:stream/consumers';
import { CONTRACT_BIZ_TYPE, ECONTRACT_URL } from '@contract/e-contract';
import { ORG_URL } from '@contract/organization';
import type { OrgAgreement } from '@contract/organization-schemas';
import { DEMO_ORGS } from '../../../src/db/seed';
import { IDEMPOTENT_REPLAY_HEADER } from '../../../src/lib/idempotency';
import {
  AGREEMENT_DRAFT_RETRY_MS,
  AGREEMENT_FEE_FEN,
  AGREEMENT_SERVICES,
  draftAgreementContract,
} from '../../../src/modules/agreement/contracts';
import { PLATFORM_CREDIT_CODE } from '../../../src/modules/e-contract/service';
import { startApp, type TestApp } from '../../support/helpers';
import { pdfText } from '../../support/poppler';
import { batchSignWithQr, openAccountWithSms } from '../../support/e-contract-helpers';
import { call, dataOf, sessionOf, userIdOf, withQrConfirmation } from '../../support/org-helpers';
import { OWNER_HZ, OWNER_SH } from '../../support/verification-helpers';

let t: TestApp;
let ownerSh: string;
let ownerHz: string;
beforeEach(async () => {
  t = await startApp();
  ownerSh = await sessionOf(t.app, t.config, userIdOf(OWNER_SH), DEMO_ORGS.shanghai.id);
  ownerHz = await sessionOf(t.app, t.config, userIdOf(OWNER_HZ), DEMO_ORGS.hangzhou.id);
});
afterEach(async () => {
  await t.app.close();
});

const agreementOf = async (token: string, code: string) => {
  const response = await call(t.app, 'GET', ORG_URL.sign, token);
  expect(response.statusCode, response.body).toBe(200);
  return dataOf<OrgAgreement[]>(response).find((a) => a.agreementCode === code);
};
const sign = (code: string, headers: Record<string, string> = {}) =>
  withQrConfirmation(
    t.app,
    ownerSh,
    userIdOf(OWNER_SH),
    { method: 'POST', url: ORG_URL.sign, payload: { agreementCode: code } },
    headers,
  );
const contractsOf = (bizId: string) =>
  t.app.db
    .selectFrom('contracts')
    .selectAll()
    .where('biz_type', '=', CONTRACT_BIZ_TYPE.orgAgreement)
    .where('biz_id', '=', bizId)
    .execute();
const noticesOf = (orgId: string) =>
  t.app.db
    .selectFrom('plat_messages')
    .select(['title', 'content', 'link'])
    .where('org_id', '=', orgId)
    .execute();
const draftDeps = () => ({
  db: t.app.db,
  files: t.app.adapters.files,
  now: t.app.now,
  counterparty: { name: t.app.config.platformName, creditCode: PLATFORM_CREDIT_CODE },
});

describe('the contract of a signed agreement', () => {
  it('drafts exactly one contract for the agreement after signing, even when the signature is replayed or drafted again', async () => {
    const key = { 'idempotency-key': 'sign-finance-1' };
    const signed = await sign('FINANCE_SERVICE', key);
    expect(signed.statusCode, signed.body).toBe(200);
    const agreement = dataOf<OrgAgreement>(signed);
    await t.app.agreementContracts.idle();

    const replayed = await call(t.app, 'POST', ORG_URL.sign, ownerSh, {
      payload: { agreementCode: 'FINANCE_SERVICE' },
      headers: key,
    });
    expect(replayed.statusCode).toBe(200);
    expect(replayed.headers[IDEMPOTENT_REPLAY_HEADER.toLowerCase()]).toBe('true');
    // A late round and two drafts at once find the contract there, or race for it and leave one.
    t.app.agreementContracts.draft(agreement.id);
    const row = { id: agreement.id, org_id: DEMO_ORGS.shanghai.id, agreement_code: 'FINANCE_SERVICE' };
    const drafted = await Promise.all([
      draftAgreementContract(draftDeps(), row),
      draftAgreementContract(draftDeps(), row),
    ]);
    await t.app.agreementContracts.idle();
    expect(drafted).toEqual([false, false]);

    const contracts = await contractsOf(agreement.id);
    expect(contracts).toHaveLength(1);
    expect(contracts[0]).toMatchObject({
      org_id: DEMO_ORGS.shanghai.id,
      status: 'draft',
      amount_fen: AGREEMENT_FEE_FEN.FINANCE_SERVICE,
      title: '供应链融资服务协议',
    });
    // The contract is the agreement's own: its name, and the services it covers, not the bill services'.
    const stored = await t.app.adapters.files.get(contracts[0]!.file_key);
    const text = pdfText(await buffer(stored!.stream)).replace(/\s+/g, '');
    expect(text).toContain('供应链融资服务协议');
    expect(text).toContain(AGREEMENT_SERVICES.FINANCE_SERVICE);
    expect(JSON.parse(contracts[0]!.parties)).toEqual([
      { role: '甲方', name: t.app.config.platformName, creditCode: PLATFORM_CREDIT_CODE },
      expect.objectContaining({ role: '乙方', name: DEMO_ORGS.shanghai.name }),
    ]);
    expect(await agreementOf(ownerSh, 'FINANCE_SERVICE')).toMatchObject({
      id: agreement.id,
      contractId: contracts[0]!.id,
      contractStatus: 'draft',
    });
  });

  it('shows no contract where none is drafted, and only the organisation’s own', async () => {
    const signed = dataOf<OrgAgreement>(await sign('FINANCE_SERVICE'));
    await t.app.agreementContracts.idle();
    expect((await agreementOf(ownerSh, 'FINANCE_SERVICE'))?.contractStatus).toBe('draft');
    // The demo seed's agreements have no contract in a test app: the server's start drafts them.
    expect(await agreementOf(ownerSh, 'SCB_SERVICE')).toMatchObject({ contractId: '', contractStatus: null });
    const hangzhou = await call(t.app, 'GET', ORG_URL.sign, ownerHz);
    const seen = dataOf<OrgAgreement[]>(hangzhou);
    expect(seen.every((a) => a.contractId === '' && a.contractStatus === null)).toBe(true);
    // Another organisation cannot read the contract by its id either.
    const [contract] = await contractsOf(signed.id);
    const stranger = await t.app.inject({
      method: 'GET',
      url: pathOf(ECONTRACT_URL.preview, { id: contract!.id }),
      headers: { authorization: `Bearer ${ownerHz}` },
    });
    expect(stranger.statusCode).toBe(404);
  });

  it('keeps the signature when drafting fails, and drafts what is missing on the next start', async () => {
    const files = t.app.adapters.files;
    const put = files.put.bind(files);
    files.put = () => Promise.reject(new Error('disk full'));
    const signed = await sign('FINANCE_SERVICE');
    expect(signed.statusCode, signed.body).toBe(200);
    await t.app.agreementContracts.idle();
    const agreement = dataOf<OrgAgreement>(signed);
    expect(await contractsOf(agreement.id)).toEqual([]);
    files.put = put;

    // The start's sweep drafts every signed agreement still without one: the demo companies' as well, each
    // with its PDF.
    t.app.agreementContracts.sweep();
    await t.app.agreementContracts.idle();
    expect(await contractsOf(agreement.id)).toHaveLength(1);
    const signedIds = await t.app.db
      .selectFrom('org_agreements')
      .select('id')
      .where('status', '=', 'SIGNED')
      .execute();
    expect(signedIds.length).toBeGreaterThan(2);
    const all = await t.app.db.selectFrom('contracts').select(['biz_id', 'file_key', 'status']).execute();
    expect(all.map((c) => c.biz_id).sort()).toEqual(signedIds.map((a) => a.id).sort());
    for (const contract of all) {
      expect(contract.status).toBe('draft');
      expect((await t.app.adapters.files.get(contract.file_key))?.size).toBeGreaterThan(1000);
    }
  });

  it('drafts a contract that failed again at the next periodic sweep, without a restart', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    try {
      t.app.agreementContracts.sweepEvery(AGREEMENT_DRAFT_RETRY_MS);
      await t.app.agreementContracts.idle();
      const files = t.app.adapters.files;
      const put = files.put.bind(files);
      files.put = () => Promise.reject(new Error('disk full'));
      const agreement = dataOf<OrgAgreement>(await sign('FINANCE_SERVICE'));
      await t.app.agreementContracts.idle();
      expect(await contractsOf(agreement.id)).toEqual([]);
      files.put = put;

      vi.advanceTimersByTime(AGREEMENT_DRAFT_RETRY_MS);
      await t.app.agreementContracts.idle();
      expect(await contractsOf(agreement.id)).toHaveLength(1);
    } finally {
      await t.app.agreementContracts.stop();
      vi.useRealTimers();
    }
  });

  it('tells the organisation when the contract is signed, and the agreement shows it complete', async () => {
    const signed = dataOf<OrgAgreement>(await sign('FINANCE_SERVICE'));
    await t.app.agreementContracts.idle();
    const [contract] = await contractsOf(signed.id);
    expect((await openAccountWithSms(t.app, ownerSh, OWNER_SH)).statusCode).toBe(200);
    const batch = await batchSignWithQr(t.app, ownerSh, userIdOf(OWNER_SH), { contractIds: [contract!.id] });
    expect(batch.statusCode, batch.body).toBe(200);
    await vi.waitFor(
      async () => expect((await agreementOf(ownerSh, 'FINANCE_SERVICE'))?.contractStatus).toBe('complete'),
      { timeout: 15_000, interval: 100 },
    );
    expect(await noticesOf(DEMO_ORGS.shanghai.id)).toContainEqual({
      title: '协议合同已签署完成',
      content: `《供应链融资服务协议》的电子合同${contract!.contract_no}已签署完成。`,
      link: '/company-center/contracts',
    });
    expect((await noticesOf(DEMO_ORGS.hangzhou.id)).map((n) => n.title)).not.toContain('协议合同已签署完成');
  });

  it('revokes the unsigned contract of a released agreement and tells the organisation', async () => {
    const signed = dataOf<OrgAgreement>(await sign('FINANCE_SERVICE'));
    await t.app.agreementContracts.idle();
    const released = await call(t.app, 'PUT', `${ORG_URL.sign}/${signed.id}`, ownerSh, {
      payload: { action: 'RELEASE' },
    });
    expect(released.statusCode, released.body).toBe(200);
    await vi.waitFor(async () => expect((await contractsOf(signed.id))[0]?.status).toBe('revoked'), {
      timeout: 5_000,
      interval: 50,
    });
    const notices = await noticesOf(DEMO_ORGS.shanghai.id);
    expect(notices.map((n) => n.title)).toContain('协议合同已撤销');
  });

  it('drafts no contract for an agreement released before its draft lands', async () => {
    const files = t.app.adapters.files;
    const put = files.put.bind(files);
    files.put = () => Promise.reject(new Error('disk full'));
    const signed = dataOf<OrgAgreement>(await sign('FINANCE_SERVICE'));
    await t.app.agreementContracts.idle();
    files.put = put;
    const released = await call(t.app, 'PUT', `${ORG_URL.sign}/${signed.id}`, ownerSh, {
      payload: { action: 'RELEASE' },
    });
    expect(released.statusCode, released.body).toBe(200);
    const late = { id: signed.id, org_id: DEMO_ORGS.shanghai.id, agreement_code: 'FINANCE_SERVICE' };
    expect(await draftAgreementContract(draftDeps(), late)).toBe(false);
    expect(await contractsOf(signed.id)).toEqual([]);
  });
});
