import { act, render } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import { Provider } from 'react-redux';
import { http as mock, HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { api } from '@/lib/api';
import { endSession } from '@/lib/session';
import { signInAs } from '@/testing/fake-adapter';
import { setUserInfo } from '@/lib/storage';
import { createStore } from '@/app/store';
import { userInfoPublished } from '@/features/auth/model/user-slice';
import { selectAuthMethod } from '@/features/account-security/api/account-security-api';
import { SignedInSession } from './signed-in-session';

vi.mock('@/lib/realtime', () => ({
  startRealtime: vi.fn(),
  stopRealtime: vi.fn(),
  restartRealtime: vi.fn(),
}));
const logOutLocally = vi.fn(() => ({ type: 'test/loggedOutLocally' }));
vi.mock('@/features/auth/model/logout', () => ({ logOutLocally: () => logOutLocally() }));

/** What the server answers for the auth method, in turn; a missing answer is a 500. */
let answers: string[] = [];
let lookups = 0;
const server = setupServer(
  mock.get('*/api/organization/product-channel/biz-auth/type', () => {
    lookups += 1;
    const next = answers.shift();
    return next
      ? HttpResponse.json({ code: 200, msg: '操作成功', data: { bizAuthType: next } })
      : HttpResponse.json({ code: 500, msg: '服务异常' }, { status: 500 });
  }),
);

listenFailingUnhandled(server);
beforeEach(() => {
  answers = [];
  lookups = 0;
  logOutLocally.mockClear();
});
afterAll(() => server.close());

function mount(store = createStore()) {
  render(
    <Provider store={store}>
      <SignedInSession />
    </Provider>,
  );
  return store;
}

describe('SignedInSession', () => {
  it('loads the auth method for a signed-in user (a reload)', async () => {
    answers = ['LICENSE'];
    signInAs();
    setUserInfo({ mobile: '13800000001', permissions: {} });
    const store = mount();

    await vi.waitFor(() => expect(selectAuthMethod(store.getState())).toBe('LICENSE'));
  });

  it('keeps NO_PERMISSIONS when the lookup fails', async () => {
    signInAs();
    setUserInfo({ mobile: '13800000001', permissions: {} });
    const store = mount();
    await vi.waitFor(() => expect(lookups).toBe(1));
    await vi.waitFor(() =>
      expect(store.getState().api?.queries['bizAuthType(undefined)']?.status).toBe('rejected'),
    );
    expect(selectAuthMethod(store.getState())).toBe('NO_PERMISSIONS');
  });

  it('looks it up after a sign-in, not before', async () => {
    answers = ['BANKTRANSFER'];
    const store = mount();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(lookups).toBe(0);

    act(() => void store.dispatch(userInfoPublished({ mobile: '13800000001', permissions: {} })));
    await vi.waitFor(() => expect(selectAuthMethod(store.getState())).toBe('BANKTRANSFER'));
  });

  it('looks it up again for another organisation after a switch, which resets the cache', async () => {
    answers = ['LICENSE', 'BANKTRANSFER'];
    signInAs();
    setUserInfo({ mobile: '13800000004', orgId: 'ORG-A', permissions: {} });
    const store = mount();
    await vi.waitFor(() => expect(selectAuthMethod(store.getState())).toBe('LICENSE'));

    act(() => {
      store.dispatch(api.util.resetApiState());
      store.dispatch(userInfoPublished({ mobile: '13800000004', orgId: 'ORG-B', permissions: {} }));
    });
    await vi.waitFor(() => expect(selectAuthMethod(store.getState())).toBe('BANKTRANSFER'));
    expect(lookups).toBe(2);
  });

  it('runs the app’s local logout when the request layer ends the session', async () => {
    signInAs();
    mount();
    endSession();
    await vi.waitFor(() => expect(logOutLocally).toHaveBeenCalledTimes(1));
  });
});
