import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { bindNavigate } from '@/lib/navigation';
import { startRealtime } from '@/lib/realtime';
import type * as Realtime from '@/lib/realtime';
import { getAuthInfo } from '@/lib/storage';
import { forgetChannelConfig } from '@/features/auth/api/channel-config';
import { DEMO_PASSWORD, callsTo, platformServer, resetPlatformServer } from '@/testing/platform-server';
import { listenFailingUnhandled, signedInLanding } from '@/testing/signed-in-landing';
import { renderApp } from '@/testing/render-app';

/** The puzzle is another component's business: here it passes or closes at a click. */
vi.mock('@/components/slider-captcha/slider-captcha-modal', () => ({
  SliderCaptchaModal: ({
    open,
    onSuccess,
    onCancel,
  }: {
    open: boolean;
    onSuccess: (captchaVerification: string) => void;
    onCancel: () => void;
  }) =>
    open ? (
      <div role="dialog" aria-label="请完成安全验证">
        <button type="button" onClick={() => onSuccess('captcha-ok')}>
          通过拼图
        </button>
        <button type="button" onClick={onCancel}>
          关闭
        </button>
      </div>
    ) : null,
}));

// The signed-in shell opens the realtime socket: here the test records that it asked to.
vi.mock('@/lib/realtime', async (original) => ({
  ...(await original<typeof Realtime>()),
  startRealtime: vi.fn(),
}));

listenFailingUnhandled(platformServer);
afterEach(() => {
  resetPlatformServer();
  forgetChannelConfig();
  bindNavigate(null);
  vi.mocked(startRealtime).mockClear();
});
afterAll(() => platformServer.close());

async function fill(mobile: string, password: string) {
  const user = userEvent.setup();
  renderApp('/user/login');
  const submit = await screen.findByRole('button', { name: '登录' });
  if (mobile) await user.type(screen.getByPlaceholderText('请输入手机号'), mobile);
  if (password) await user.type(screen.getByPlaceholderText('请输入密码'), password);
  await user.click(submit);
  return user;
}

describe('login screen', () => {
  it('labels its fields 手机号 and 密码', async () => {
    renderApp('/user/login');
    expect(await screen.findByLabelText('手机号')).toHaveAttribute('placeholder', '请输入手机号');
    expect(screen.getByLabelText('密码')).toHaveAttribute('placeholder', '请输入密码');
  });

  it('asks for both fields when submitted empty, and opens no puzzle', async () => {
    await fill('', '');

    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    expect(await screen.findByText('请输入密码')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('moves the focus to the first field that needs attention, marked invalid for screen readers', async () => {
    await fill('', DEMO_PASSWORD);

    const mobile = screen.getByLabelText('手机号');
    expect(await screen.findByText('请输入手机号')).toBeInTheDocument();
    expect(mobile).toHaveFocus();
    expect(mobile).toHaveAttribute('aria-invalid', 'true');
    expect(mobile).toHaveAccessibleDescription('请输入手机号');
    expect(screen.getByLabelText('密码')).not.toHaveAttribute('aria-invalid');
  });

  it('judges the mobile number on leaving the field, and drops the message once it is right', async () => {
    const user = userEvent.setup();
    renderApp('/user/login');
    const mobile = await screen.findByLabelText('手机号');

    await user.type(mobile, '1380000');
    expect(screen.queryByText('请输入正确的手机号')).not.toBeInTheDocument();
    await user.tab();
    expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument();

    await user.type(mobile, '0001');
    expect(screen.queryByText('请输入正确的手机号')).not.toBeInTheDocument();
    expect(mobile).not.toHaveAttribute('aria-invalid');
  });

  it('asks for a correct mobile number', async () => {
    await fill('1234567', DEMO_PASSWORD);

    expect(await screen.findByText('请输入正确的手机号')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('opens the slider puzzle once the input is valid, and signs in nobody before it passes', async () => {
    await fill('+86 138 0000 0001', DEMO_PASSWORD);

    expect(await screen.findByRole('dialog', { name: '请完成安全验证' })).toBeInTheDocument();
    expect(callsTo('/oauth/token')).toHaveLength(0);
  });

  it('closes the puzzle on cancel without signing in', async () => {
    const user = await fill('13800000001', DEMO_PASSWORD);
    await user.click(await screen.findByRole('button', { name: '关闭' }));

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(callsTo('/oauth/token')).toHaveLength(0);
  });

  // From the login screen, which loads no antd, to the dashboard: the sign-in code, antd's provider and
  // core, the shell and the dashboard are each transformed on first use, which on a loaded machine takes
  // longer than the usual 15 s.
  it('signs in with the puzzle verification and lands on the dashboard', async () => {
    platformServer.use(...signedInLanding);
    const user = await fill('13800000001', DEMO_PASSWORD);
    await user.click(await screen.findByRole('button', { name: '通过拼图' }));

    expect(await screen.findByRole('heading', { name: '工作台' }, { timeout: 50_000 })).toBeInTheDocument();
    expect(callsTo('/oauth/token')[0]!.form!.get('captchaVerification')).toBe('captcha-ok');
    expect(getAuthInfo()?.access_token).toBe('access-1');
    expect(startRealtime).toHaveBeenCalled();
  }, 60_000);

  it('shows 手机号或密码错误 for a wrong password and stays, counting the failure', async () => {
    const user = await fill('13800000001', 'Wrong@1234');
    await user.click(await screen.findByRole('button', { name: '通过拼图' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('手机号或密码错误');
    expect(screen.getByRole('button', { name: '登录' })).toBeInTheDocument();
    await waitFor(() => expect(localStorage.getItem('SgThsk_loginErrorCount_13800000001')).toBe('1'));
    expect(getAuthInfo()).toBeNull();
  });

  it('takes the sign-in error away once the user corrects the input', async () => {
    const user = await fill('13800000001', 'Wrong@1234');
    await user.click(await screen.findByRole('button', { name: '通过拼图' }));
    expect(await screen.findByText('手机号或密码错误')).toBeInTheDocument();

    await user.type(screen.getByLabelText('密码'), '!');

    expect(screen.queryByText('手机号或密码错误')).not.toBeInTheDocument();
  });
});
