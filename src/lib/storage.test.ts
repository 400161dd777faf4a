import { validate as isUuid, version as uuidVersion } from 'uuid';
import {
  LOCAL_KEY,
  SESSION_KEY,
  clearSignIn,
  getAuthInfo,
  getCompanyList,
  getRequestId,
  getUserInfo,
  localKey,
  removeByPrefix,
  setAuthInfo,
  setCompanyList,
  setUserInfo,
  startRequestIdRotation,
  type StoredAuthInfo,
} from './storage';

const authInfo: StoredAuthInfo = {
  access_token: 'access-1',
  token_type: 'bearer',
  refresh_token: 'refresh-1',
  expires_in: 7200,
  scope: 'all',
  date: 1_700_000_000_000,
  systemRole: 2,
  cId: 'CH0001',
  grant_type: 'mobile_password',
  client_id: 'chain-bill-web',
  client_secret: 'chain-bill-web-public',
};

describe('storage keys', () => {
  it('prefixes every local key with SgThsk_', () => {
    for (const key of Object.values(LOCAL_KEY)) expect(key.startsWith('SgThsk_')).toBe(true);
    expect(LOCAL_KEY.authInfo).toBe('SgThsk_authInfo');
    expect(LOCAL_KEY.userInfo).toBe('SgThsk_userInfo');
    expect(LOCAL_KEY.companyList).toBe('SgThsk_companyList');
    expect(localKey('noRemindersList')).toBe('SgThsk_noRemindersList');
  });

  it('keeps the session keys unprefixed', () => {
    expect(SESSION_KEY).toEqual({
      authInfo: 'authInfo',
      userInfo: 'userInfo',
      companyList: 'companyList',
      requestId: 'Request-Id',
    });
  });
});

describe('sign-in storage', () => {
  it('writes authInfo, userInfo and companyList to the session and to local storage', () => {
    setAuthInfo(authInfo);
    setUserInfo({ mobile: '13800000001', permissions: { '/chain-bill/dashboard': true } });
    setCompanyList([]);

    expect(JSON.parse(sessionStorage.getItem('authInfo')!)).toEqual(authInfo);
    expect(JSON.parse(localStorage.getItem('SgThsk_authInfo')!)).toEqual(authInfo);
    expect(JSON.parse(localStorage.getItem('SgThsk_userInfo')!).permissions).toEqual({
      '/chain-bill/dashboard': true,
    });
    expect(sessionStorage.getItem('companyList')).toBe('[]');
  });

  it("reads this tab's value first, then the one in local storage", () => {
    localStorage.setItem('SgThsk_authInfo', JSON.stringify({ ...authInfo, access_token: 'from-local' }));
    expect(getAuthInfo()?.access_token).toBe('from-local');

    sessionStorage.setItem('authInfo', JSON.stringify({ ...authInfo, access_token: 'from-session' }));
    expect(getAuthInfo()?.access_token).toBe('from-session');
  });

  it('reads corrupt JSON as null', () => {
    sessionStorage.setItem('authInfo', '{not json');
    localStorage.setItem('SgThsk_authInfo', '{"access_token":');
    localStorage.setItem('SgThsk_userInfo', 'undefined');
    localStorage.setItem('SgThsk_companyList', '{"a":1}');

    expect(getAuthInfo()).toBeNull();
    expect(getUserInfo()).toBeNull();
    expect(getCompanyList()).toBeNull();
  });

  it('reads a value of the wrong shape as null', () => {
    localStorage.setItem('SgThsk_authInfo', JSON.stringify({ access_token: '' }));
    localStorage.setItem('SgThsk_userInfo', JSON.stringify({ mobile: '13800000001' }));
    expect(getAuthInfo()).toBeNull();
    expect(getUserInfo()).toBeNull();
  });

  it('clears auth, user and company list from both storages at logout, and nothing else', () => {
    setAuthInfo(authInfo);
    setUserInfo({ permissions: {} });
    setCompanyList([]);
    localStorage.setItem('SgThsk_mobileUserIdMap', '{"13800000001":"U0001"}');

    clearSignIn();

    for (const key of ['authInfo', 'userInfo', 'companyList']) expect(sessionStorage.getItem(key)).toBeNull();
    for (const key of ['SgThsk_authInfo', 'SgThsk_userInfo', 'SgThsk_companyList']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(localStorage.getItem('SgThsk_mobileUserIdMap')).toBe('{"13800000001":"U0001"}');
  });
});

describe('storage primitives', () => {
  it('removes every key with a prefix and nothing else', () => {
    sessionStorage.setItem('top_tips_auth', '1');
    sessionStorage.setItem('top_tips_bank', '1');
    sessionStorage.setItem('slider', 'slider-1');

    removeByPrefix(sessionStorage, 'top_tips_');

    expect(sessionStorage.getItem('top_tips_auth')).toBeNull();
    expect(sessionStorage.getItem('top_tips_bank')).toBeNull();
    expect(sessionStorage.getItem('slider')).toBe('slider-1');
  });
});

describe('Request-Id', () => {
  it('is a time-based UUID kept in the session', () => {
    const id = getRequestId();
    expect(isUuid(id)).toBe(true);
    expect(uuidVersion(id)).toBe(1);
    expect(sessionStorage.getItem('Request-Id')).toBe(id);
    expect(getRequestId()).toBe(id);
  });

  it('is new on load and on every hash change', () => {
    sessionStorage.setItem('Request-Id', 'stale');
    const stop = startRequestIdRotation();
    const onLoad = getRequestId();
    expect(onLoad).not.toBe('stale');

    window.dispatchEvent(new HashChangeEvent('hashchange'));
    const afterNavigation = getRequestId();
    expect(afterNavigation).not.toBe(onLoad);

    stop();
    window.dispatchEvent(new HashChangeEvent('hashchange'));
    expect(getRequestId()).toBe(afterNavigation);
  });
});
