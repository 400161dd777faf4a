import { http as mock, HttpResponse } from 'msw';
import { setAuthInfo, setCompanyList, setUserInfo } from '@/lib/storage';
import { createAppStore } from '@/lib/store';
import { authInfo } from '@/testing/fake-adapter';
import { callsTo, platformServer, servePlatformForEachTest } from '@/testing/platform-server';
import { logOut, logOutLocally } from '@/features/auth/model/logout';
import { selectCompanyList, selectUserInfo, userInfoPublished } from '@/features/auth/model/user-slice';

const { stopRealtime } = vi.hoisted(() => ({ stopRealtime: vi.fn() }));
vi.mock('@/lib/realtime', async (original) => ({ ...(await original<object>()), stopRealtime }));

const navigate = servePlatformForEachTest();

function signIn() {
  setAuthInfo(authInfo('access-1', 'refresh-1'));
  setUserInfo({ mobile: '13800000001', name: '张经理', permissions: {} });
  setCompanyList([]);
  localStorage.setItem('SgThsk_mobileUserIdMap', JSON.stringify({ '13800000001': 'U0001' }));
  // A code was just sent: the resend countdown runs.
  localStorage.setItem(
    'SgThsk_sms_timeout_login',
    JSON.stringify({ user: 'U0001', mobile: '13800000001', timestamp: Date.now() }),
  );
}

const SIGN_IN_KEYS = ['authInfo', 'userInfo', 'companyList'];

function expectSignedOut(store: ReturnType<typeof createAppStore>) {
  for (const key of SIGN_IN_KEYS) {
    expect(sessionStorage.getItem(key)).toBeNull();
    expect(localStorage.getItem(`SgThsk_${key}`)).toBeNull();
  }
  expect(selectUserInfo(store.getState())).toBeNull();
  expect(selectCompanyList(store.getState())).toEqual([]);
  expect(navigate).toHaveBeenCalledWith('/user/login', { replace: true });
}

describe('logout', () => {
  it('local variant: clears auth, user and company list and goes to /user/login without calling the server', () => {
    signIn();
    const store = createAppStore();
    store.dispatch(userInfoPublished({ name: '张经理', permissions: {} }));

    store.dispatch(logOutLocally());

    expectSignedOut(store);
    expect(localStorage.getItem('SgThsk_sms_timeout_login')).toBeNull();
    expect(stopRealtime).toHaveBeenCalled();
    expect(callsTo('/api/user/logout')).toHaveLength(0);
    expect(JSON.parse(localStorage.getItem('SgThsk_mobileUserIdMap')!)).toEqual({ '13800000001': 'U0001' });
  });

  it('server variant: revokes the session with its token first, then logs out locally', async () => {
    signIn();
    const store = createAppStore();

    await store.dispatch(logOut());

    const [call] = callsTo('/api/user/logout');
    expect(call!.headers.get('Authorization')).toBe('Bearer access-1');
    expectSignedOut(store);
  });

  it('server variant: still leaves when the server call fails', async () => {
    platformServer.use(
      mock.post('*/api/user/logout', () =>
        HttpResponse.json({ error: 'invalid_token', error_description: 'expired' }, { status: 401 }),
      ),
    );
    signIn();
    const store = createAppStore();

    await store.dispatch(logOut());

    expectSignedOut(store);
  });
});
