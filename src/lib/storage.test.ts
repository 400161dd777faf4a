import { validate as isUuid, version as uuidVersion } from 'uuid';
import {
  LOCAL_KEY,
  SESSION_KEY,
  clearLoginErrors,
  clearSignIn,
  clearTopTips,
  dismissTopTip,
  getAuthInfo,
  getCompanyList,
  getExportTaskRedDot,
  getLoginErrorCount,
  getLoginFirstErrorTime,
  getMobileUserIds,
  getRequestId,
  getSliderClientId,
  getUserInfo,
  isTopTipDismissed,
  localKeyFor,
  recordLoginError,
  rememberMobileUserId,
  setAuthInfo,
  setCompanyList,
  setExportTaskRedDot,
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
    expect(LOCAL_KEY.noRemindersList).toBe('SgThsk_noRemindersList');
    expect(LOCAL_KEY.smsTimeoutLogin).toBe('SgThsk_sms_timeout_login');
  });

  it('keeps the session keys unprefixed', () => {
    expect(SESSION_KEY).toMatchObject({
      authInfo: 'authInfo',
      userInfo: 'userInfo',
      companyList: 'companyList',
      slider: 'slider',
      requestId: 'Request-Id',
    });
  });

  it('names the per-mobile keys after the mobile (and environment or channel)', () => {
    expect(localKeyFor.loginErrorCount('13800000001')).toBe('SgThsk_loginErrorCount_13800000001');
    expect(localKeyFor.loginFirstErrorTime('production', '13800000001')).toBe(
      'SgThsk_loginFirstErrorTime_production_13800000001',
    );
    expect(localKeyFor.exportTaskRedDot('13800000001', 'CH0001')).toBe(
      'SgThsk_FILE_PROCESS_EXPORT_TASK_REDDOT_13800000001_CH0001',
    );
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
    rememberMobileUserId('13800000001', 'U0001');

    clearSignIn();

    for (const key of ['authInfo', 'userInfo', 'companyList']) expect(sessionStorage.getItem(key)).toBeNull();
    for (const key of ['SgThsk_authInfo', 'SgThsk_userInfo', 'SgThsk_companyList']) {
      expect(localStorage.getItem(key)).toBeNull();
    }
    expect(getMobileUserIds()).toEqual({ '13800000001': 'U0001' });
  });
});

describe('failed sign-in counters', () => {
  it('counts per mobile and keeps the first error time', () => {
    recordLoginError('test', '13800000001', 1000);
    recordLoginError('test', '13800000001', 2000);
    recordLoginError('test', '13800000002', 3000);

    expect(getLoginErrorCount('13800000001')).toBe(2);
    expect(getLoginFirstErrorTime('test', '13800000001')).toBe(1000);
    expect(getLoginErrorCount('13800000002')).toBe(1);
    expect(getLoginFirstErrorTime('other-env', '13800000001')).toBeNull();
  });

  it('forgets both counters of one mobile', () => {
    recordLoginError('test', '13800000001', 1000);
    recordLoginError('test', '13800000002', 1000);
    clearLoginErrors('test', '13800000001');

    expect(getLoginErrorCount('13800000001')).toBe(0);
    expect(getLoginFirstErrorTime('test', '13800000001')).toBeNull();
    expect(getLoginErrorCount('13800000002')).toBe(1);
  });

  it('starts over from a corrupt counter', () => {
    localStorage.setItem('SgThsk_loginErrorCount_13800000001', 'NaN?');
    recordLoginError('test', '13800000001', 1000);
    expect(getLoginErrorCount('13800000001')).toBe(1);
  });
});

describe('other keys', () => {
  it('keeps the export red dot per mobile and channel', () => {
    setExportTaskRedDot('13800000001', 'CH0001', true);
    expect(getExportTaskRedDot('13800000001', 'CH0001')).toBe(true);
    expect(getExportTaskRedDot('13800000001', 'CH0002')).toBe(false);
    expect(getExportTaskRedDot('13800000002', 'CH0001')).toBe(false);
  });

  it('clears every top_tips_ flag and nothing else', () => {
    dismissTopTip('auth');
    dismissTopTip('bank');
    sessionStorage.setItem('slider', 'slider-1');

    clearTopTips();

    expect(isTopTipDismissed('auth')).toBe(false);
    expect(isTopTipDismissed('bank')).toBe(false);
    expect(sessionStorage.getItem('slider')).toBe('slider-1');
  });

  it('keeps one slider client id per session, prefixed slider-', () => {
    const id = getSliderClientId();
    expect(id).toMatch(/^slider-/);
    expect(getSliderClientId()).toBe(id);
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
