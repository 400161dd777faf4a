import {
  AxiosError,
  AxiosHeaders,
  type AxiosAdapter,
  type AxiosResponse,
  type InternalAxiosRequestConfig,
} from 'axios';
import { vi } from 'vitest';
import { http } from '@/lib/http';
import { bindNotifier, type Notifier } from '@/lib/notify';
import { setAuthInfo, type StoredAuthInfo } from '@/lib/storage';

/** Test helpers for the request layer: answers as axios adapters, a stored sign-in, a recording notifier. */

export function respond(
  config: InternalAxiosRequestConfig,
  data: unknown,
  status = 200,
  headers: Record<string, string> = {},
): AxiosResponse {
  const response: AxiosResponse = { data, status, statusText: String(status), headers, config, request: {} };
  if (status >= 400) {
    throw new AxiosError(
      `Request failed with status code ${status}`,
      status >= 500 ? AxiosError.ERR_BAD_RESPONSE : AxiosError.ERR_BAD_REQUEST,
      config,
      {},
      response,
    );
  }
  return response;
}

export const headerOf = (config: InternalAxiosRequestConfig, name: string): string | undefined => {
  const value = AxiosHeaders.from(config.headers).get(name);
  return typeof value === 'string' ? value : undefined;
};

export const bearerOf = (config: InternalAxiosRequestConfig) =>
  headerOf(config, 'Authorization')?.replace(/^Bearer /, '');

export function authInfo(accessToken: string, refreshToken: string): StoredAuthInfo {
  return {
    access_token: accessToken,
    token_type: 'bearer',
    refresh_token: refreshToken,
    expires_in: 7200,
    scope: 'all',
    date: 1,
    systemRole: 2,
    cId: 'CH0001',
    grant_type: 'mobile_password',
    client_id: 'chain-bill-web',
    client_secret: 'chain-bill-web-public',
  };
}

export function signInAs(accessToken = 'AT1', refreshToken = 'RT1'): void {
  setAuthInfo(authInfo(accessToken, refreshToken));
}

/** Every call of the default adapter goes to `adapter` until the returned restore. */
export function useAdapter(adapter: AxiosAdapter): () => void {
  const previous = http.defaults.adapter;
  http.defaults.adapter = adapter;
  return () => {
    http.defaults.adapter = previous;
  };
}

export interface RecordingNotifier {
  notices: { title: unknown; description: unknown; kind: string; key: unknown }[];
  unbind: () => void;
}

/** Binds a notifier that records the notices the request layer shows. */
export function recordNotices(): RecordingNotifier {
  const notices: RecordingNotifier['notices'] = [];
  const record = (kind: string) =>
    vi.fn((args: { title?: unknown; description?: unknown; content?: unknown; key?: unknown }) => {
      notices.push({ kind, title: args.title, description: args.description ?? args.content, key: args.key });
    });
  const notifier = {
    notification: { error: record('error'), warning: record('warning'), success: record('success') },
    message: {
      error: record('message.error'),
      warning: record('message.warning'),
      success: record('message.success'),
    },
    modal: {},
  } as unknown as Notifier;
  const unbind = bindNotifier(notifier);
  return { notices, unbind };
}
