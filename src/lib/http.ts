import axios, {
  AxiosError,
  type AxiosRequestConfig,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { DEFAULT_REQUEST_TIMEOUT, SYSTEM_ROLE } from '@contract/constants';
import { env, WEB_CLIENT } from '@/config/env';
import { getAccessToken, getRequestId } from '@/lib/storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Handle the failure at the call site: no catalogue notice for it. */
    silent?: boolean;
  }
}

/** One call's settings: axios' own plus the request layer's options (`silent`). */
export type RequestConfig = AxiosRequestConfig;

/** The HTTP result a request that ran out of time becomes (spec section 7). */
export const TIMEOUT_STATUS = 504;

/** The header values every call carries (spec section 7). */
export const HEADER = {
  authorization: 'Authorization',
  systemRole: 'X-Sys-Role',
  format: 'Format',
  requestId: 'Request-Id',
  channelId: 'X-CH-ID',
} as const;
export const FORMAT_JSON = 'json';

/** The only axios instance of the app. */
export const http = axios.create({
  baseURL: env.apiBaseUrl,
  timeout: DEFAULT_REQUEST_TIMEOUT,
  // Timeouts surface as ETIMEDOUT, so a user's abort (ECONNABORTED) is never mistaken for one.
  transitional: { clarifyTimeoutError: true },
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

// ---- interceptors

/** Headers read fresh for each call (the token and Request-Id change); a header the call set itself wins. */
function attachCommonHeaders(config: InternalAxiosRequestConfig): InternalAxiosRequestConfig {
  for (const [name, value] of Object.entries(commonHeaders())) {
    if (!config.headers.has(name)) config.headers.set(name, value);
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

/**
 * The request layer's interceptors, all registered here and in this order. Response handlers run in
 * registration order; the next ones (token refresh on 401, 406/412 re-verification, the error catalogue)
 * go after the timeout mapping so they see timeouts as 504.
 */
http.interceptors.request.use(attachCommonHeaders);
http.interceptors.response.use(undefined, timeoutAsGatewayTimeout);

// ---- typed calls

/** A failed call: the HTTP status (0 when no answer came), the body's error code and its message. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly status: number,
    /** `error` of an OAuth answer or `code` of an API error answer. */
    readonly code: string | undefined,
    message: string,
    readonly body: unknown,
  ) {
    super(message);
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const stringField = (body: unknown, field: string): string | undefined =>
  isRecord(body) && typeof body[field] === 'string' ? body[field] : undefined;

export function toHttpError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  if (axios.isAxiosError(error)) {
    const body: unknown = error.response?.data;
    const code = stringField(body, 'error') ?? stringField(body, 'code');
    const message = stringField(body, 'error_description') ?? stringField(body, 'msg') ?? error.message;
    return new HttpError(error.response?.status ?? 0, code, message, body);
  }
  return new HttpError(0, undefined, error instanceof Error ? error.message : String(error), undefined);
}

/** `{code: 200|201, data}` or any body with a data field gives data; other bodies (OAuth answers) as they are. */
export function unwrapBody<T>(body: unknown): T {
  if (isRecord(body) && 'data' in body) return body.data as T;
  return body as T;
}

/** One call through the app's instance; resolves to the unwrapped data, rejects with an HttpError. */
export async function request<T>(config: RequestConfig): Promise<T> {
  let response: AxiosResponse<unknown>;
  try {
    response = await http.request<unknown>(config);
  } catch (error) {
    throw toHttpError(error);
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
