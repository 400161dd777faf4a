import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EsignBankTransferGateway } from '../../../src/adapters/bank-transfer/esign';
import { EsignESignGateway } from '../../../src/adapters/e-sign/esign';
import { ESignProviderFault, type FlowEvent, type ProviderFiles } from '../../../src/adapters/e-sign/gateway';
import { EsignIdentityGateway } from '../../../src/adapters/identity/esign';
import { type ApiFailure } from '../../../src/lib/errors';
import {
  checkEsignCallback,
  contentMd5,
  esignCallbackSignature,
  esignStringToSign,
  EsignOpenApi,
  signedHeaders,
  sortedPathAndQuery,
} from '../../../src/lib/esign-open-api';
import { startFakeEsign, type FakeEsign } from '../../support/fake-esign';

describe("e签宝's request signature: the documentation's example", () => {
  it('builds the string to sign of the signature tool example', () => {
    // open.esign.cn's signature tool: an empty body, a GET with one query parameter.
    const md5 = contentMd5('');
    expect(md5).toBe('1B2M2Y8AsgTpgAmY7PhCfg==');
    expect(
      esignStringToSign({
        method: 'GET',
        accept: '*/*',
        contentMd5: md5,
        contentType: 'application/json;charset=UTF-8',
        pathAndQuery: '/v1/signflows/1234567/executeUrl?accountId=438be8042d9843118cbca94f17dc',
      }),
    ).toBe(
      'GET\n*/*\n1B2M2Y8AsgTpgAmY7PhCfg==\napplication/json;charset=UTF-8\n\n' +
        '/v1/signflows/1234567/executeUrl?accountId=438be8042d9843118cbca94f17dc',
    );
  });

  it('sorts the query by name and leaves the values as sent', () => {
    expect(sortedPathAndQuery('/v3/x?pageSize=20&orgId=a%2Fb&pageNum=1')).toBe(
      '/v3/x?orgId=a%2Fb&pageNum=1&pageSize=20',
    );
    expect(sortedPathAndQuery('/v3/x')).toBe('/v3/x');
  });

  it('signs a JSON body with its Content-MD5 and omits both without a body', () => {
    const body = Buffer.from('{"amount":0.51}');
    const headers = signedHeaders({ appId: 'app', appSecret: 'secret' }, 'PUT', '/p', body, 1700000000000);
    expect(headers['Content-MD5']).toBe(contentMd5(body));
    expect(headers['X-Tsign-Open-Auth-Mode']).toBe('Signature');
    expect(headers['X-Tsign-Open-Ca-Timestamp']).toBe('1700000000000');
    const get = signedHeaders({ appId: 'app', appSecret: 'secret' }, 'GET', '/p', undefined, 1700000000000);
    expect(get['Content-MD5']).toBeUndefined();
    expect(get['X-Tsign-Open-Ca-Signature']).not.toBe(headers['X-Tsign-Open-Ca-Signature']);
  });
});

describe("e签宝's callback signature", () => {
  const secret = 'app-secret';
  const body = Buffer.from('{"action":"SIGN_FLOW_COMPLETE","signFlowId":"f1","signFlowStatus":"2"}');
  const now = 1713508339505;
  const headersFor = (timestamp: string, signature: string) => ({
    'x-tsign-open-timestamp': timestamp,
    'x-tsign-open-signature': signature,
  });

  it('is the hex HMAC-SHA256 of the timestamp, the query values in name order and the raw body', () => {
    const signature = esignCallbackSignature(secret, String(now), { b: '2', a: '1' }, body);
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    // The same as signing the concatenation by hand: timestamp, a's value, b's value, body.
    expect(signature).toBe(esignCallbackSignature(secret, `${now}12`, {}, body));
    expect(
      checkEsignCallback(secret, headersFor(String(now), signature), { a: '1', b: '2' }, body, now),
    ).toBe('ok');
  });

  it('refuses a missing header, a stale timestamp, and a changed byte', () => {
    const signature = esignCallbackSignature(secret, String(now), {}, body);
    expect(checkEsignCallback(secret, {}, {}, body, now)).toBe('missing');
    expect(
      checkEsignCallback(secret, headersFor(String(now), signature), {}, body, now + 16 * 60 * 1000),
    ).toBe('stale');
    const changed = Buffer.from(body.toString().replace('"2"', '"7"'));
    expect(checkEsignCallback(secret, headersFor(String(now), signature), {}, changed, now)).toBe(
      'bad-signature',
    );
    expect(checkEsignCallback('another', headersFor(String(now), signature), {}, body, now)).toBe(
      'bad-signature',
    );
  });
});

