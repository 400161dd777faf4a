import { getAuthInfo, getUserInfo } from '@/lib/storage';
import { createAppStore } from '@/lib/store';
import {
  callsTo,
  DEMO_PASSWORD,
  keys,
  ownerAccount,
  platformServer,
  servePlatformForEachTest,
} from '@/testing/platform-server';
import { rsaDecrypt } from '@/testing/keys';
import { logIn } from '@/features/auth/model/login';
import { selectLoginLoading } from '@/features/auth/model/user-slice';

const ENV = 'test';
const errorCountKey = 'SgThsk_loginErrorCount_13800000001';
const firstErrorKey = `SgThsk_loginFirstErrorTime_${ENV}_13800000001`;
const navigate = servePlatformForEachTest();

const credentials = { mobile: '138 0000 0001', password: DEMO_PASSWORD, captchaVerification: 'captcha-ok' };

describe('login action', () => {
  it('sends the token form with the RSA-encrypted password and the fixed fields', async () => {
    const store = createAppStore();
    await store.dispatch(logIn(credentials));

    const [call] = callsTo('/oauth/token');
    const form = call!.form!;
    expect(form.get('grant_type')).toBe('mobile_password');
    expect(form.get('mobile')).toBe('13800000001');
    expect(form.get('password')).not.toBe(DEMO_PASSWORD);
    expect(rsaDecrypt(form.get('password')!, keys.privateKeyPem)).toBe(DEMO_PASSWORD);
    expect(form.get('captchaVerification')).toBe('captcha-ok');
    expect(form.get('scope')).toBe('all');
    expect(form.get('systemRole')).toBe('2');
    expect(form.get('cId')).toBe('CH0001');
  });

  it('fetches the channel config (the password key) once for many attempts', async () => {
    const store = createAppStore();
    await store.dispatch(logIn({ ...credentials, password: 'wrong' }));
    await store.dispatch(logIn(credentials));
    expect(callsTo('/api/channel/config/default')).toHaveLength(1);
  });

  it('on success clears the tips flags, SMS timeout and failed-attempt counters, signs in and goes to root', async () => {
    localStorage.setItem(errorCountKey, '1');
    localStorage.setItem(firstErrorKey, '1000');
    sessionStorage.setItem('top_tips_auth', '1');
    localStorage.setItem('SgThsk_sms_timeout_login', JSON.stringify({ mobile: '13800000001', timestamp: 1 }));
    const store = createAppStore();

    const result = await store.dispatch(logIn(credentials));

    expect(result).toEqual({ ok: true });
    expect(sessionStorage.getItem('top_tips_auth')).toBeNull();
    expect(localStorage.getItem('SgThsk_sms_timeout_login')).toBeNull();
    expect(localStorage.getItem(errorCountKey)).toBeNull();
    expect(localStorage.getItem(firstErrorKey)).toBeNull();
    expect(getAuthInfo()?.access_token).toBe('access-1');
    expect(getUserInfo()?.name).toBe(ownerAccount.name);
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('stays on the page when not asked to navigate', async () => {
    const store = createAppStore();
    await store.dispatch(logIn(credentials, { navigateToRoot: false }));
    expect(navigate).not.toHaveBeenCalled();
  });

  it('counts a wrong password against the mobile and keeps the first error time', async () => {
    const store = createAppStore();
    const before = Date.now();

    const first = await store.dispatch(logIn({ ...credentials, password: 'Wrong@1' }));
    const firstTime = Number(localStorage.getItem(firstErrorKey));
    const second = await store.dispatch(logIn({ ...credentials, password: 'Wrong@2' }));

    expect(first).toEqual({ ok: false, code: 'password_not_match', message: '手机号或密码错误' });
    expect(second.ok).toBe(false);
    expect(localStorage.getItem(errorCountKey)).toBe('2');
    expect(firstTime).toBeGreaterThanOrEqual(before);
    expect(Number(localStorage.getItem(firstErrorKey))).toBe(firstTime);
    expect(getAuthInfo()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });

  it('does not count other failures', async () => {
    const store = createAppStore();
    const result = await store.dispatch(logIn({ ...credentials, captchaVerification: 'stale' }));

    expect(result).toEqual({ ok: false, code: 'captcha_invalid', message: '安全验证已失效，请重新验证' });
    expect(localStorage.getItem(errorCountKey)).toBeNull();
  });

  it('sets loading while it runs and clears it in every case', async () => {
    const store = createAppStore();
    const seen: boolean[] = [];
    const unsubscribe = store.subscribe(() => seen.push(selectLoginLoading(store.getState())));

    const pending = store.dispatch(logIn({ ...credentials, password: 'wrong' }));
    expect(selectLoginLoading(store.getState())).toBe(true);
    await pending;
    expect(selectLoginLoading(store.getState())).toBe(false);

    await store.dispatch(logIn(credentials));
    unsubscribe();
    expect(selectLoginLoading(store.getState())).toBe(false);
    expect(seen).toContain(true);
  });

  it('tells the user in Chinese when the platform configuration cannot be loaded', async () => {
    const { http: mock, HttpResponse } = await import('msw');
    platformServer.use(mock.get('*/api/channel/config/default', () => HttpResponse.error()));
    const store = createAppStore();

    const result = await store.dispatch(logIn(credentials));

    expect(result).toMatchObject({ ok: false, message: '平台配置加载失败，请刷新页面后重试' });
    expect(callsTo('/oauth/token')).toHaveLength(0);
  });

  it('leaves no half-stored session when the post-login routine fails', async () => {
    const { http: mock, HttpResponse } = await import('msw');
    platformServer.use(
      mock.get('*/api/permission/page', () =>
        HttpResponse.json({ code: 'INTERNAL_ERROR', msg: '服务异常' }, { status: 500 }),
      ),
    );
    const store = createAppStore();

    const result = await store.dispatch(logIn(credentials));

    expect(result).toMatchObject({ ok: false, message: '服务异常' });
    expect(getAuthInfo()).toBeNull();
    expect(getUserInfo()).toBeNull();
    expect(navigate).not.toHaveBeenCalled();
  });
});
