import { isStringMap, localKey, readJson, writeJson } from '@/lib/storage';

/** mobileUserIdMap (spec section 3): which user id each mobile signed in as in this browser. */
const MOBILE_USER_IDS_KEY = localKey('mobileUserIdMap');

export function rememberMobileUserId(mobile: string, userId: string): void {
  const known = readJson(localStorage, MOBILE_USER_IDS_KEY, isStringMap) ?? {};
  writeJson(localStorage, MOBILE_USER_IDS_KEY, { ...known, [mobile]: userId });
}
