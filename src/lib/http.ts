import { AUTH_URL } from '@contract/auth';
import axios, {
  AxiosError,
  AxiosHeaders,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { v4 as uuidv4 } from 'uuid';
import { BATCH_SIGN_TIMEOUT, DEFAULT_REQUEST_TIMEOUT, GRANT_TYPE, SYSTEM_ROLE } from '@contract/constants';
import { OAUTH_ERROR } from '@contract/errors';
import { env, WEB_CLIENT } from '@/config/env';
import { HEADER } from '@/lib/headers';
import {
  catalogueMessage,
  HTTP_STATUS,
  QUIET_STATUSES,
  showErrorNotice,
  statusMessage,
} from '@/lib/error-messages';
import { createTokenRefresher, type RefreshedTokens } from '@/lib/refresh';
import { endSession } from '@/lib/session';
import { HttpError, type HttpErrorFlags } from '@/lib/http-error';
import { getAccessToken, getAuthInfo, getRequestId, type StoredAuthInfo } from '@/lib/storage';
import { runVerification, VerificationCancelledError, verificationKindOf } from '@/lib/verification';

/** The request layer's bookkeeping of one call across its replays; call sites never set it. */
export interface CallAttempt {
  /** Already replayed after a token refresh: another 401 logs out instead of refreshing again. */
  authReplayed?: boolean;
  /** A replay carrying a verification proof: a refusal goes back to the open dialog, not a new one. */
  verifying?: boolean;
  /** A read asked again after its first try timed out: a second timeout is the call's answer. */
  retriedAfterTimeout?: boolean;
}

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Handle the failure at the call site: no catalogue notice for it. */
    silent?: boolean;
    /** Where an SMS verification of this call goes (a password reset's form); the signed-in user's otherwise. */
    verifyMobile?: string;
    attempt?: CallAttempt;
  }
}

/** One call's settings: axios' own plus the request layer's options (`silent`, `verifyMobile`). */
export type RequestConfig = AxiosRequestConfig;

/** The HTTP result a request that ran out of time becomes (spec section 7). */
export const TIMEOUT_STATUS = HTTP_STATUS.gatewayTimeout;

export { HEADER } from '@/lib/headers';
export const FORMAT_JSON = 'json';

/** Calls a token refresh never serves: the token endpoint itself, and logging out with a dead token. */
const NEVER_REFRESHED: ReadonlySet<string> = new Set([AUTH_URL.token, AUTH_URL.logout]);
const TOKEN_ERRORS: ReadonlySet<string> = new Set([OAUTH_ERROR.invalidToken, OAUTH_ERROR.tokenExpired]);

/** Calls the spec gives 10 s instead of 5 (the captcha fetch passes its own timeout). */
const LONG_CALLS: readonly { url: RegExp; timeout: number }[] = [
  { url: /\/api\/edoc\/contract\/v2\/batch-sign$/, timeout: BATCH_SIGN_TIMEOUT },
];

/** The only axios instance of the app. */
export const http = axios.create({
  baseURL: env.apiBaseUrl,
  timeout: DEFAULT_REQUEST_TIMEOUT,
  // Timeouts surface as ETIMEDOUT, so a user's abort (ECONNABORTED) is never mistaken for one.
  transitional: { clarifyTimeoutError: true },
  // `ids=1&ids=2`, not `ids[]=1`: what the platform's query parsing reads as a list.
  paramsSerializer: { indexes: null },
});

export function commonHeaders(): Record<string, string> {
  const headers: Record<string, string> = {
    [HEADER.systemRole]: String(SYSTEM_ROLE),
    [HEADER.format]: FORMAT_JSON,
    [HEADER.requestId]: getRequestId(),
    [HEADER.channelId]: env.channelId,
  };
  const token = getAccessToken();
  if (token) headers[HEADER.authorization] = `Bearer ${token}`;
  return headers;
}

/** `Basic base64(client_id:client_secret)` of the web app's public client, for `/oauth/token`. */
export function basicClientCredential(): string {
  return `Basic ${btoa(`${WEB_CLIENT.id}:${WEB_CLIENT.secret}`)}`;
}

// ---- marks a failed call carries through the handlers

/** The chain has finished with this failure (its notice shown or deliberately not): later handlers pass it on. */
const HANDLED = Symbol('chain-bill.http.handled');

