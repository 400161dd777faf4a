import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  AliyunSmsGateway,
  canonicalQuery,
  percentEncode,
  rpcSignature,
  rpcStringToSign,
} from '../../../src/adapters/sms/aliyun';
import { ApiFailure } from '../../../src/lib/errors';
import { startFakeAliyunSms, type FakeAliyunSms } from '../../support/fake-aliyun-sms';

describe('Aliyun RPC signature: the documentation examples', () => {
  // The signature mechanism page's example: DescribeRegions, AccessKey testid / testsecret.
  const describeRegions = {
    Format: 'XML',
    AccessKeyId: 'testid',
    Action: 'DescribeRegions',
    SignatureMethod: 'HMAC-SHA1',
    SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
    Version: '2014-05-26',
    SignatureVersion: '1.0',
  };

  it('signs DescribeRegions as the documentation does', () => {
    const params = { ...describeRegions, Timestamp: '2016-02-23T12:46:24Z' };
    expect(rpcStringToSign('GET', params)).toBe(
      'GET&%2F&AccessKeyId%3Dtestid%26Action%3DDescribeRegions%26Format%3DXML%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf%26SignatureVersion%3D1.0' +
        '%26Timestamp%3D2016-02-23T12%253A46%253A24Z%26Version%3D2014-05-26',
    );
    expect(rpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
    // The older edition of the page spells the parameter TimeStamp, and gets another signature.
    const older = { ...describeRegions, TimeStamp: '2016-02-23T12:46:24Z' };
    expect(rpcSignature('GET', older, 'testsecret')).toBe('CT9X0VtwR86fNWSnsc6v8YGOjuE=');
  });

  it('signs the SMS documentation example, Chinese signature name included', () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(canonicalQuery(params)).toBe(
      'AccessKeyId=testId&Action=SendSms&Format=XML&OutId=123&PhoneNumbers=15300000001&RegionId=cn-hangzhou' +
        '&SignName=%E9%98%BF%E9%87%8C%E4%BA%91%E7%9F%AD%E4%BF%A1%E6%B5%8B%E8%AF%95%E4%B8%93%E7%94%A8' +
        '&SignatureMethod=HMAC-SHA1&SignatureNonce=45e25e9b-0a6f-4070-8c85-2956eda1b466&SignatureVersion=1.0' +
        '&TemplateCode=SMS_71390007&TemplateParam=%7B%22customer%22%3A%22test%22%7D' +
        '&Timestamp=2017-07-12T02%3A42%3A19Z&Version=2017-05-25',
    );
    expect(rpcSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    // Signature itself is never part of what is signed.
    expect(rpcSignature('GET', { ...params, Signature: 'old' }, 'testSecret')).toBe(
      'zJDF+Lrzhj/ThnlvIToysFRq6t4=',
    );
  });

  it('percent-encodes as RFC 3986 says, not as HTML forms do', () => {
    expect(percentEncode('a b*~-_.')).toBe('a%20b%2A~-_.');
    expect(percentEncode("!'()")).toBe('%21%27%28%29');
    expect(percentEncode('/=&+')).toBe('%2F%3D%26%2B');
  });
});

describe('AliyunSmsGateway against a fake dysmsapi', () => {
  let fake: FakeAliyunSms;
  const gateway = (overrides: { secret?: string; timeoutMs?: number; retries?: number } = {}) =>
    new AliyunSmsGateway({
      endpoint: fake.endpoint,
      accessKeyId: fake.accessKeyId,
      accessKeySecret: overrides.secret ?? fake.accessKeySecret,
      signName: '链票通',
      templateCode: 'SMS_000001',
      timeoutMs: overrides.timeoutMs ?? 1000,
      retries: overrides.retries ?? 2,
      backoffMs: 10,
    });
  const message = { mobile: '13800000001', code: '246810', text: '您的验证码是246810' };

  beforeEach(async () => {
    fake = await startFakeAliyunSms();
  });
  afterEach(async () => fake.close());

  it('sends the code as the template variable, signed and accepted', async () => {
    await gateway().send(message);
    expect(fake.sent).toEqual([
      { mobile: '13800000001', signName: '链票通', templateCode: 'SMS_000001', params: { code: '246810' } },
    ]);
  });

  it('answers 503 when the provider refuses the signature (a wrong secret), and does not retry it', async () => {
    const failure = await gateway({ secret: 'wrong' })
      .send(message)
      .catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ApiFailure);
    expect((failure as ApiFailure).status).toBe(503);
    expect(fake.requests).toBe(1);
    expect(fake.sent).toEqual([]);
  });

  it('answers 429 with Retry-After when Aliyun limits the mobile', async () => {
    fake.faults.push({ kind: 'limited' });
    const failure = (await gateway()
      .send(message)
      .catch((e: unknown) => e)) as ApiFailure;
    expect(failure.status).toBe(429);
    expect(failure.headers['Retry-After']).toBe('60');
  });

  it('retries a 503 and sends once', async () => {
    fake.faults.push({ kind: 'unavailable' });
    await gateway().send(message);
    expect(fake.requests).toBe(2);
    expect(fake.sent).toHaveLength(1);
  });

  it('retries a timeout with the same nonce: the message taken the first time is not sent twice', async () => {
    fake.faults.push({ kind: 'slow', ms: 400 });
    await gateway({ timeoutMs: 150 }).send(message);
    // The first request was taken and timed out; the retry met SignatureNonceUsed, which means delivered.
    expect(fake.requests).toBe(2);
    expect(fake.sent).toHaveLength(1);
  });

  it('answers 503 when the provider cannot be reached at all', async () => {
    await fake.close();
    const failure = (await gateway({ retries: 1 })
      .send(message)
      .catch((e: unknown) => e)) as ApiFailure;
    expect(failure.status).toBe(503);
  });
});
