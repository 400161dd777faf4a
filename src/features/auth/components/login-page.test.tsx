import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http as mock, HttpResponse } from 'msw';
import type { Page } from '@contract/envelope-schemas';
import { NOTICE_URL } from '@contract/notice';
import type { NoticeItem } from '@contract/notice-schemas';
import { ORG_URL } from '@contract/organization';
import type { Onboarding } from '@contract/organization-schemas';
import { SHELL_URL } from '@contract/shell';
import type {
  CheckedDefaultChannel,
  HolidayDay,
  OperationTime,
  OrgFunction,
  SystemStatus,
} from '@contract/shell-schemas';
import { STATISTICS_URL } from '@contract/statistics';
import type { Statistics } from '@contract/statistics-schemas';
import { VERIFICATION_URL } from '@contract/verification';
import type { BizAuthType } from '@contract/verification-schemas';
import { bindNavigate } from '@/lib/navigation';
import { startRealtime } from '@/lib/realtime';
import type * as Realtime from '@/lib/realtime';
import { getAuthInfo } from '@/lib/storage';
import { forgetChannelConfig } from '@/features/auth/api/channel-config';
import { DEMO_PASSWORD, callsTo, platformServer, resetPlatformServer } from '@/testing/platform-server';
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

/** A request no handler answers fails the test that made it (the page calls nothing it was not given). */
const unexpected: string[] = [];
beforeAll(() =>
  platformServer.listen({
    onUnhandledRequest: (request) => void unexpected.push(`${request.method} ${request.url}`),
  }),
);
afterEach(() => {
  resetPlatformServer();
  forgetChannelConfig();
  bindNavigate(null);
  vi.mocked(startRealtime).mockClear();
  expect(unexpected.splice(0), 'requests no handler answers').toEqual([]);
});
afterAll(() => platformServer.close());

const envelope = <T,>(data: T) => HttpResponse.json({ code: 200, msg: '操作成功', data });

/**
 * What the signed-in shell and the dashboard ask for once the sign-in lands there, as a new organisation's
 * would answer: no notices, no business yet, the platform open.
 */
const signedInLanding = [
  mock.get(`*${VERIFICATION_URL.bizAuthType}`, () => envelope<BizAuthType>({ bizAuthType: 'LICENSE' })),
  mock.post(`*${NOTICE_URL.page}`, () =>
    envelope<Page<NoticeItem>>({ content: [], totalElements: 0, totalPages: 0, size: 5, number: 0 }),
  ),
  mock.get(`*${SHELL_URL.systemStatus}`, () =>
    envelope<SystemStatus>({ status: 'SS00', name: '系统正常', unpublishedHolidayYears: [], dayEnd: null }),
  ),
  mock.get(`*${SHELL_URL.holidayToday}`, () =>
    envelope<HolidayDay>({ date: '2026-11-26', holiday: false, workday: true }),
  ),
  mock.get(`*${SHELL_URL.operationTime}`, () =>
    envelope<OperationTime[]>([
      { name: '企业票据业务', start: '08:00', end: '20:00', businessDayEnd: '21:00' },
    ]),
  ),
  mock.get(`*${SHELL_URL.channelCheckedDefault}`, () =>
    envelope<CheckedDefaultChannel>({ checked: true, channelId: 'CH0001' }),
  ),
  mock.get(`*${SHELL_URL.orgFunctions}`, () => envelope<OrgFunction[]>([])),
  mock.get(`*${ORG_URL.onboarding}`, () =>
    envelope<Onboarding>({
      authenticated: true,
      settlementAccount: false,
      agreementSigned: false,
      functionOpened: false,
    }),
  ),
  mock.get(`*${STATISTICS_URL.figures}`, () =>
    envelope<Statistics>({ count: 0, amount: '0.00', monthly: [] }),
  ),
];

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