interface FailureMarks {
  [HANDLED]?: true;
  /** The sign-in could not be renewed (spec section 4). */
  refreshToken?: true;
  /** The user closed the verification dialog. */
  verificationCancelled?: true;
}

const isObject = (value: unknown): value is object => typeof value === 'object' && value !== null;

function marksOf(error: unknown): FailureMarks {
  return isObject(error) ? (error as FailureMarks) : {};
}

function handled<E>(error: E, marks: Omit<FailureMarks, typeof HANDLED> = {}): E {
  if (isObject(error)) Object.assign(error, { [HANDLED]: true }, marks);
  return error;
}

const isHandled = (error: unknown) => marksOf(error)[HANDLED] === true;

// ---- interceptors

/** Headers read fresh for each call (the token and Request-Id change); a header the call set itself wins. */
function attachCommonHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  for (const [name, value] of Object.entries(commonHeaders())) {
    if (!config.headers.has(name)) config.headers.set(name, value);
  }
  return config;
}

const isReadOnly = (method: string | undefined) => ['get', 'head', 'options'].includes(method ?? 'get');

/** Every attempt of a changing call carries one key; its replays keep it, so the server does the work once. */
function attachIdempotencyKey(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  if (!isReadOnly(config.method?.toLowerCase()) && !config.headers.has(HEADER.idempotencyKey)) {
    config.headers.set(HEADER.idempotencyKey, uuidv4());
  }
  return config;
}

function applyLongTimeouts(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  if (config.timeout === DEFAULT_REQUEST_TIMEOUT) {
    const long = LONG_CALLS.find((call) => call.url.test(config.url ?? ''));
    if (long) config.timeout = long.timeout;
  }
  return config;
}

export function isTimeoutError(error: unknown): error is AxiosError {
  return axios.isAxiosError(error) && !error.response && error.code === AxiosError.ETIMEDOUT;
}

/** A timed-out call continues as a 504 answer, so every later handler sees one shape. */
function timeoutAsGatewayTimeout(error: unknown): Promise<never> {
  if (isTimeoutError(error) && error.config) {
    error.response = {
      status: TIMEOUT_STATUS,
      statusText: 'Gateway Timeout',
      data: null,
      headers: {},
      config: error.config,
      request: error.request,
    };
  }
  return Promise.reject(error);
}

function parseJsonText(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(blob);
  });
}

/** Error bodies of text and file calls (DELETE, downloads) read as JSON, so the handlers see `code` and `msg`. */
async function readErrorBody(error: unknown): Promise<never> {
  if (axios.isAxiosError(error) && error.response) {
    const { data } = error.response;
    if (typeof Blob !== 'undefined' && data instanceof Blob) {
      error.response.data = parseJsonText(await blobText(data));
    } else if (typeof data === 'string') {
      error.response.data = parseJsonText(data);
    }
  }
  throw error;
}

function bearerOf(config: InternalAxiosRequestConfig): string | undefined {
  const value = AxiosHeaders.from(config.headers).get(HEADER.authorization);
  return typeof value === 'string' && value.startsWith('Bearer ') ? value.slice('Bearer '.length) : undefined;
}

/** The very same call (method, url, params, body, Idempotency-Key) with some headers replaced. */
function replayOf(
  config: InternalAxiosRequestConfig,
  headers: Record<string, string>,
  attempt: CallAttempt,
): InternalAxiosRequestConfig {
  // A copy: `AxiosHeaders.from` would hand back the refused call's own headers.
  const nextHeaders = new AxiosHeaders(config.headers);
  for (const [name, value] of Object.entries(headers)) nextHeaders.set(name, value);
  return { ...config, headers: nextHeaders, attempt: { ...config.attempt, ...attempt } };
}

const pathOf = (url: string | undefined) => (url ?? '').replace(/^https?:\/\/[^/]+/, '').split('?')[0] ?? '';

function errorCodeOf(body: unknown): string | undefined {
  if (!isObject(body)) return undefined;
  const { error, code } = body as { error?: unknown; code?: unknown };
  return typeof error === 'string' ? error : typeof code === 'string' ? code : undefined;
}

