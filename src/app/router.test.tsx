import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bindNavigate } from '@/lib/navigation';
import { startRealtime } from '@/lib/realtime';
import type * as Realtime from '@/lib/realtime';
import { clearSignIn, getAuthInfo, setUserInfo } from '@/lib/storage';
import { callsTo, ownerAccount, platformServer, resetPlatformServer } from '@/testing/platform-server';
import { renderApp, storeSignedInUser } from '@/testing/render-app';
import { listenFailingUnhandled, signedInLanding } from '@/testing/signed-in-landing';

// The signed-in shell opens the realtime socket: here the test records that it asked to.
vi.mock('@/lib/realtime', async (original) => ({
  ...(await original<typeof Realtime>()),
  startRealtime: vi.fn(),
}));

listenFailingUnhandled(platformServer);
beforeEach(() => platformServer.use(...signedInLanding));
afterEach(() => {
  resetPlatformServer();
  bindNavigate(null);
  vi.mocked(startRealtime).mockClear();
});
afterAll(() => platformServer.close());

// The first visit of each lazy page transforms its chunk (the dashboard is a large one): allow for a slow machine.
describe('route guarding', { timeout: 30_000 }, () => {
  it.each(['/', '/chain-bill/dashboard', '/chain-bill/anything/else'])(
    'sends a signed-out visit of %s to the login screen',
    async (path) => {
      const { router } = renderApp(path);

      expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/user/login');
    },
  );

  it('shows the login screen at /user/login-register too', async () => {
    renderApp('/user/login-register');
    expect(await screen.findByPlaceholderText('请输入手机号')).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请输入密码')).toBeInTheDocument();
  });

  it('lets anyone read the help centre', async () => {
    renderApp('/help-center/chain-bill');
    expect(await screen.findByRole('heading', { name: '帮助中心' })).toBeInTheDocument();
  });

  it('lands a signed-in visit of / on the dashboard, with the user and organisation in view', async () => {
    storeSignedInUser();
    const { router } = renderApp('/');

    expect(await screen.findByRole('heading', { name: '工作台' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chain-bill/dashboard');
    expect(screen.getAllByText(ownerAccount.name, { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getAllByText(ownerAccount.orgName, { exact: false }).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: '退出登录' })).toBeInTheDocument();
    expect(startRealtime).toHaveBeenCalled();
  });

  it('sends an unknown app path of a signed-in user to the dashboard', async () => {
    storeSignedInUser();
    const { router } = renderApp('/no/such/page');

    expect(await screen.findByRole('heading', { name: '工作台' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/chain-bill/dashboard');
  });

  it('logs out from the header: the server is told, storage is cleared and the login screen shows', async () => {
    storeSignedInUser();
    const user = userEvent.setup();
    const { router } = renderApp('/chain-bill/dashboard');

    await user.click(await screen.findByRole('button', { name: '退出登录' }));

    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/login');
    expect(callsTo('/api/user/logout')).toHaveLength(1);
    expect(getAuthInfo()).toBeNull();
    expect(localStorage.getItem('SgThsk_userInfo')).toBeNull();

    // With the session gone, the app is closed again.
    await act(() => router.navigate('/chain-bill/dashboard'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/login'));
  });

  it('checks the sign-in again on every navigation inside the app, not only when the frame first mounts', async () => {
    storeSignedInUser();
    const { router } = renderApp('/chain-bill/dashboard');
    expect(await screen.findByRole('heading', { name: '工作台' })).toBeInTheDocument();

    // The sign-in ends while the frame is still on screen (a logout whose login screen has not shown yet,
    // another tab signing out): the next page of the app is the login screen, not the frame without a token.
    clearSignIn();
    await act(() => router.navigate('/chain-bill/anything/else'));

    expect(await screen.findByRole('button', { name: '登录' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/user/login');
    expect(screen.queryByRole('button', { name: '退出登录' })).not.toBeInTheDocument();
  });

  it('opens 加入企业 to a user who belongs to no organisation and holds no permission, from the dashboard', async () => {
    storeSignedInUser();
    const { orgId: _orgId, orgName: _orgName, ...withoutOrganisation } = ownerAccount;
    setUserInfo({ ...withoutOrganisation, owner: false, permissions: {} });
    const user = userEvent.setup();
    const { router } = renderApp('/chain-bill/dashboard');

    await user.click(await screen.findByRole('link', { name: '查询并申请加入企业' }));

    expect(await screen.findByRole('heading', { name: '加入企业' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/company-center/join');
    expect(screen.getByLabelText('企业名称或统一社会信用代码')).toBeInTheDocument();
  });
});
