import { pathOf } from '@contract/paths';
import { buffer } from 'node:stream/consumers';
import { CONTRACT_STATUS, ECONTRACT_URL } from '@contract/e-contract';
import type { Contract, EsignAccountState, Seal, SignInfo, SignRecord } from '@contract/e-contract-schemas';
import type { Page } from '@contract/envelope-schemas';
import { ORG_URL } from '@contract/organization';
import type { OrgFunction } from '@contract/shell-schemas';
import { VERIFICATION_ERROR } from '@contract/verification';
import { CALLBACK_HEADER, callbackSignature } from '../../../src/adapters/e-sign/callback-signature';
import { DEMO_ACCOUNTS, DEMO_ORGS } from '../../../src/db/seed';
import { authed, bearer, signIn, startApp, type TestApp } from '../../support/helpers';
import { withSmsCode } from '../../support/org-helpers';
import {
  batchSign,
  batchSignWithQr,
  dataOf,
  draftAgreement,
  openAccount,
  openAccountWithSms,
  recordResult,
} from '../../support/e-contract-helpers';
import { pdfsig, pdfText } from '../../support/poppler';
import {
  latestCode,
  outboxOf,
  OWNER_HZ,
  OWNER_SH,
  refusalOf,
  sendSms,
  withCode,
} from '../../support/verification-helpers';

let t: TestApp;
let sh = '';
let hz = '';
let sz = '';
const OWNER_SZ = '13800000005';
const userIdOf = (mobile: string) => DEMO_ACCOUNTS.find((a) => a.mobile === mobile)?.id ?? '';

beforeAll(async () => {
  t = await startApp();
  sh = (await signIn(t.app, OWNER_SH)).access_token;
  hz = (await signIn(t.app, OWNER_HZ)).access_token;
  sz = (await signIn(t.app, OWNER_SZ)).access_token;
});
afterAll(async () => {
  await t.app.close();
});

const get = (url: string, token: string, query: Record<string, string> = {}) =>
  t.app.inject({ method: 'GET', url, query, headers: bearer(token) });
const statusOf = async (contractId: string, token = sh) =>
  dataOf<{ status: string }>(await get(ECONTRACT_URL.status, token, { contractId })).status;
const contractRow = (id: string) =>
  t.app.db.selectFrom('contracts').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe('the e-sign account', () => {
  it('refuses to open until electronic signing could be opened, naming what is missing before asking for an SMS code', async () => {
    expect(dataOf<EsignAccountState>(await get(ECONTRACT_URL.isOpen, hz))).toEqual({
      open: false,
      canOpen: false,
      missing: ['AUTHENTICATION', 'SETTLEMENT_ACCOUNT', 'AGREEMENT'],
      openedAt: null,
    });
    const refused = await openAccount(t.app, hz);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({
      code: 'FUNCTION_PREREQUISITES_MISSING',
      msg: '开通前请先完成：企业认证、结算账户验证、签署《电子签章服务协议》',
    });
    // Suzhou is authenticated with a verified account, but has not signed the e-signing agreement.
    const suzhou = await openAccount(t.app, sz);
    expect(suzhou.json()).toMatchObject({ msg: '开通前请先完成：签署《电子签章服务协议》' });
    expect(await outboxOf(t.app, OWNER_SZ)).toEqual([]);
  });

  it('opens after an SMS code, once, with the three template seals drawn as red vector seals', async () => {
    const first = await openAccount(t.app, sh);
    expect(first.statusCode).toBe(406);
    expect(refusalOf(first).code).toBe(VERIFICATION_ERROR.smsRequired);
    await sendSms(t.app, OWNER_SH, { accessToken: sh });
    const opened = await openAccount(t.app, sh, withCode(await latestCode(t.app, OWNER_SH)));
    expect(opened.statusCode, opened.body).toBe(200);
    expect(dataOf<EsignAccountState>(opened)).toMatchObject({ open: true, canOpen: true, missing: [] });
    // The account's opening is electronic signing's: 企业开通功能 shows it opened.
    const functions = dataOf<OrgFunction[]>(await get('/api/scbill/org-acct-function-endpoint', sh));
    expect(functions.find((f) => f.funcCode === 'E_SIGN')).toMatchObject({ opened: true });

    const seals = dataOf<Seal[]>(await get(ECONTRACT_URL.seals, sh));
    expect(seals.map((s) => [s.template, s.sizeMm, s.isDefault])).toEqual([
      ['contract38', 38, true],
      ['official40', 40, false],
      ['official42', 42, false],
    ]);
    expect(seals[0]).toMatchObject({ name: DEMO_ORGS.shanghai.name, label: '合同专用章' });
    expect(seals[0]?.svg).toMatch(/^<svg [^>]*viewBox="0 0 38 38"/);
    // Another organisation sees none of them.
    expect(dataOf<Seal[]>(await get(ECONTRACT_URL.seals, hz))).toEqual([]);

    // Opened already: a second request is answered as it stands, without a code or another account.
    const again = await openAccount(t.app, sh);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ msg: '电子签章账户已开通', data: { open: true } });
    expect(await t.app.db.selectFrom('esign_accounts').selectAll().execute()).toHaveLength(1);
    expect(await t.app.db.selectFrom('esign_seals').selectAll().execute()).toHaveLength(3);
  });
});