/** `POST /oauth/token` refresh grant (spec section 3: the token refresh payload), never intercepted. */
async function sendRefreshGrant(authInfo: StoredAuthInfo): Promise<RefreshedTokens> {
  const form = new URLSearchParams({
    grant_type: GRANT_TYPE.refresh,
    refresh_token: authInfo.refresh_token,
    systemRole: String(authInfo.systemRole),
    cId: authInfo.cId,
    scope: authInfo.scope,
    client_id: authInfo.client_id,
    client_secret: authInfo.client_secret,
  });
  const response = await http.request<RefreshedTokens>({
    url: AUTH_URL.token,
    method: 'POST',
    data: form,
    headers: {
      [HEADER.authorization]: basicClientCredential(),
      'Content-Type': 'application/x-www-form-urlencoded',
    },
    silent: true,
  });
  if (typeof response.data?.access_token !== 'string') throw new Error('refresh answer without a token');
  return response.data;
}

export const tokenRefresher = createTokenRefresher(sendRefreshGrant);

/**
 * 401 (spec section 4): `invalid_token`/`token_expired` replays the call once with a renewed token; any
 * other 401 of a signed-in user, a second 401 after the replay, or a failed refresh logs out.
 */
async function refreshOnTokenError(error: unknown): Promise<AxiosResponse> {
  if (!axios.isAxiosError(error) || isHandled(error) || !error.config) throw error;
  if (error.response?.status !== HTTP_STATUS.unauthorized) throw error;
  const { config } = error;
  if (NEVER_REFRESHED.has(pathOf(config.url)) || getAuthInfo() === null) throw error;

  const tokenError = TOKEN_ERRORS.has(errorCodeOf(error.response.data) ?? '');
  if (!tokenError || config.attempt?.authReplayed) {
    endSession();
    throw handled(error);
  }
  let token: string;
  try {
    token = await tokenRefresher.freshAccessToken(bearerOf(config));
  } catch {
    endSession();
    throw handled(error, { refreshToken: true });
  }
  return http.request(
    replayOf(config, { [HEADER.authorization]: `Bearer ${token}` }, { authReplayed: true }),
  );
}

/**
 * A read (GET) that timed out is asked once more before anyone is told: a server that was busy for a
 * moment answers the second try, and a read changes nothing, so asking twice is safe. A call that may
 * change something is never sent again here: its Idempotency-Key would make a second try safe on the
 * server, but the first may still be running there, and the user decides whether to try it again.
 */
async function retryReadOnTimeout(error: unknown): Promise<AxiosResponse> {
  if (!isTimeoutError(error) || !error.config || error.config.attempt?.retriedAfterTimeout) throw error;
  const { config } = error;
  if (!isReadOnly(config.method?.toLowerCase()) || config.signal?.aborted) throw error;
  return http.request(replayOf(config, {}, { retriedAfterTimeout: true }));
}

/** 406/412 of the server's own verification codes (spec sections 4, 6): the dialog, then the replay. */
async function reverifyOnRefusal(error: unknown): Promise<AxiosResponse> {
  if (!axios.isAxiosError(error) || isHandled(error) || !error.config || error.config.attempt?.verifying) {
    throw error;
  }
  const found = verificationKindOf(error.response?.status, error.response?.data);
  if (!found) throw error;
  const { config } = error;
  try {
    return await runVerification<AxiosResponse>({
      ...found,
      mobile: config.verifyMobile,
      replay: (headers) => http.request(replayOf(config, headers, { verifying: true })),
      refusalOf: (failure) =>
        axios.isAxiosError(failure)
          ? verificationKindOf(failure.response?.status, failure.response?.data)
          : null,
    });
  } catch (failure) {
    if (failure instanceof VerificationCancelledError) throw handled(error, { verificationCancelled: true });
    throw handled(failure);
  }
}

/** The error catalogue (spec section 8): one notice titled 提示, unless the call is silent or the status quiet. */
function noticeFailure(error: unknown): Promise<never> {
  if (isHandled(error) || axios.isCancel(error)) return Promise.reject(error);
  const failure = toHttpError(error);
  const silent = axios.isAxiosError(error) && error.config?.silent === true;
  if (!silent && !QUIET_STATUSES.has(failure.status)) showErrorNotice(catalogueMessage(failure));
  return Promise.reject(handled(error));
}

/** 202: the work was queued, not done (spec section 8 shows it as an error notice 处理中). */
function noticeAccepted(response: AxiosResponse): AxiosResponse {
  if (response.status === HTTP_STATUS.accepted && !response.config.silent) {
    showErrorNotice(statusMessage(HTTP_STATUS.accepted) ?? '');
  }
  return response;
}

