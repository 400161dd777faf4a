import { act, render } from '@testing-library/react';
import { Provider } from 'react-redux';
import { endSession } from '@/lib/session';
import { signInAs } from '@/lib/testing/fake-adapter';
import { setUserInfo } from '@/lib/storage';
import { createStore } from '@/app/store';
import { userInfoPublished } from '@/features/auth/model/user-slice';
import { selectAuthMethod } from '@/features/shell/model/global-slice';
import { fetchBizAuthType } from '@/features/account-security/api/account-security-requests';
import { SignedInSession } from './signed-in-session';

vi.mock('@/lib/realtime', () => ({
  startRealtime: vi.fn(),
  stopRealtime: vi.fn(),
  restartRealtime: vi.fn(),
}));
vi.mock('@/features/account-security/api/account-security-requests', () => ({ fetchBizAuthType: vi.fn() }));
const logOutLocally = vi.fn(() => ({ type: 'test/loggedOutLocally' }));
vi.mock('@/features/auth/model/logout', () => ({ logOutLocally: () => logOutLocally() }));

beforeEach(() => {
  vi.mocked(fetchBizAuthType).mockReset();
  logOutLocally.mockClear();
});

function mount(store = createStore()) {
  render(
    <Provider store={store}>
      <SignedInSession />
    </Provider>,
  );
  return store;
}

describe('SignedInSession', () => {
  it('loads the auth method into the global state for a signed-in user (a reload)', async () => {
    vi.mocked(fetchBizAuthType).mockResolvedValue('LICENSE');
    signInAs();
    setUserInfo({ mobile: '13800000001', permissions: {} });
    const store = mount();

    await vi.waitFor(() => expect(selectAuthMethod(store.getState())).toBe('LICENSE'));
  });

  it('keeps NO_PERMISSIONS when the lookup fails', async () => {
    vi.mocked(fetchBizAuthType).mockResolvedValue(null);
    signInAs();
    setUserInfo({ mobile: '13800000001', permissions: {} });
    const store = mount();
    await vi.waitFor(() => expect(fetchBizAuthType).toHaveBeenCalled());
    expect(selectAuthMethod(store.getState())).toBe('NO_PERMISSIONS');
  });

  it('looks it up after a sign-in, not before', async () => {
    vi.mocked(fetchBizAuthType).mockResolvedValue('BANKTRANSFER');
    const store = mount();
    expect(fetchBizAuthType).not.toHaveBeenCalled();

    act(() => void store.dispatch(userInfoPublished({ mobile: '13800000001', permissions: {} })));
    await vi.waitFor(() => expect(selectAuthMethod(store.getState())).toBe('BANKTRANSFER'));
  });

  it('looks it up again for another organisation after a switch', async () => {
    vi.mocked(fetchBizAuthType).mockResolvedValueOnce('LICENSE').mockResolvedValueOnce('BANKTRANSFER');
    signInAs();
    setUserInfo({ mobile: '13800000004', orgId: 'ORG-A', permissions: {} });
    const store = mount();
    await vi.waitFor(() => expect(selectAuthMethod(store.getState())).toBe('LICENSE'));

    act(
      () =>
        void store.dispatch(userInfoPublished({ mobile: '13800000004', orgId: 'ORG-B', permissions: {} })),
    );
    await vi.waitFor(() => expect(selectAuthMethod(store.getState())).toBe('BANKTRANSFER'));
    expect(fetchBizAuthType).toHaveBeenCalledTimes(2);
  });

  it('runs the app’s local logout when the request layer ends the session', async () => {
    signInAs();
    mount();
    endSession();
    await vi.waitFor(() => expect(logOutLocally).toHaveBeenCalledTimes(1));
  });
});