describe('the e签宝 gateways against a fake open API', () => {
  let fake: FakeEsign;
  let api: EsignOpenApi;

  beforeEach(async () => {
    fake = await startFakeEsign();
    api = new EsignOpenApi({
      baseUrl: fake.baseUrl,
      appId: fake.appId,
      appSecret: fake.appSecret,
      timeoutMs: 500,
      retries: 2,
      backoffMs: 10,
    });
    fake.citizens.set('张明', '11010519491231002X');
    fake.orgs.push({
      name: '杭州未认证贸易有限公司',
      creditCode: '91330100MA2CF7JD8T',
      legalPerson: '王芳',
      realnamed: true,
    });
  });
  afterEach(async () => fake.close());

  it('checks an identity: match, mismatch, and 503 when the gateway refuses our signature', async () => {
    const identity = new EsignIdentityGateway(api);
    expect(await identity.check('张明', '11010519491231002X')).toBe('match');
    expect(await identity.check('李华', '11010519491231002X')).toBe('mismatch');
    const wrongSecret = new EsignIdentityGateway(new EsignOpenApi({ ...api.options, appSecret: 'wrong' }));
    const failure = (await wrongSecret
      .check('张明', '11010519491231002X')
      .catch((e: unknown) => e)) as ApiFailure;
    expect(failure.status).toBe(503);
    expect(fake.refusedSignatures).toBe(1);
  });

  it('retries a comparison that met a 503, and gives up with 503 when the provider stays away', async () => {
    const identity = new EsignIdentityGateway(api);
    fake.faults.push({ path: 'individual/base', kind: 'unavailable' });
    expect(await identity.check('张明', '11010519491231002X')).toBe('match');
    await fake.close();
    const failure = (await identity
      .check('张明', '11010519491231002X')
      .catch((e: unknown) => e)) as ApiFailure;
    expect(failure.status).toBe(503);
  });

  const order = (accountNo: string, legalPerson = '王芳') => ({
    reference: 'ver-1',
    holder: { name: '杭州未认证贸易有限公司', creditCode: '91330100MA2CF7JD8T', legalPerson },
    accountName: '杭州未认证贸易有限公司',
    accountNo,
    bankName: '中国银行',
    branchNo: '104331000010',
    branchName: '中国银行股份有限公司杭州中大支行',
    province: '浙江省',
    city: '杭州市',
  });

  it('authenticates by transfer: e签宝 keeps the amount and compares what is typed', async () => {
    const transfers = new EsignBankTransferGateway(api, () => 1000);
    const receipt = await transfers.requestTransfer(order('6216600000001234'));
    expect(receipt).toMatchObject({ amountFen: null, arrivesAt: 1000 });
    const paid = fake.paid.get(receipt.transferId) ?? 0;
    const wrong = paid === 99 ? 98 : paid + 1;
    expect(await transfers.checkAmount(receipt.transferId, wrong)).toBe('mismatch');
    expect(await transfers.checkAmount(receipt.transferId, paid)).toBe('match');
    // The flow has ended: a late second check is told so.
    expect(await transfers.checkAmount(receipt.transferId, paid)).toBe('failed');
    expect(fake.calls).toContain(
      `PUT /v2/identity/auth/pub/organization/${receipt.transferId}/verifyRandomAmount`,
    );
  });

  it('gives the transfer up after too many wrong amounts on its side', async () => {
    const transfers = new EsignBankTransferGateway(api, () => 1000);
    const { transferId } = await transfers.requestTransfer(order('6216600000001234'));
    const paid = fake.paid.get(transferId) ?? 0;
    const wrong = paid === 99 ? 98 : paid + 1;
    for (let i = 0; i < 3; i++) expect(await transfers.checkAmount(transferId, wrong)).toBe('mismatch');
    expect(await transfers.checkAmount(transferId, wrong)).toBe('failed');
  });

  it('refuses a holder e签宝 cannot match before paying anything, and reports a payment the bank refused', async () => {
    const transfers = new EsignBankTransferGateway(api, () => 1000);
    const refused = (await transfers
      .requestTransfer(order('6216600000001234', '赵六'))
      .catch((e: unknown) => e)) as ApiFailure;
    expect(refused.status).toBe(409);
    expect(fake.paid.size).toBe(0);
    const failed = await transfers.requestTransfer(order('6216600000000000'));
    expect(failed.arrivesAt).toBeNull();
  });

  it('does not pay twice: a transfer whose answer timed out is not sent again', async () => {
    const transfers = new EsignBankTransferGateway(api, () => 1000);
    fake.faults.push({ path: 'transferRandomAmount', kind: 'slow', ms: 800 });
    const failure = (await transfers
      .requestTransfer(order('6216600000001234'))
      .catch((e: unknown) => e)) as ApiFailure;
    expect(failure.status).toBe(503);
    await new Promise((resolve) => setTimeout(resolve, 900));
    expect(fake.calls.filter((c) => c.endsWith('transferRandomAmount'))).toHaveLength(1);
  });

  describe('sign flows', () => {
    const stored = new Map<string, Buffer>();
    const files: ProviderFiles = {
      read: async (key) => stored.get(key) ?? null,
      write: async (key, bytes) => void stored.set(key, Buffer.from(bytes)),
    };
    const pdf = Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF\n');
    const field = { party: 0, page: 1, rect: [100, 200, 200, 300] as [number, number, number, number] };
    let gateway: EsignESignGateway;
    let events: FlowEvent[];

    beforeEach(() => {
      stored.clear();
      stored.set('contracts/c1.pdf', pdf);
      events = [];
      gateway = new EsignESignGateway({
        api,
        files,
        notifyUrl: 'https://bills.example.com/api/edoc/callback',
        fileCheckIntervalMs: 10,
      });
      fake.deliver = async (_url, body, headers) => {
        const reading = await gateway.readCallback({
          headers: Object.fromEntries(Object.entries(headers).map(([k, v]) => [k.toLowerCase(), v])),
          query: {},
          rawBody: Buffer.from(body),
          now: Date.now(),
        });
        if (reading.kind === 'event') events.push(reading.event);
        return reading.kind === 'rejected' ? 401 : 200;
      };
    });

    const until = async (check: () => boolean) => {
      for (let i = 0; i < 100 && !check(); i++) await new Promise((resolve) => setTimeout(resolve, 10));
    };

    it('opens the account of an organisation authenticated there, the contract seal first', async () => {
      const opened = await gateway.openAccount({
        name: '杭州未认证贸易有限公司',
        creditCode: '91330100MA2CF7JD8T',
      });
      expect(opened.accountId).toBe('org-91330100MA2CF7JD8T');
      expect(opened.seals.map((s) => s.template)).toEqual(['contract38', 'official40']);
      const unknown = (await gateway
        .openAccount({ name: '无名公司', creditCode: '91110000000000000X' })
        .catch((e: unknown) => e)) as ApiFailure;
      expect(unknown.status).toBe(409);
    });

    /** A flow of the Hangzhou organisation's account on the contract, started (draft) and not signed. */
    const drafted = async () => {
      const { accountId, seals } = await gateway.openAccount({
        name: '杭州未认证贸易有限公司',
        creditCode: '91330100MA2CF7JD8T',
      });
      const { flowId } = await gateway.startFlow({
        accountId,
        title: '服务协议',
        fileKey: 'contracts/c1.pdf',
        field,
        expiresAt: Date.now() + 86_400_000,
      });
      return { flowId, accountId, sealId: seals[0]?.sealId ?? '' };
    };

    it('uploads, signs with the chosen seal at the field, and reads the signed callback with the signed file', async () => {
      const { flowId, accountId, sealId } = await drafted();
      expect(await gateway.flowStatus(flowId)).toBe('draft');
      await gateway.sign({ flowId, accountId, sealId, field });
      // A retried sign of a started flow adds nothing.
      await gateway.sign({ flowId, accountId, sealId, field });
      await until(() => events.length > 0);
      expect(fake.flows.get(flowId)?.fields).toEqual([
        { orgId: accountId, sealId, page: '2', x: 150, y: 250, autoSign: true },
      ]);
      expect(events).toEqual([
        expect.objectContaining({ eventId: `esign:${flowId}:complete`, flowId, status: 'complete' }),
      ]);
      const signed = stored.get(events[0]?.signedFileKey ?? '');
      expect(signed?.subarray(0, pdf.length)).toEqual(pdf);
      expect(signed?.toString()).toContain('%esign-fake signed');
    });

    it('revokes a flow and hears of it; revoking an ended flow is not an error', async () => {
      const { flowId } = await drafted();
      await gateway.revoke(flowId);
      await until(() => events.length > 0);
      expect(events[0]).toMatchObject({ flowId, status: 'revoked' });
      await gateway.revoke(flowId);
    });

    it('asks where a flow ended with signed requests: signed, its file fetched; revoked; not ended, null', async () => {
      const { flowId, accountId, sealId } = await drafted();
      const asked = fake.calls.length;
      expect(await gateway.flowEnd(flowId)).toBeNull();
      expect(fake.calls.slice(asked)).toEqual([`GET /v3/sign-flow/${flowId}/detail`]);

      await gateway.sign({ flowId, accountId, sealId, field });
      await until(() => events.length > 0);
      // The callback's fetch of the signed file is forgotten: the question fetches it again.
      stored.delete(events[0]?.signedFileKey ?? '');
      const before = fake.calls.length;
      const end = await gateway.flowEnd(flowId);
      // Named as its callback names it, so the callback and the answer to this question apply once.
      expect(end).toEqual({
        eventId: `esign:${flowId}:complete`,
        flowId,
        status: 'complete',
        at: expect.any(Number) as number,
        signedFileKey: `esign/${flowId}/signed.pdf`,
      });
      expect(end?.eventId).toBe(events[0]?.eventId);
      expect(fake.calls.slice(before)).toEqual([
        `GET /v3/sign-flow/${flowId}/detail`,
        `GET /v3/sign-flow/${flowId}/file-download-url`,
      ]);
      expect(stored.get(`esign/${flowId}/signed.pdf`)?.toString()).toContain('%esign-fake signed');
      // The fake gateway checked every request's signature (401 otherwise): none was refused.
      expect(fake.refusedSignatures).toBe(0);

      const other = await drafted();
      await gateway.revoke(other.flowId);
      expect(await gateway.flowEnd(other.flowId)).toEqual({
        eventId: `esign:${other.flowId}:revoked`,
        flowId: other.flowId,
        status: 'revoked',
        at: expect.any(Number) as number,
      });
    });

    it('fails a flow it cannot ask after with 503, keeping the code e签宝 answered or how the call failed', async () => {
      const faultOf = (flowId: string, from = gateway) =>
        from.flowEnd(flowId).then(
          () => null,
          (error: unknown) => error,
        );
      // e签宝 answers the question with its error: the flow is unknown there.
      const unknown = await faultOf('flow-nobody-started');
      expect(unknown).toBeInstanceOf(ESignProviderFault);
      expect(unknown).toMatchObject({ status: 503, code: 'SERVICE_UNAVAILABLE', providerCode: '1437102' });

      // Signed with another secret: the gateway refuses it (401) before e签宝 reads it.
      const { flowId } = await drafted();
      const wrongSecret = new EsignESignGateway({
        api: new EsignOpenApi({ ...api.options, appSecret: 'not-the-secret' }),
        files,
        notifyUrl: 'https://bills.example.com/api/edoc/callback',
      });
      expect(await faultOf(flowId, wrongSecret)).toMatchObject({ status: 503, providerCode: '401' });
      expect(fake.refusedSignatures).toBe(1);

      // Unavailable on every try (the first and two retries).
      for (let i = 0; i < 3; i++) fake.faults.push({ path: `${flowId}/detail`, kind: 'unavailable' });
      expect(await faultOf(flowId)).toMatchObject({ status: 503, providerCode: 'http-503' });
      expect(fake.faults).toEqual([]);
    });

    it('refuses a callback signed with another secret, and ignores a signer step', async () => {
      const body = Buffer.from('{"action":"SIGN_FLOW_COMPLETE","signFlowId":"x","signFlowStatus":"2"}');
      const timestamp = String(Date.now());
      const forged = await gateway.readCallback({
        headers: {
          'x-tsign-open-timestamp': timestamp,
          'x-tsign-open-signature': esignCallbackSignature('not-the-secret', timestamp, {}, body),
        },
        query: {},
        rawBody: body,
        now: Date.now(),
      });
      expect(forged).toEqual({ kind: 'rejected', reason: 'bad-signature' });
      const step = Buffer.from('{"action":"SIGN_MISSON_COMPLETE","signFlowId":"x","signResult":2}');
      const heard = await gateway.readCallback({
        headers: {
          'x-tsign-open-timestamp': timestamp,
          'x-tsign-open-signature': esignCallbackSignature(fake.appSecret, timestamp, {}, step),
        },
        query: {},
        rawBody: step,
        now: Date.now(),
      });
      expect(heard).toEqual({ kind: 'ignored' });
    });
  });

  it('never sends a float for money: the typed amount goes as its exact decimal', async () => {
    const transfers = new EsignBankTransferGateway(api, () => 1000);
    const { transferId } = await transfers.requestTransfer(order('6216600000001234'));
    fake.paid.set(transferId, 7);
    expect(await transfers.checkAmount(transferId, 7)).toBe('match');
  });
});