describe('contracts', () => {
  let first: Contract;
  let second: Contract;

  beforeAll(async () => {
    first = await draftAgreement(t.app, DEMO_ORGS.shanghai.id, '107000.53');
    second = await draftAgreement(t.app, DEMO_ORGS.shanghai.id, '300');
  });

  it('lists the organisation’s contracts with status, parties and business record', async () => {
    const page = dataOf<Page<Contract>>(await get(ECONTRACT_URL.contracts, sh));
    expect(page.content.map((c) => c.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(page.content.find((c) => c.id === first.id)).toMatchObject({
      status: 'draft',
      amount: '107000.53',
      bizType: 'org-agreement',
      parties: [{ role: '甲方' }, { role: '乙方', name: DEMO_ORGS.shanghai.name }],
    });
    expect(dataOf<Page<Contract>>(await get(ECONTRACT_URL.contracts, hz)).content).toEqual([]);
  });

  it('filters the list by status and pages it, with the total of the filter', async () => {
    const list = (query: Record<string, string>) =>
      get(ECONTRACT_URL.contracts, sh, query).then((response) => dataOf<Page<Contract>>(response));
    const drafts = await list({ status: 'draft', size: '100' });
    expect(drafts.content.map((c) => c.id)).toEqual(expect.arrayContaining([first.id, second.id]));
    expect(drafts.content.every((c) => c.status === 'draft')).toBe(true);
    const onePage = await list({ status: 'draft', size: '1' });
    expect(onePage.content).toHaveLength(1);
    expect(onePage.totalElements).toBe(drafts.content.length);
    const complete = await list({ status: 'complete', size: '100' });
    expect(complete.content.every((c) => c.status === 'complete')).toBe(true);
    expect(complete.totalElements).toBe(complete.content.length);
  });

  it('streams the PDF inline to the organisation, and answers another organisation as if it did not exist', async () => {
    const preview = await get(pathOf(ECONTRACT_URL.preview, { id: first.id }), sh);
    expect(preview.statusCode).toBe(200);
    expect(preview.headers['content-type']).toBe('application/pdf');
    expect(preview.headers['content-disposition']).toMatch(
      /^inline; filename="HT\d+[A-Z0-9]+\.pdf"; filename\*=UTF-8''/,
    );
    expect(preview.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const text = pdfText(preview.rawPayload).replace(/\s+/g, '');
    expect(text).toContain(`乙方：${DEMO_ORGS.shanghai.name}`);
    expect(text).toContain('人民币壹拾万柒仟元伍角叁分（¥107,000.53）');

    const denials = t.logs.events('cross_org.denied').length;
    const stranger = await get(pathOf(ECONTRACT_URL.preview, { id: first.id }), hz);
    expect(stranger.statusCode).toBe(404);
    expect(t.logs.events('cross_org.denied').length).toBe(denials + 1);
    expect((await get(ECONTRACT_URL.status, hz, { contractId: first.id })).statusCode).toBe(404);
  });

  it('batch-signs two contracts after QR verification, answers at once and signs them in the background', async () => {
    const key = { 'idempotency-key': 'batch-sign-1' };
    const payload = { contractIds: [first.id, second.id] };
    const signed = await batchSignWithQr(t.app, sh, userIdOf(OWNER_SH), payload, key);
    expect(signed.statusCode, signed.body).toBe(200);
    const record = dataOf<SignRecord>(signed);
    // A retry of the same request (a lost answer) gets the same record, without verifying again.
    const retried = await batchSign(t.app, sh, payload, key);
    expect(retried.statusCode).toBe(200);
    expect(retried.headers['idempotent-replayed']).toBe('true');
    expect(dataOf<SignRecord>(retried).recordId).toBe(record.recordId);
    // A second batch of the same contracts while the first has them is refused.
    expect((await batchSign(t.app, sh, payload)).statusCode).toBe(409);
    expect(record).toMatchObject({ total: 2, items: [{ contractId: first.id }, { contractId: second.id }] });

    await vi.waitFor(async () => expect(await statusOf(first.id)).toBe('complete'), {
      timeout: 15_000,
      interval: 100,
    });
    await vi.waitFor(async () => expect(await statusOf(second.id)).toBe('complete'), {
      timeout: 15_000,
      interval: 100,
    });
    const result = await recordResult(t.app, sh, record.recordId);
    expect(result).toMatchObject({ status: 'done', signed: 2, failed: 0 });
    expect(result.items.map((i) => i.status)).toEqual(['signed', 'signed']);

    // The preview is now the signed file: the seal's organisation signed it, and pdfsig finds it intact.
    const preview = await get(pathOf(ECONTRACT_URL.preview, { id: first.id }), sh);
    const report = pdfsig(preview.rawPayload);
    expect(report).toContain(`Signer Certificate Common Name: ${DEMO_ORGS.shanghai.name}`);
    expect(report).toContain('Signature Validation: Signature is Valid.');
    expect(preview.rawPayload.length).toBeLessThan(100 * 1024);

    const info = dataOf<SignInfo>(await get(ECONTRACT_URL.signInfo, sh));
    expect(info).toMatchObject({ open: true, verification: 'qr', sealCount: 3, signed: 2 });
  });

  it('refuses a contract that is no longer signable before asking for verification', async () => {
    const again = await batchSign(t.app, sh, { contractIds: [first.id] });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'CONTRACT_NOT_SIGNABLE' });
  });

  it('refuses another organisation’s contract in a batch as a missing one', async () => {
    const theirs = await draftAgreement(t.app, DEMO_ORGS.shanghai.id);
    // Suzhou signs the e-signing agreement, which is what its account still needed.
    t.clock.advance(61_000);
    const agreed = await withSmsCode(t.app, sz, OWNER_SZ, {
      method: 'POST',
      url: ORG_URL.sign,
      payload: { agreementCode: 'E_SIGN_SERVICE' },
    });
    expect(agreed.statusCode, agreed.body).toBe(200);
    t.clock.advance(61_000);
    expect((await openAccountWithSms(t.app, sz, OWNER_SZ)).statusCode).toBe(200);
    const response = await batchSign(t.app, sz, { contractIds: [theirs.id] });
    expect(response.statusCode).toBe(404);
    expect((await contractRow(theirs.id)).status).toBe('draft');
  });

  it('asks for an SMS code instead of a QR code where no licence is bound', async () => {
    const contract = await draftAgreement(t.app, DEMO_ORGS.suzhou.id);
    const first = await batchSign(t.app, sz, { contractIds: [contract.id] });
    expect(first.statusCode).toBe(406);
    t.clock.advance(61_000);
    await sendSms(t.app, OWNER_SZ, { accessToken: sz });
    const signed = await batchSign(
      t.app,
      sz,
      { contractIds: [contract.id] },
      withCode(await latestCode(t.app, OWNER_SZ)),
    );
    expect(signed.statusCode, signed.body).toBe(200);
    await vi.waitFor(async () => expect(await statusOf(contract.id, sz)).toBe('complete'), {
      timeout: 15_000,
      interval: 100,
    });
    expect(dataOf<SignInfo>(await get(ECONTRACT_URL.signInfo, sz)).verification).toBe('sms');
  });
});

describe('provider callbacks', () => {
  const secret = () => t.app.verificationKeys.esignCallback;
  const post = (body: string, headers: Record<string, string>) =>
    t.app.inject({
      method: 'POST',
      url: ECONTRACT_URL.callback,
      payload: body,
      headers: { 'content-type': 'application/json', ...headers },
    });
  const signedHeaders = (body: string, timestamp = String(t.app.now())) => ({
    [CALLBACK_HEADER.timestamp]: timestamp,
    [CALLBACK_HEADER.signature]: callbackSignature(secret(), timestamp, body),
  });

  async function signingContract(): Promise<{ id: string; flowId: string }> {
    const contract = await draftAgreement(t.app, DEMO_ORGS.shanghai.id);
    const flowId = `test-flow-${contract.id}`;
    await t.app.db
      .updateTable('contracts')
      .set({ flow_id: flowId, status: 'signing' })
      .where('id', '=', contract.id)
      .execute();
    return { id: contract.id, flowId };
  }

  it('refuses a callback with a bad signature, a missing one or a stale timestamp, and changes nothing', async () => {
    const { id, flowId } = await signingContract();
    const body = JSON.stringify({ eventId: 'evt-bad-1', flowId, status: 'refused', at: t.app.now() });
    const forged = await post(body, { ...signedHeaders(body), [CALLBACK_HEADER.signature]: 'ab'.repeat(32) });
    expect(forged.statusCode).toBe(401);
    expect((await post(body, {})).statusCode).toBe(401);
    const old = String(t.app.now() - 10 * 60 * 1000);
    expect((await post(body, signedHeaders(body, old))).statusCode).toBe(401);
    // The signature covers the body: the same headers on another body fail.
    const other = body.replace('refused', 'revoked');
    expect((await post(other, signedHeaders(body))).statusCode).toBe(401);
    expect((await contractRow(id)).status).toBe('signing');
    expect(t.logs.events('esign.callback.rejected').length).toBeGreaterThanOrEqual(4);
  });

  it('applies a callback once: a replay answers 200 and changes nothing, and a final state stays final', async () => {
    const { id, flowId } = await signingContract();
    const body = JSON.stringify({ eventId: 'evt-refuse-1', flowId, status: 'refused', at: t.app.now() });
    const applied = await post(body, signedHeaders(body));
    expect(applied.statusCode).toBe(200);
    expect(applied.json()).toMatchObject({ msg: 'applied' });
    expect((await contractRow(id)).status).toBe(CONTRACT_STATUS.refused);

    t.clock.advance(1000);
    const replay = await post(body, signedHeaders(body));
    expect(replay.statusCode).toBe(200);
    expect(replay.json()).toMatchObject({ msg: 'replay' });
    const events = await t.app.db
      .selectFrom('esign_callback_events')
      .selectAll()
      .where('flow_id', '=', flowId)
      .execute();
    expect(events).toHaveLength(1);

    const later = JSON.stringify({ eventId: 'evt-complete-1', flowId, status: 'complete', at: t.app.now() });
    expect((await post(later, signedHeaders(later))).json()).toMatchObject({ msg: 'stale' });
    expect((await contractRow(id)).status).toBe(CONTRACT_STATUS.refused);
  });

  it('retries an unanswered callback until it is answered 2xx', async () => {
    const sandboxEsign = t.app.adapters.esign as unknown as { deliverTo(d: unknown): void };
    const { flowId } = await signingContract();
    const calls: number[] = [];
    const inject = t.app.inject.bind(t.app);
    sandboxEsign.deliverTo(async (body: string, headers: Record<string, string>) => {
      calls.push(t.app.now());
      if (calls.length < 3) return 503;
      return (await inject({ method: 'POST', url: ECONTRACT_URL.callback, payload: body, headers }))
        .statusCode;
    });
    const flowsGateway = t.app.adapters.esign as unknown as { revoke(id: string): Promise<void> };
    await t.app.db
      .insertInto('sandbox_esign_flows')
      .values({
        flow_id: flowId,
        account_id: 'x',
        status: 'signing',
        file_key: 'contracts/x.pdf',
        signed_file_key: null,
        field: '{}',
        title: 't',
        expires_at: t.app.now() + 1e9,
        created_at: t.app.now(),
        updated_at: t.app.now(),
      })
      .execute();
    await flowsGateway.revoke(flowId);
    await vi.waitFor(() => expect(calls.length).toBe(1));
    // The next tries wait 2 s, then 4 s.
    for (const wait of [2000, 4000]) {
      t.clock.advance(wait);
      (t.app.adapters.esign as unknown as { worker: { kick(): void } }).worker.kick();
      await vi.waitFor(() => expect(calls.length).toBeGreaterThanOrEqual(wait === 2000 ? 2 : 3));
    }
    await vi.waitFor(async () => {
      const row = await t.app.db
        .selectFrom('contracts')
        .select('status')
        .where('flow_id', '=', flowId)
        .executeTakeFirstOrThrow();
      expect(row.status).toBe('revoked');
    });
    // Marked delivered once the platform's answer is back (a moment after the platform applied it).
    await vi.waitFor(async () => {
      const outbox = await t.app.db
        .selectFrom('sandbox_esign_callbacks')
        .selectAll()
        .where('flow_id', '=', flowId)
        .execute();
      expect(outbox.map((row) => [row.status, row.attempts])).toEqual([['done', 3]]);
    });
  });
});

describe('cancelling a signing authorisation', () => {
  let app: TestApp;
  let token = '';
  beforeAll(async () => {
    app = await startApp();
    token = (await signIn(app.app, OWNER_SH)).access_token;
    const first = await openAccount(app.app, token);
    expect(first.statusCode).toBe(406);
    await sendSms(app.app, OWNER_SH, { accessToken: token });
    expect(
      (await openAccount(app.app, token, withCode(await latestCode(app.app, OWNER_SH)))).statusCode,
    ).toBe(200);
    // The worker is stopped: the record stays pending, as it does while the node is busy.
    await app.app.contractSignWorker.stop();
  });
  afterAll(async () => {
    await app.app.close();
  });

  it('cancels what has not begun, once; the contracts stay unsigned', async () => {
    const contract = await draftAgreement(app.app, DEMO_ORGS.shanghai.id);
    const signed = await batchSignWithQr(app.app, token, userIdOf(OWNER_SH), { contractIds: [contract.id] });
    expect(signed.statusCode, signed.body).toBe(200);
    const { recordId } = dataOf<SignRecord>(signed);
    const cancel = () => authed(app.app, 'POST', `${ECONTRACT_URL.cancelRecord}?recordId=${recordId}`, token);
    const cancelled = await cancel();
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(dataOf<SignRecord>(cancelled)).toMatchObject({
      status: 'cancelled',
      items: [{ status: 'cancelled' }],
    });
    const again = await cancel();
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ code: 'SIGN_RECORD_FINISHED' });
    const file = await app.app.adapters.files.get(`contracts/${contract.id}.pdf`);
    expect(pdfsig(await buffer(file!.stream))).not.toContain('Signature is Valid');
    const other = (await signIn(app.app, OWNER_HZ)).access_token;
    expect(
      (await authed(app.app, 'GET', `${ECONTRACT_URL.recordResult}?recordId=${recordId}`, other)).statusCode,
    ).toBe(404);
  });

  it('pages the sign records newest first, each with its own contracts in batch order, to the organisation only', async () => {
    const [a, b, c] = [
      await draftAgreement(app.app, DEMO_ORGS.shanghai.id),
      await draftAgreement(app.app, DEMO_ORGS.shanghai.id),
      await draftAgreement(app.app, DEMO_ORGS.shanghai.id),
    ];
    app.clock.advance(1000);
    const older = dataOf<SignRecord>(
      await batchSignWithQr(app.app, token, userIdOf(OWNER_SH), { contractIds: [b!.id, a!.id] }),
    );
    app.clock.advance(1000);
    const newer = dataOf<SignRecord>(
      await batchSignWithQr(app.app, token, userIdOf(OWNER_SH), { contractIds: [c!.id] }),
    );
    const page = dataOf<Page<SignRecord>>(
      await authed(app.app, 'GET', `${ECONTRACT_URL.records}?page=0&size=2`, token),
    );
    expect(page.totalElements).toBeGreaterThanOrEqual(2);
    expect(page.content.map((r) => [r.recordId, r.total, r.items.map((i) => i.contractId)])).toEqual([
      [newer.recordId, 1, [c!.id]],
      [older.recordId, 2, [b!.id, a!.id]],
    ]);
    expect(page.content[1]!.items.map((i) => i.contractNo)).toEqual([b!.contractNo, a!.contractNo]);
    const other = (await signIn(app.app, OWNER_HZ)).access_token;
    const theirs = dataOf<Page<SignRecord>>(
      await authed(app.app, 'GET', `${ECONTRACT_URL.records}?page=0&size=10`, other),
    );
    expect(theirs).toMatchObject({ content: [], totalElements: 0 });
  });
});
