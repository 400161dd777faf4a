import { act, configure, fireEvent, render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import { HttpError } from '@/lib/http-error';
import { setUserInfo } from '@/lib/storage';
import { SmsVerifyDialog } from './sms-verify-dialog';
import { sendSmsCode } from './verification-api';

vi.mock('./verification-api', () => ({ sendSmsCode: vi.fn() }));
vi.mock('@/components/slider-captcha/slider-captcha-modal', () => ({
  SliderCaptchaModal: ({
    open,
    scene,
    onSuccess,
  }: {
    open: boolean;
    scene: string;
    onSuccess: (v: string) => void;
  }) =>
    open ? (
      <button type="button" onClick={() => onSuccess(`captcha-${scene}`)}>
        完成拼图
      </button>
    ) : null,
}));

// antd's dialog is a big tree for jsdom; the first render of a test file can take a while.
configure({ asyncUtilTimeout: 5000 });

/** As in the app: antd's Chinese two-character buttons without an inserted space. */
const render = (ui: ReactElement) =>
  renderBare(<ConfigProvider button={{ autoInsertSpace: false }}>{ui}</ConfigProvider>);

const MOBILE = '13800000001';
const START = new Date('2026-03-02T09:00:00+08:00').getTime();

beforeEach(() => {
  vi.mocked(sendSmsCode).mockReset();
});
afterEach(() => vi.useRealTimers());

/** Only the countdown's clock is faked: antd and Testing Library keep their real timeouts. */
function fakeTheCountdownClock() {
  vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval', 'Date'] });
  vi.setSystemTime(START);
}

const props = { open: true, mobile: MOBILE, onSubmit: vi.fn(), onCancel: vi.fn() };
// Text queries: role queries walk antd's whole dialog and are slow in jsdom.
const sendButton = () => screen.getByText(/^(获取验证码|\d+秒后重新获取)$/).closest('button')!;
const tick = (ms: number) => act(() => vi.advanceTimersByTime(ms));

async function sendCode() {
  fireEvent.click(sendButton());
  fireEvent.click(await screen.findByText('完成拼图'));
  await screen.findByText('61秒后重新获取');
  // The countdown's interval starts in an effect after that render: on a busy machine a tick can come first.
  await act(async () => {});
  if (vi.isFakeTimers()) expect(vi.getTimerCount()).toBeGreaterThan(0);
}

describe('SmsVerifyDialog', () => {
  it('shows the mobile prefilled and disabled', async () => {
    render(<SmsVerifyDialog {...props} />);
    expect(await screen.findByRole('dialog', { name: '短信验证' })).toBeInTheDocument();
    const mobile = screen.getByLabelText('手机号');
    expect(mobile).toHaveValue(MOBILE);
    expect(mobile).toBeDisabled();
  });

  it('requires the code and exactly 6 digits', async () => {
    const onSubmit = vi.fn();
    render(<SmsVerifyDialog {...props} onSubmit={onSubmit} />);

    fireEvent.click(screen.getByText('确定').closest('button')!);
    expect(await screen.findByText('请输入验证码')).toBeInTheDocument();
    fireEvent.change(screen.getByPlaceholderText('请输入6位验证码'), { target: { value: '12a' } });
    expect(
      await screen.findByText('请输入6位验证码', { selector: '.ant-form-item-explain-error' }),
    ).toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('runs the slider puzzle (scene sms), sends the code and counts 61 s down', async () => {
    fakeTheCountdownClock();
    vi.mocked(sendSmsCode).mockResolvedValue({ expiresIn: 300, resendAfter: 61 });
    render(<SmsVerifyDialog {...props} />);

    await sendCode();

    expect(sendSmsCode).toHaveBeenCalledWith(MOBILE, 'captcha-sms');
    expect(sendButton()).toBeDisabled();
    expect(JSON.parse(localStorage.getItem('SgThsk_sms_timeout_login')!)).toEqual({
      user: '',
      mobile: MOBILE,
      timestamp: START,
    });
    tick(3000);
    expect(sendButton()).toHaveTextContent('58秒后重新获取');
  });

  it('keeps counting after the dialog is closed and opened again', async () => {
    fakeTheCountdownClock();
    vi.mocked(sendSmsCode).mockResolvedValue({ expiresIn: 300, resendAfter: 61 });
    const first = render(<SmsVerifyDialog {...props} />);
    await sendCode();
    tick(3000);
    first.unmount();

    tick(10_000);
    render(<SmsVerifyDialog {...props} />);
    expect(sendButton()).toHaveTextContent('48秒后重新获取');
    expect(sendButton()).toBeDisabled();

    tick(48_000);
    expect(sendButton()).toHaveTextContent('获取验证码');
    expect(sendButton()).toBeEnabled();
  });

  it('does not carry another mobile’s countdown', () => {
    fakeTheCountdownClock();
    localStorage.setItem(
      'SgThsk_sms_timeout_login',
      JSON.stringify({ user: '', mobile: '13900000009', timestamp: START - 1000 }),
    );
    render(<SmsVerifyDialog {...props} />);
    expect(sendButton()).toHaveTextContent('获取验证码');
    expect(sendButton()).toBeEnabled();
  });

  it('does not carry another signed-in user’s countdown, and carries the user’s own', async () => {
    fakeTheCountdownClock();
    vi.mocked(sendSmsCode).mockResolvedValue({ expiresIn: 300, resendAfter: 61 });
    setUserInfo({ id: 'U0001', mobile: MOBILE, permissions: {} });
    const first = render(<SmsVerifyDialog {...props} />);
    await sendCode();
    expect(JSON.parse(localStorage.getItem('SgThsk_sms_timeout_login')!)).toMatchObject({ user: 'U0001' });
    first.unmount();

    // The same browser, another account on that mobile (an owner who handed it over, a demo account).
    setUserInfo({ id: 'U0002', mobile: MOBILE, permissions: {} });
    const second = render(<SmsVerifyDialog {...props} />);
    expect(sendButton()).toHaveTextContent('获取验证码');
    expect(sendButton()).toBeEnabled();
    second.unmount();

    setUserInfo({ id: 'U0001', mobile: MOBILE, permissions: {} });
    render(<SmsVerifyDialog {...props} />);
    expect(sendButton()).toHaveTextContent('61秒后重新获取');
  });

  it('counts down the Retry-After of a 429', async () => {
    fakeTheCountdownClock();
    vi.mocked(sendSmsCode).mockRejectedValue(
      new HttpError(429, 'RATE_LIMITED', '操作过于频繁', null, { retryAfter: 42 }),
    );
    render(<SmsVerifyDialog {...props} />);
    fireEvent.click(sendButton());
    fireEvent.click(await screen.findByText('完成拼图'));
    expect((await screen.findByText('42秒后重新获取')).closest('button')).toBeDisabled();
  });

  it('submits the code, and keeps the dialog open with the reason when it is refused', async () => {
    const onSubmit = vi
      .fn()
      .mockResolvedValue({ done: false, message: '验证码错误或已失效', challengeId: 'c2' });
    render(<SmsVerifyDialog {...props} onSubmit={onSubmit} />);

    fireEvent.change(screen.getByPlaceholderText('请输入6位验证码'), { target: { value: '123456' } });
    fireEvent.click(screen.getByText('确定').closest('button')!);

    expect(await screen.findByText('验证码错误或已失效')).toBeInTheDocument();
    expect(onSubmit).toHaveBeenCalledWith('123456');
    expect(screen.getByRole('dialog', { name: '短信验证' })).toBeInTheDocument();
  });

  it('cancels through 取消', () => {
    const onCancel = vi.fn();
    render(<SmsVerifyDialog {...props} onCancel={onCancel} />);
    fireEvent.click(screen.getByText('取消').closest('button')!);
    expect(onCancel).toHaveBeenCalledTimes(1);
  });
});
