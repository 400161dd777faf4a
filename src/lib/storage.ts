import type { Account, CompanyItem } from '@contract/auth';
import { STORAGE_PREFIX } from '@contract/constants';
import { v1 as uuidv1 } from 'uuid';

/**
 * Everything the app keeps in the browser (spec section 3), behind typed getters and setters.
 * Session storage holds this tab's sign-in; local storage (keys prefixed SgThsk_) outlives the tab.
 */

export const SESSION_KEY = {
  authInfo: 'authInfo',
  userInfo: 'userInfo',
  companyList: 'companyList',
  slider: 'slider',
  requestId: 'Request-Id',
  /** An invitation link opened before signing in, opened for joining once signed in (this tab only). */
  pendingInvitation: 'pendingInvitation',
} as const;

/** Session flags of dismissed top tips: `top_tips_<name>`, all cleared on sign-in. */
export const TOP_TIPS_PREFIX = 'top_tips_';

export const LOCAL_KEY = {
  authInfo: `${STORAGE_PREFIX}authInfo`,
  userInfo: `${STORAGE_PREFIX}userInfo`,
  mobileUserIds: `${STORAGE_PREFIX}mobileUserIdMap`,
  companyList: `${STORAGE_PREFIX}companyList`,
  noRemindersList: `${STORAGE_PREFIX}noRemindersList`,
  smsTimeoutLogin: `${STORAGE_PREFIX}sms_timeout_login`,
} as const;

/** Local keys that carry a mobile number (and more) in their name. */
export const localKeyFor = {
  loginFirstErrorTime: (envName: string, mobile: string) =>
    `${STORAGE_PREFIX}loginFirstErrorTime_${envName}_${mobile}`,
  loginErrorCount: (mobile: string) => `${STORAGE_PREFIX}loginErrorCount_${mobile}`,
  exportTaskRedDot: (mobile: string, cId: string) =>
    `${STORAGE_PREFIX}FILE_PROCESS_EXPORT_TASK_REDDOT_${mobile}_${cId}`,
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

/** The SMS resend countdown of the login screen, kept so it continues after reopening. */
export interface SmsCountdown {
  mobile: string;
  /** When the code was sent (ms since epoch). */
  timestamp: number;
}

// ---- raw access: storage can be missing or full (private modes, quotas); the app keeps working.

function readRaw(store: Storage, key: string): string | null {
  try {
    return store.getItem(key);
  } catch {
    return null;
  }
}

function writeRaw(store: Storage, key: string, value: string): void {
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
  const raw = readRaw(store, key);
  if (raw === null) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return isValid(value) ? value : null;
  } catch {
    return null;
  }
}

export function writeJson(store: Storage, key: string, value: unknown): void {
  writeRaw(store, key, JSON.stringify(value));
}

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isAuthInfo = (value: unknown): value is StoredAuthInfo =>
  isObject(value) && typeof value.access_token === 'string' && value.access_token !== '';

const isUserInfo = (value: unknown): value is UserInfo => isObject(value) && isObject(value.permissions);

const isCompanyList = (value: unknown): value is CompanyItem[] =>
  Array.isArray(value) && value.every(isObject);

const isStringMap = (value: unknown): value is Record<string, string> =>
  isObject(value) && Object.values(value).every((v) => typeof v === 'string');

const isStringList = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

const isNumber = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value);

const isBoolean = (value: unknown): value is boolean => typeof value === 'boolean';

const isSmsCountdown = (value: unknown): value is SmsCountdown =>
  isObject(value) && typeof value.mobile === 'string' && isNumber(value.timestamp);

/** This tab's value first, then the one another tab or an earlier visit left in local storage. */
function readSessionThenLocal<T>(
  sessionKey: string,
  localKey: string,
  isValid: (value: unknown) => value is T,
): T | null {
  return readJson(sessionStorage, sessionKey, isValid) ?? readJson(localStorage, localKey, isValid);
}

