import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { rpcSignature } from '../../src/adapters/sms/aliyun';

/** One SendSms the fake took: who, which template, which variables. */
export interface FakeSms {
  mobile: string;
  signName: string;
  templateCode: string;
  params: Record<string, string>;
}

/** What the next request gets instead of a normal answer (consumed in order, one per request). */
export type FakeSmsFault =
  /** Answer after this long (past the client's deadline: a timeout), having taken the message first. */
  | { kind: 'slow'; ms: number }
  /** 503 before doing anything. */
  | { kind: 'unavailable' }
  /** Aliyun's flow control for the mobile: HTTP 200, Code isv.BUSINESS_LIMIT_CONTROL. */
  | { kind: 'limited' };

export interface FakeAliyunSms {
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  sent: FakeSms[];
  /** Every request that arrived, answered or not. */
  requests: number;
  faults: FakeSmsFault[];
  close(): Promise<void>;
}

const json = (res: http.ServerResponse, status: number, body: object) => {
  res.writeHead(status, { 'content-type': 'application/json;charset=utf-8' });
  res.end(JSON.stringify(body));
};

/**
 * Aliyun's dysmsapi as its documentation describes it, on 127.0.0.1: POST / with the form-encoded RPC
 * parameters, the HMAC-SHA1 signature checked, SignatureNonce spent on first arrival (SignatureNonceUsed
 * after), timestamps older than 15 minutes refused, and SendSms's JSON answers.
 */
export async function startFakeAliyunSms(now: () => number = Date.now): Promise<FakeAliyunSms> {
  const accessKeyId = 'LTAI-test-key';
  const accessKeySecret = 'fake-aliyun-secret';
  const nonces = new Set<string>();
  const fake: FakeAliyunSms = {
    endpoint: '',
    accessKeyId,
    accessKeySecret,
    sent: [],
    requests: 0,
    faults: [],
    close: async () => {},
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      fake.requests++;
      const fault = fake.faults.shift();
      if (fault?.kind === 'unavailable') return json(res, 503, { Code: 'ServiceUnavailable' });
      const form = new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
      const params = Object.fromEntries(form.entries());
      const requestId = `req-${fake.requests}`;
      if (req.method !== 'POST' || req.url !== '/') return json(res, 404, { Code: 'InvalidAction.NotFound' });
      if (params.AccessKeyId !== accessKeyId)
        return json(res, 404, { Code: 'InvalidAccessKeyId.NotFound', RequestId: requestId });
      const given = params.Signature ?? '';
      if (given !== rpcSignature('POST', params, accessKeySecret))
        return json(res, 400, { Code: 'SignatureDoesNotMatch', RequestId: requestId });
      const at = Date.parse(params.Timestamp ?? '');
      if (!Number.isFinite(at) || Math.abs(now() - at) > 15 * 60 * 1000)
        return json(res, 400, { Code: 'InvalidTimeStamp.Expired', RequestId: requestId });
      const nonce = params.SignatureNonce ?? '';
      if (nonces.has(nonce)) return json(res, 400, { Code: 'SignatureNonceUsed', RequestId: requestId });
      nonces.add(nonce);
      if (params.Action !== 'SendSms' || params.Version !== '2017-05-25' || params.Format !== 'JSON')
        return json(res, 400, { Code: 'InvalidParameter', RequestId: requestId });
      if (fault?.kind === 'limited')
        return json(res, 200, {
          Code: 'isv.BUSINESS_LIMIT_CONTROL',
          Message: '触发分钟级流控',
          RequestId: requestId,
        });
      if (!/^1\d{10}$/.test(params.PhoneNumbers ?? ''))
        return json(res, 200, {
          Code: 'isv.MOBILE_NUMBER_ILLEGAL',
          Message: '非法手机号',
          RequestId: requestId,
        });
      fake.sent.push({
        mobile: params.PhoneNumbers ?? '',
        signName: params.SignName ?? '',
        templateCode: params.TemplateCode ?? '',
        params: JSON.parse(params.TemplateParam ?? '{}') as Record<string, string>,
      });
      const answer = { Code: 'OK', Message: 'OK', BizId: `biz-${fake.requests}`, RequestId: requestId };
      if (fault?.kind === 'slow') setTimeout(() => json(res, 200, answer), fault.ms);
      else json(res, 200, answer);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  fake.endpoint = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  fake.close = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  return fake;
}
