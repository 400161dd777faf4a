import { http as mock, HttpResponse } from 'msw';
import { getAuthInfo, getCompanyList, getUserInfo, setUserInfo } from '@/lib/storage';
import { createAppStore } from '@/lib/store';
import {
  callsTo,
  companies,
  ownerAccount,
  platformServer,
  servePlatformForEachTest,
} from '@/testing/platform-server';
import type { TokenAnswer } from '@/features/auth/api/auth-requests';
import { selectPermissionList } from '@/features/auth/model/permission-slice';
import { completeSignIn } from '@/features/auth/model/post-login';
import { selectCompanyList, selectUserInfo } from '@/features/auth/model/user-slice';

const navigate = servePlatformForEachTest();

const answer: TokenAnswer = {
  access_token: 'access-9',
  token_type: 'bearer',
  refresh_token: 'refresh-9',
  expires_in: 7200,
  scope: 'all',
  account: ownerAccount,
};

describe('post-login routine', () => {
  it('replaces the old auth and user info and stores the token without the account', async () => {
    setUserInfo({ mobile: '13900000000', name: '旧用户', permissions: { '/old': true } });
    const store = createAppStore();
    const before = Date.now();

    await store.dispatch(completeSignIn(answer));

    const stored = getAuthInfo();
    expect(stored).toMatchObject({
      access_token: 'access-9',
      refresh_token: 'refresh-9',
      token_type: 'bearer',
      expires_in: 7200,
      systemRole: 2,
      cId: 'CH0001',
      grant_type: 'mobile_password',
      scope: 'all',
      client_id: 'chain-bill-web',
      client_secret: 'chain-bill-web-public',
    });
    expect(stored!.date).toBeGreaterThanOrEqual(before);
    expect(stored).not.toHaveProperty('account');
    expect(JSON.parse(localStorage.getItem('SgThsk_authInfo')!)).not.toHaveProperty('account');
    expect(getUserInfo()?.permissions).not.toHaveProperty('/old');
  });

  it('fetches the permissions with the new token and stores the map with /normal stripped', async () => {
    const store = createAppStore();
    await store.dispatch(completeSignIn(answer));

    expect(callsTo('/api/permission/page')[0]!.headers.get('Authorization')).toBe('Bearer access-9');
    expect(getUserInfo()?.permissions).toEqual({ '/chain-bill/dashboard': true, '/chain-bill/issue': true });
    expect(selectPermissionList(store.getState())).toHaveLength(4);
  });

  it('saves userInfo, publishes it and remembers the mobile -> user id', async () => {
    const store = createAppStore();
    await store.dispatch(completeSignIn(answer));

    const published = selectUserInfo(store.getState());
    expect(published).toMatchObject({ id: 'U0001', mobile: '13800000001', orgId: 'ORG001', owner: true });
    expect(JSON.parse(localStorage.getItem('SgThsk_userInfo')!)).toEqual(published);
    expect(JSON.parse(sessionStorage.getItem('userInfo')!)).toEqual(published);
    expect(JSON.parse(localStorage.getItem('SgThsk_mobileUserIdMap')!)).toEqual({ '13800000001': 'U0001' });
  });

  it('calls the callback with true, or with bizAuthType, res and owner when given extra info', async () => {
    const plain = vi.fn();
    const detailed = vi.fn();
    const store = createAppStore();

    await store.dispatch(completeSignIn(answer, { callback: plain }));
    await store.dispatch(completeSignIn(answer, { callback: detailed, extra: { bizAuthType: 'LICENSE' } }));

    expect(plain).toHaveBeenCalledWith(true);
    expect(detailed).toHaveBeenCalledWith({ bizAuthType: 'LICENSE', res: answer, owner: true });
  });

  it("refreshes the company list and copies the current company's authorized and bound onto userInfo", async () => {
    const store = createAppStore();
    await store.dispatch(completeSignIn(answer));

    expect(getCompanyList()).toEqual(companies);
    expect(selectCompanyList(store.getState())).toEqual(companies);
    expect(getUserInfo()).toMatchObject({ orgId: 'ORG001', authorized: true, bound: true });
    expect(selectUserInfo(store.getState())).toMatchObject({ authorized: true, bound: true });
  });

  it('navigates to root only when asked', async () => {
    const store = createAppStore();
    await store.dispatch(completeSignIn(answer));
    expect(navigate).not.toHaveBeenCalled();

    await store.dispatch(completeSignIn(answer, { navigateToRoot: true }));
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });

  it('stores an empty user info when the answer has no account', async () => {
    const store = createAppStore();
    const { account: _account, ...withoutAccount } = answer;

    await store.dispatch(completeSignIn(withoutAccount));

    expect(getUserInfo()).toEqual({ permissions: {} });
    expect(callsTo('/api/permission/page')).toHaveLength(0);
  });

  it('keeps the sign-in when only the company list fails', async () => {
    platformServer.use(mock.get('*/api/account/orgs/list', () => HttpResponse.error()));
    const store = createAppStore();

    await store.dispatch(completeSignIn(answer, { navigateToRoot: true }));

    expect(getUserInfo()).toMatchObject({ authorized: false, bound: false });
    expect(navigate).toHaveBeenCalledWith('/', { replace: true });
  });
});