/**
 * The request layer's interceptors, all registered here. Request handlers run last-registered first;
 * response handlers in registration order: a read that timed out is asked once more, a timeout becomes a
 * 504, error bodies are read, then token refresh on 401, 406/412 re-verification and last the error catalogue. A replay runs through all of
 * them again and comes back marked handled, so no failure is shown twice.
 */
http.interceptors.request.use(attachCommonHeaders);
http.interceptors.request.use(attachIdempotencyKey);
http.interceptors.request.use(applyLongTimeouts);
http.interceptors.response.use(undefined, retryReadOnTimeout);
http.interceptors.response.use(undefined, timeoutAsGatewayTimeout);
http.interceptors.response.use(undefined, readErrorBody);
http.interceptors.response.use(undefined, refreshOnTokenError);
http.interceptors.response.use(undefined, reverifyOnRefusal);
http.interceptors.response.use(noticeAccepted, noticeFailure);

// ---- typed calls

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringField = (body: unknown, field: string): string | undefined =>
  isRecord(body) && typeof body[field] === 'string' ? body[field] : undefined;

export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const marks = marksOf(error);
  const flags: HttpErrorFlags = {
    refreshToken: marks.refreshToken,
    verificationCancelled: marks.verificationCancelled,
  };
  if (axios.isAxiosError(error)) {
    const body: unknown = error.response?.data;
    const code = stringField(body, 'error') ?? stringField(body, 'code');
    const message = stringField(body, 'error_description') ?? stringField(body, 'msg') ?? error.message;
    const retryAfter = Number(
      AxiosHeaders.from((error.response?.headers ?? {}) as Record<string, string>).get('Retry-After'),
    );
    if (Number.isFinite(retryAfter) && retryAfter > 0) flags.retryAfter = retryAfter;
    return new HttpError(error.response?.status ?? 0, code, message, body, flags);
  }
  return new HttpError(
    0,
    undefined,
    error instanceof Error ? error.message : String(error),
    undefined,
    flags,
  );
}

/** `{code: 200|201, data}` or any body with a data field gives data; other bodies (OAuth answers) as they are. */
export function unwrapBody<T>(body: unknown): T {
  if (isRecord(body) && 'data' in body) return body.data as T;
  return body as T;
}

const SUCCESS_CODES: ReadonlySet<unknown> = new Set([HTTP_STATUS.ok, HTTP_STATUS.created, '200', '201']);

/** A 2xx whose body says it failed: `{code}` other than 200/201 and no data field. */
function failureInBody(response: AxiosResponse<unknown>): HttpError | null {
  const body = response.data;
  if (!isRecord(body) || !('code' in body) || 'data' in body || SUCCESS_CODES.has(body.code)) return null;
  return new HttpError(response.status, String(body.code), stringField(body, 'msg') ?? '', body);
}

/**
 * One call through the app's instance; resolves to the unwrapped data (text for DELETE and 204, spec
 * section 7), rejects with an HttpError.
 */
export async function request<T>(config: RequestConfig): Promise<T> {
  const asText = config.method?.toLowerCase() === 'delete';
  let response: AxiosResponse<unknown>;
  try {
    response = await http.request<unknown>(
      asText && !config.responseType ? { ...config, responseType: 'text' } : config,
    );
  } catch (error) {
    throw toHttpError(error);
  }
  if (asText || response.status === HTTP_STATUS.noContent) {
    const { data } = response;
    return (typeof data === 'string' ? data : data == null ? '' : JSON.stringify(data)) as T;
  }
  const failure = failureInBody(response);
  if (failure) {
    if (!config.silent) showErrorNotice(catalogueMessage(failure));
    throw failure;
  }
  return unwrapBody<T>(response.data);
}

/** A form-encoded POST (the `/oauth/token` calls). */
export function requestForm<T>(
  url: string,
  fields: Record<string, string | number | undefined>,
  config: RequestConfig = {},
): Promise<T> {
  const form = new URLSearchParams();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, String(value));
  return request<T>({
    ...config,
    url,
    method: 'POST',
    data: form,
    headers: { ...config.headers, 'Content-Type': 'application/x-www-form-urlencoded' },
  });
}
