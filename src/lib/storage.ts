import type { Account, CompanyItem } from '@contract/auth-schemas';
// Relative, not through the alias: the build's preload script (scripts/signed-in-preload.ts) imports these
// keys from Vite's own configuration, which resolves no alias.
import { STORAGE_PREFIX } from '../../contract/constants';
import { v1 as uuidv1 } from 'uuid';

/**
 * The browser storage of the app (spec section 3): the primitives every owner of a key uses, and the keys
 * of the sign-in itself. Session storage holds this tab's sign-in; local storage (keys prefixed SgThsk_)
 * outlives the tab. A feature keeps its own keys beside the code that uses them, built from these
 * primitives (features/invitation/model/pending-invitation.ts, features/auth/model/login-errors.ts, ...).
 */

export const SESSION_KEY = {
  authInfo: 'authInfo',
  userInfo: 'userInfo',
  companyList: 'companyList',
  requestId: 'Request-Id',
} as const;

/** A local-storage key: every one the app writes carries the SgThsk_ prefix. */
export const localKey = (name: string): string => `${STORAGE_PREFIX}${name}`;

export const LOCAL_KEY = {
  authInfo: localKey('authInfo'),
  userInfo: localKey('userInfo'),
  companyList: localKey('companyList'),
} as const;

/** The token answer without `account`, plus what a refresh needs to resend (spec section 3). */
export interface StoredAuthInfo {
  access_token: string;
  token_type: string;
  refresh_token: string;
  expires_in: number;
  scope: string;
  /** When the token was stored (ms since epoch). */
  date: number;
  systemRole: number;
  cId: string;
  grant_type: string;
  client_id: string;
  client_secret: string;
}

/** Granted permission paths, `/normal` stripped: path -> true. */
export type PermissionMap = Record<string, true>;

/** The signed-in account plus its permissions map; empty (permissions only) when sign-in gave no account. */
export type UserInfo = Partial<Account> & { permissions: PermissionMap };

// ---- raw access: storage can be missing or full (private modes, quotas); the app keeps working.

export function readText(store: Storage, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

export function writeText(store: Storage, key: string, value: string): void {
  try {
    store.setItem(key, value);
  } catch {
    // Quota or disabled storage: the value lives only in memory (the Redux store) this time.
  }
}

export function remove(store: Storage, key: string): void {
  try {
    store.removeItem(key);
  } catch {
    // Nothing to remove from a storage we cannot reach.
  }
}

/** Parses a stored JSON value; a missing or corrupt value reads as null. */
export function readJson<T>(store: Storage, key: string, isValid: (value: unknown) => value is T): T | null {
  const raw = readText(store, key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(store: Storage, key: string, value: unknown): void {
  writeText(store, key, JSON.stringify(value));
}

/** Every key of `store` that starts with `prefix` goes. */
export function removeByPrefix(store: Storage, prefix: string): void {
  try {
    const keys = Array.from({ length: store.length }, (_, i) => store.key(i));
    for (const key of keys) if (key?.startsWith(prefix)) store.removeItem(key);
  } catch {
    // Unreachable storage holds nothing to remove.
  }
}

// ---- shapes of stored values, for readJson

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const isFiniteNumber = (value: unknown): value is number =>
  typeof value === 'number' && Number.isFinite(value);

export const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

export const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

export const isStringMap = (value: unknown): value is Record<string, string> =>
  isRecord(value) && Object.values(value).every((v) => typeof v === 'string');

const isAuthInfo = (value: unknown): value is StoredAuthInfo =>
  isRecord(value) && typeof value.access_token === 'string' && value.access_token !== '';

const isUserInfo = (value: unknown): value is UserInfo => isRecord(value) && isRecord(value.permissions);

const isCompanyList = (value: unknown): value is CompanyItem[] =>
  Array.isArray(value) && value.every(isRecord);

/** This tab's value first, then the one another tab or an earlier visit left in local storage. */
function readSessionThenLocal<T>(
  inSession: string,
  inLocal: string,
  isValid: (value: unknown) => value is T,
): T | null {
  return readJson(sessionStorage, inSession, isValid) ?? readJson(localStorage, inLocal, isValid);
}

function writeSessionAndLocal(inSession: string, inLocal: string, value: unknown): void {
  writeJson(sessionStorage, inSession, value);
  writeJson(localStorage, inLocal, value);
}

// ---- the sign-in: authInfo, userInfo, companyList

export function getAuthInfo(): StoredAuthInfo | null {
  return readSessionThenLocal(SESSION_KEY.authInfo, LOCAL_KEY.authInfo, isAuthInfo);
}

export function setAuthInfo(authInfo: StoredAuthInfo): void {
  writeSessionAndLocal(SESSION_KEY.authInfo, LOCAL_KEY.authInfo, authInfo);
}

export function getAccessToken(): string | null {
  return getAuthInfo()?.access_token ?? null;
}

export function getUserInfo(): UserInfo | null {
  return readSessionThenLocal(SESSION_KEY.userInfo, LOCAL_KEY.userInfo, isUserInfo);
}

export function setUserInfo(userInfo: UserInfo): void {
  writeSessionAndLocal(SESSION_KEY.userInfo, LOCAL_KEY.userInfo, userInfo);
}

export function getCompanyList(): CompanyItem[] | null {
  return readSessionThenLocal(SESSION_KEY.companyList, LOCAL_KEY.companyList, isCompanyList);
}

export function setCompanyList(list: CompanyItem[]): void {
  writeSessionAndLocal(SESSION_KEY.companyList, LOCAL_KEY.companyList, list);
}

/** Forgets the auth and user info only (post-login step 1). */
export function clearAuthAndUserInfo(): void {
  for (const key of [SESSION_KEY.authInfo, SESSION_KEY.userInfo]) remove(sessionStorage, key);
  for (const key of [LOCAL_KEY.authInfo, LOCAL_KEY.userInfo]) remove(localStorage, key);
}

/** What logout removes: auth, user and company list, in this tab and in local storage. */
export function clearSignIn(): void {
  clearAuthAndUserInfo();
  remove(sessionStorage, SESSION_KEY.companyList);
  remove(localStorage, LOCAL_KEY.companyList);
}

// ---- Request-Id: one time-based UUID per page view, sent with every call

function regenerateRequestId(): string {
  const id = uuidv1();
  writeText(sessionStorage, SESSION_KEY.requestId, id);
  return id;
}

export function getRequestId(): string {
  return readText(sessionStorage, SESSION_KEY.requestId) ?? regenerateRequestId();
}

/** A new Request-Id now and on every hash change (each in-app navigation); returns the unsubscribe. */
export function startRequestIdRotation(target: Window = window): () => void {
  regenerateRequestId();
  const onHashChange = () => void regenerateRequestId();
  target.addEventListener('hashchange', onHashChange);
  return () => target.removeEventListener('hashchange', onHashChange);
}
