import crypto from 'node:crypto';
import {
  callProvider,
  reportProviderRefusal,
  UNCOUNTED,
  type ProviderAnswer,
  type ProviderCallObserver,
  type ProviderHttpOptions,
  type RetryPolicy,
} from './provider-http';

/**
 * The wire of e签宝's open API (the identity, transfer-authentication and e-sign adapters share it): the
 * request signature of its gateway and the signature of its callbacks.
 *
 * A request carries X-Tsign-Open-App-Id, X-Tsign-Open-Auth-Mode `Signature`, X-Tsign-Open-Ca-Timestamp
 * (epoch ms, good for 15 minutes), Content-MD5 (base64 of the body's MD5 digest, empty without a body) and
 * X-Tsign-Open-Ca-Signature: base64 HMAC-SHA256, keyed with the app secret, of
 * `METHOD\nAccept\nContent-MD5\nContent-Type\nDate\n` + the path with its query sorted by name. Answers are
 * JSON `{ code, message, data }`, code 0 for success; the gateway answers 401 to a bad signature.
 *
 * A callback carries X-Tsign-Open-TIMESTAMP and X-Tsign-Open-SIGNATURE: hex HMAC-SHA256, keyed with the
 * same secret, of the timestamp, the query's values in the order of their sorted names, and the raw body.
 */
export interface EsignOpenApiOptions {
  /** `https://openapi.esign.cn` (production) or `https://smlopenapi.esign.cn` (e签宝's sandbox). */
  baseUrl: string;
  appId: string;
  appSecret: string;
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
}

export const ESIGN_PROVIDER = 'esign';
const ACCEPT = '*/*';
const JSON_TYPE = 'application/json; charset=UTF-8';
/** A callback whose timestamp is further than this from our clock is refused (e签宝's own request window). */
export const ESIGN_CALLBACK_WINDOW_MS = 15 * 60 * 1000;

export const ESIGN_HEADER = {
  appId: 'X-Tsign-Open-App-Id',
  authMode: 'X-Tsign-Open-Auth-Mode',
  timestamp: 'X-Tsign-Open-Ca-Timestamp',
  signature: 'X-Tsign-Open-Ca-Signature',
  callbackTimestamp: 'x-tsign-open-timestamp',
  callbackSignature: 'x-tsign-open-signature',
} as const;

export function contentMd5(body: Buffer | string): string {
  return crypto.createHash('md5').update(body).digest('base64');
}

/** The path with its query parameters sorted by name (ASCII), values as they are sent. */
export function sortedPathAndQuery(pathAndQuery: string): string {
  const at = pathAndQuery.indexOf('?');
  if (at < 0) return pathAndQuery;
  const pairs = pathAndQuery
    .slice(at + 1)
    .split('&')
    .filter(Boolean)
    .sort((a, b) => {
      const [ka = ''] = a.split('=');
      const [kb = ''] = b.split('=');
      return ka < kb ? -1 : ka > kb ? 1 : 0;
    });
  return `${pathAndQuery.slice(0, at)}?${pairs.join('&')}`;
}

export interface StringToSignParts {
  method: string;
  accept: string;
  contentMd5: string;
  contentType: string;
  date?: string;
  pathAndQuery: string;
}

export function esignStringToSign(parts: StringToSignParts): string {
  return [
    parts.method.toUpperCase(),
    parts.accept,
    parts.contentMd5,
    parts.contentType,
    parts.date ?? '',
    sortedPathAndQuery(parts.pathAndQuery),
  ].join('\n');
}

export function esignSignature(secret: string, stringToSign: string): string {
  return crypto.createHmac('sha256', secret).update(stringToSign, 'utf8').digest('base64');
}

/** The signed headers of one request. */
export function signedHeaders(
  options: Pick<EsignOpenApiOptions, 'appId' | 'appSecret'>,
  method: string,
  pathAndQuery: string,
  body: Buffer | undefined,
  timestamp: number,
): Record<string, string> {
  const md5 = body ? contentMd5(body) : '';
  const contentType = body ? JSON_TYPE : '';
  const signature = esignSignature(
    options.appSecret,
    esignStringToSign({ method, accept: ACCEPT, contentMd5: md5, contentType, pathAndQuery }),
  );
  return {
    [ESIGN_HEADER.appId]: options.appId,
    [ESIGN_HEADER.authMode]: 'Signature',
    [ESIGN_HEADER.timestamp]: String(timestamp),
    [ESIGN_HEADER.signature]: signature,
    Accept: ACCEPT,
    ...(body ? { 'Content-MD5': md5, 'Content-Type': contentType } : {}),
  };
}

/** The query's values, in the order of their sorted names, as e签宝 concatenates them for a callback. */
export function callbackQueryValues(query: Record<string, string | string[] | undefined>): string {
  return Object.keys(query)
    .sort()
    .map((name) => {
      const value = query[name];
      return Array.isArray(value) ? (value[0] ?? '') : (value ?? '');
    })
    .join('');
}

export function esignCallbackSignature(
  secret: string,
  timestamp: string,
  query: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
): string {
  return crypto
    .createHmac('sha256', secret)
    .update(timestamp)
    .update(callbackQueryValues(query))
    .update(rawBody)
    .digest('hex');
}