function writeSessionAndLocal(sessionKey: string, localKey: string, value: unknown): void {
  writeJson(sessionStorage, sessionKey, value);
  writeJson(localStorage, localKey, value);
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

// ---- mobile -> user id

export function getMobileUserIds(): Record<string, string> {
  return readJson(localStorage, LOCAL_KEY.mobileUserIds, isStringMap) ?? {};
}

export function rememberMobileUserId(mobile: string, userId: string): void {
  writeJson(localStorage, LOCAL_KEY.mobileUserIds, { ...getMobileUserIds(), [mobile]: userId });
}

// ---- failed sign-in counters (spec section 5: password_not_match)

export function getLoginErrorCount(mobile: string): number {
  return readJson(localStorage, localKeyFor.loginErrorCount(mobile), isNumber) ?? 0;
}

export function getLoginFirstErrorTime(envName: string, mobile: string): number | null {
  return readJson(localStorage, localKeyFor.loginFirstErrorTime(envName, mobile), isNumber);
}

/** One more wrong password for this mobile; the first error's time is kept once set. */
export function recordLoginError(envName: string, mobile: string, now: number = Date.now()): void {
  writeJson(localStorage, localKeyFor.loginErrorCount(mobile), getLoginErrorCount(mobile) + 1);
  if (getLoginFirstErrorTime(envName, mobile) === null) {
    writeJson(localStorage, localKeyFor.loginFirstErrorTime(envName, mobile), now);
  }
}

export function clearLoginErrors(envName: string, mobile: string): void {
  remove(localStorage, localKeyFor.loginErrorCount(mobile));
  remove(localStorage, localKeyFor.loginFirstErrorTime(envName, mobile));
}

// ---- SMS countdown of the login screen

export function getSmsTimeoutLogin(): SmsCountdown | null {
  return readJson(localStorage, LOCAL_KEY.smsTimeoutLogin, isSmsCountdown);
}

export function setSmsTimeoutLogin(countdown: SmsCountdown): void {
  writeJson(localStorage, LOCAL_KEY.smsTimeoutLogin, countdown);
}

export function clearSmsTimeoutLogin(): void {
  remove(localStorage, LOCAL_KEY.smsTimeoutLogin);
}

// ---- notices the user asked not to be reminded of again

export function getNoRemindersList(): string[] {
  return readJson(localStorage, LOCAL_KEY.noRemindersList, isStringList) ?? [];
}

export function setNoRemindersList(ids: string[]): void {
  writeJson(localStorage, LOCAL_KEY.noRemindersList, ids);
}

// ---- red-dot flag of the export task centre, per mobile and channel

export function getExportTaskRedDot(mobile: string, cId: string): boolean {
  return readJson(localStorage, localKeyFor.exportTaskRedDot(mobile, cId), isBoolean) ?? false;
}

export function setExportTaskRedDot(mobile: string, cId: string, shown: boolean): void {
  writeJson(localStorage, localKeyFor.exportTaskRedDot(mobile, cId), shown);
}

// ---- top tips (session)

export function isTopTipDismissed(name: string): boolean {
  return readRaw(sessionStorage, `${TOP_TIPS_PREFIX}${name}`) !== null;
}

export function dismissTopTip(name: string): void {
  writeRaw(sessionStorage, `${TOP_TIPS_PREFIX}${name}`, '1');
}

export function clearTopTips(): void {
  try {
    const keys = Array.from({ length: sessionStorage.length }, (_, i) => sessionStorage.key(i));
    for (const key of keys) if (key?.startsWith(TOP_TIPS_PREFIX)) sessionStorage.removeItem(key);
  } catch {
    // Unreachable storage holds no tips.
  }
}

// ---- Request-Id: one time-based UUID per page view, sent with every call

export function regenerateRequestId(): string {
  const id = uuidv1();
  writeRaw(sessionStorage, SESSION_KEY.requestId, id);
  return id;
}

export function getRequestId(): string {
  return readRaw(sessionStorage, SESSION_KEY.requestId) ?? regenerateRequestId();
}

/** A new Request-Id now and on every hash change (each in-app navigation); returns the unsubscribe. */
export function startRequestIdRotation(target: Window = window): () => void {
  regenerateRequestId();
  const onHashChange = () => void regenerateRequestId();
  target.addEventListener('hashchange', onHashChange);
  return () => target.removeEventListener('hashchange', onHashChange);
}

// ---- slider client id

/** The slider client id of this browser session, `slider-` plus a random id (spec section 3). */
export function getSliderClientId(): string {
  let id = readRaw(sessionStorage, SESSION_KEY.slider);
  if (!id) {
    id = `slider-${crypto.randomUUID()}`;
    writeRaw(sessionStorage, SESSION_KEY.slider, id);
  }
  return id;
}
