import crypto from 'node:crypto';
import { API_ERROR } from '@contract/errors';
import { fail } from '../../lib/errors';
import {
  callProvider,
  ProviderUnavailable,
  reportProviderRefusal,
  UNCOUNTED,
  type ProviderCallObserver,
  type ProviderHttpOptions,
} from '../../lib/provider-http';
import { smsUnavailable, type SmsGateway, type SmsMessage } from './gateway';

/**
 * Aliyun's Short Message Service (dysmsapi, API version 2017-05-25), action SendSms, signed as Aliyun's RPC
 * APIs are (signature version 1.0, HMAC-SHA1): every parameter but Signature sorted by name and
 * percent-encoded, the string to sign `METHOD&%2F&<the encoded query>`, the key the AccessKey secret and `&`.
 */
export interface AliyunSmsOptions {
  /** `https://dysmsapi.aliyuncs.com` in production; the tests point it at a fake. */
  endpoint: string;
  accessKeyId: string;
  accessKeySecret: string;
  /** The approved signature (签名) shown in brackets before the text. */
  signName: string;
  /** The approved template of the verification code; its one variable is `${code}`. */
  templateCode: string;
  regionId?: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

const API_VERSION = '2017-05-25';
const PROVIDER = 'aliyun-sms';
/** Aliyun's answer when a SignatureNonce arrives a second time: the first request with it was received. */
const NONCE_USED = 'SignatureNonceUsed';
const ANSWER_OK = 'OK';
/** Per-mobile flow control (Aliyun's minute, hour and day limits on one number). */
const LIMITED = new Set(['isv.BUSINESS_LIMIT_CONTROL', 'isv.DAY_LIMIT_CONTROL']);
const BAD_MOBILE = new Set(['isv.MOBILE_NUMBER_ILLEGAL', 'isv.MOBILE_COUNT_OVER_LIMIT']);
const SMS_LIMITED = '该手机号短信发送过于频繁，请稍后重试';
const SMS_BAD_MOBILE = '手机号格式不正确';
const RETRY_AFTER_SECONDS = 60;

/**
 * RFC 3986 percent-encoding as Aliyun specifies: unreserved characters (A-Z a-z 0-9 - _ . ~) as they are,
 * everything else as %XY of its UTF-8 bytes, a space as %20.
 */
export function percentEncode(value: string): string {
  return encodeURIComponent(value).replace(
    /[!'()*]/g,
    (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** The canonicalised query: every parameter but Signature, sorted by name, `name=value` joined by `&`. */
export function canonicalQuery(params: Record<string, string>): string {
  return Object.keys(params)
    .filter((name) => name !== 'Signature')
    .sort()
    .map((name) => `${percentEncode(name)}=${percentEncode(params[name] ?? '')}`)
    .join('&');
}

export function rpcStringToSign(method: string, params: Record<string, string>): string {
  return `${method}&${percentEncode('/')}&${percentEncode(canonicalQuery(params))}`;
}

/** Base64 HMAC-SHA1 of the string to sign, keyed with the AccessKey secret followed by `&`. */
export function rpcSignature(method: string, params: Record<string, string>, secret: string): string {
  return crypto.createHmac('sha1', `${secret}&`).update(rpcStringToSign(method, params)).digest('base64');
}

/** Aliyun's timestamp: ISO 8601 in UTC to the second. */
const aliyunTimestamp = (ms: number) => new Date(ms).toISOString().replace(/\.\d{3}Z$/, 'Z');

interface SendSmsAnswer {
  Code?: string;
  Message?: string;
  RequestId?: string;
  BizId?: string;
}

export class AliyunSmsGateway implements SmsGateway {
  private readonly http: ProviderHttpOptions;

  constructor(
    private readonly options: AliyunSmsOptions,
    private readonly now: () => number = Date.now,
    observer: ProviderCallObserver = UNCOUNTED,
  ) {
    this.http = {
      provider: PROVIDER,
      observer,
      timeoutMs: options.timeoutMs ?? 5000,
      retries: options.retries ?? 2,
      backoffMs: options.backoffMs ?? 200,
    };
  }

  /**
   * One signed POST; a retry sends the same bytes, nonce included. Aliyun spends a nonce on its first
   * arrival, so a retry of a request that did reach it is answered SignatureNonceUsed and nothing is sent
   * twice: that answer means the first one was taken.
   */
  async send(message: SmsMessage): Promise<void> {
    const params: Record<string, string> = {
      AccessKeyId: this.options.accessKeyId,
      Action: 'SendSms',
      Format: 'JSON',
      PhoneNumbers: message.mobile,
      RegionId: this.options.regionId ?? 'cn-hangzhou',
      SignName: this.options.signName,
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: crypto.randomUUID(),
      SignatureVersion: '1.0',
      TemplateCode: this.options.templateCode,
      TemplateParam: JSON.stringify({ code: message.code }),
      Timestamp: aliyunTimestamp(this.now()),
      Version: API_VERSION,
    };
    const signature = rpcSignature('POST', params, this.options.accessKeySecret);
    const body = Buffer.from(`${canonicalQuery(params)}&Signature=${percentEncode(signature)}`, 'utf8');
    let answer;
    try {
      answer = await callProvider(
        this.http,
        'SendSms',
        {
          method: 'POST',
          url: `${this.options.endpoint.replace(/\/$/, '')}/`,
          headers: {
            'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
            accept: 'application/json',
          },
          body,
        },
        'always',
      );
    } catch (error) {
      if (error instanceof ProviderUnavailable) throw smsUnavailable();
      throw error;
    }
    let parsed: SendSmsAnswer = {};
    try {
      parsed = JSON.parse(answer.body.toString('utf8')) as SendSmsAnswer;
    } catch {
      // A body that is not JSON is a provider fault, answered below as unavailable.
    }
    if (parsed.Code === ANSWER_OK || parsed.Code === NONCE_USED) return;
    reportProviderRefusal(this.http, 'SendSms');
    if (parsed.Code && LIMITED.has(parsed.Code)) {
      throw fail(API_ERROR.rateLimited, SMS_LIMITED, {
        'Retry-After': String(RETRY_AFTER_SECONDS),
      });
    }
    if (parsed.Code && BAD_MOBILE.has(parsed.Code)) {
      throw fail(API_ERROR.badRequest, SMS_BAD_MOBILE);
    }
    throw smsUnavailable();
  }
}