export type EsignCallbackCheck = 'ok' | 'missing' | 'stale' | 'bad-signature';

/** Checks a callback's headers: both present, the timestamp within the window, the signature in constant time. */
export function checkEsignCallback(
  secret: string,
  headers: Record<string, string | string[] | undefined>,
  query: Record<string, string | string[] | undefined>,
  rawBody: Buffer,
  now: number,
): EsignCallbackCheck {
  const timestamp = headers[ESIGN_HEADER.callbackTimestamp];
  const signature = headers[ESIGN_HEADER.callbackSignature];
  if (typeof timestamp !== 'string' || typeof signature !== 'string') return 'missing';
  if (!/^\d{13}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > ESIGN_CALLBACK_WINDOW_MS)
    return 'stale';
  if (!/^[0-9a-fA-F]{64}$/.test(signature)) return 'bad-signature';
  const expected = Buffer.from(esignCallbackSignature(secret, timestamp, query, rawBody), 'hex');
  return crypto.timingSafeEqual(expected, Buffer.from(signature.toLowerCase(), 'hex'))
    ? 'ok'
    : 'bad-signature';
}

/** e签宝 answered, with a non-zero code: it refused what was asked. */
export class EsignRefusal extends Error {
  constructor(
    readonly operation: string,
    readonly code: number,
    readonly providerMessage: string,
  ) {
    super(`esign ${operation}: ${code} ${providerMessage}`);
  }
}

export interface EsignAnswer<T> {
  code: number;
  message: string;
  data: T;
}

/** Signed calls to e签宝's open API. */
export class EsignOpenApi {
  private readonly http: ProviderHttpOptions;
  private readonly base: string;

  constructor(
    readonly options: EsignOpenApiOptions,
    private readonly now: () => number = Date.now,
    observer: ProviderCallObserver = UNCOUNTED,
  ) {
    this.base = options.baseUrl.replace(/\/$/, '');
    this.http = {
      provider: ESIGN_PROVIDER,
      observer,
      timeoutMs: options.timeoutMs ?? 10_000,
      retries: options.retries ?? 2,
      backoffMs: options.backoffMs ?? 300,
    };
  }

  /**
   * One call. Answers the whole answer (callers branch on `code`); throws ProviderUnavailable when the
   * gateway could not be reached or refused the request itself (401, another 4xx or 5xx without JSON).
   */
  async call<T>(
    operation: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    pathAndQuery: string,
    /** An object to serialise, or JSON text as it is to be sent (a decimal amount written exactly). */
    payload: object | string | undefined,
    policy: RetryPolicy,
  ): Promise<EsignAnswer<T>> {
    const text = typeof payload === 'string' || payload === undefined ? payload : JSON.stringify(payload);
    const body = text === undefined ? undefined : Buffer.from(text, 'utf8');
    const headers = signedHeaders(this.options, method, pathAndQuery, body, this.now());
    const answer = await callProvider(
      this.http,
      operation,
      { method, url: `${this.base}${pathAndQuery}`, headers, body },
      policy,
    );
    return parseAnswer<T>(this.http, operation, answer);
  }

  /** Like `call`, but a non-zero code is thrown as EsignRefusal. */
  async data<T>(
    operation: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    pathAndQuery: string,
    payload: object | string | undefined,
    policy: RetryPolicy,
  ): Promise<T> {
    const answer = await this.call<T>(operation, method, pathAndQuery, payload, policy);
    if (answer.code !== 0) throw refusal(this.http, operation, answer);
    return answer.data;
  }

  /**
   * A file to or from e签宝's storage (an address it handed out): unsigned, the bytes as they are. Putting
   * the same bytes again, or reading again, changes nothing, so either is retried.
   */
  async transfer(
    operation: string,
    method: 'GET' | 'PUT',
    url: string,
    headers: Record<string, string>,
    body?: Buffer,
  ): Promise<ProviderAnswer> {
    return callProvider(this.http, operation, { method, url, headers, body }, 'always');
  }

  checkCallback(
    headers: Record<string, string | string[] | undefined>,
    query: Record<string, string | string[] | undefined>,
    rawBody: Buffer,
    now: number,
  ): EsignCallbackCheck {
    return checkEsignCallback(this.options.appSecret, headers, query, rawBody, now);
  }
}

function refusal(http: ProviderHttpOptions, operation: string, answer: EsignAnswer<unknown>): EsignRefusal {
  reportProviderRefusal(http, operation);
  return new EsignRefusal(operation, answer.code, answer.message);
}

function parseAnswer<T>(
  http: ProviderHttpOptions,
  operation: string,
  answer: ProviderAnswer,
): EsignAnswer<T> {
  let parsed: Partial<EsignAnswer<T>> | null = null;
  try {
    parsed = JSON.parse(answer.body.toString('utf8')) as Partial<EsignAnswer<T>>;
  } catch {
    parsed = null;
  }
  if (answer.status !== 200 || !parsed || typeof parsed.code !== 'number') {
    reportProviderRefusal(http, operation);
    throw new EsignRefusal(operation, answer.status, parsed?.message ?? `HTTP ${answer.status}`);
  }
  return { code: parsed.code, message: parsed.message ?? '', data: parsed.data as T };
}
