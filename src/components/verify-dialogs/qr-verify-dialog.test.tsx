import { act, fireEvent, render as renderBare, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import ConfigProvider from 'antd/es/config-provider';
import type { QrCodeEventPayload } from '@contract/realtime';
import { subscribeRealtime } from '@/lib/realtime';
import { QR_POLL_INTERVAL, QrVerifyDialog } from './qr-verify-dialog';
import { fetchQrStatus, fetchVerificationQr } from './verification-api';

vi.mock('./verification-api', () => ({ fetchVerificationQr: vi.fn(), fetchQrStatus: vi.fn() }));

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
vi.mock('@/lib/realtime', () => ({
  subscribeRealtime: vi.fn((type: string, handler: Handler) => {
    const set = handlers.get(type) ?? new Set<Handler>();
    set.add(handler);
    handlers.set(type, set);
    return () => set.delete(handler);
  }),
}));

const CHALLENGE = '5b0d7f0e-0000-4000-8000-000000000001';
const NEXT_CHALLENGE = '5b0d7f0e-0000-4000-8000-000000000002';

const render = (ui: ReactElement) =>
  renderBare(<ConfigProvider button={{ autoInsertSpace: false }}>{ui}</ConfigProvider>);

/** Lets pending promises (the QR fetch, the submit) settle and runs timers due in `ms`. */
const elapse = (ms = 0) => act(() => vi.advanceTimersByTimeAsync(ms));

function push(payload: QrCodeEventPayload, type = 'QRCODE_EVENT') {
  act(() => handlers.get(type)?.forEach((handler) => handler(payload)));
}

let issued = 0;
beforeEach(() => {
  vi.useFakeTimers();
  issued = 0;
  handlers.clear();
  vi.mocked(fetchVerificationQr)
    .mockReset()
    .mockImplementation(async () => {
      issued += 1;
      return { qrImage: `IMG${issued}`, qrId: `qr-${issued}`, expiresIn: 120 };
    });
  vi.mocked(fetchQrStatus)
    .mockReset()
    .mockImplementation(async (qrId) => ({ status: 0, msg: '等待扫码确认', __qrcodeId: qrId }));
});
afterEach(() => vi.useRealTimers());

const qrImage = () => screen.queryByAltText('扫码验证二维码');

async function open(onSubmit = vi.fn().mockResolvedValue({ done: true })) {
  render(<QrVerifyDialog open challengeId={CHALLENGE} onSubmit={onSubmit} onCancel={vi.fn()} />);
  await elapse();
  return onSubmit;
}

describe('QrVerifyDialog', () => {
  it('starts in status 0 with the fetched code and listens for QRCODE_EVENT', async () => {
    await open();

    expect(fetchVerificationQr).toHaveBeenCalledWith(CHALLENGE, expect.any(AbortSignal));
    expect(qrImage()).toHaveAttribute('src', 'data:image/jpeg;base64,IMG1');
    expect(screen.getByText('等待扫码确认…')).toBeInTheDocument();
    expect(subscribeRealtime).toHaveBeenCalledWith('QRCODE_EVENT', expect.any(Function));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows 二维码获取失败 with a refresh when the fetch fails, and the refresh fetches a new code', async () => {
    vi.mocked(fetchVerificationQr).mockRejectedValueOnce(new Error('500'));
    await open();

    expect(screen.getByText('二维码获取失败')).toBeInTheDocument();
    expect(qrImage()).toBeNull();

    fireEvent.click(screen.getByText('刷新二维码'));
    await elapse();

    expect(fetchVerificationQr).toHaveBeenCalledTimes(2);
    expect(qrImage()).toHaveAttribute('src', 'data:image/jpeg;base64,IMG1');
    expect(screen.queryByText('二维码获取失败')).not.toBeInTheDocument();
  });

  it('on success shows 认证成功 and completes with the signature 1 s later', async () => {
    const onSubmit = await open();

    push({ status: 1, msg: '验证成功', __qrcodeId: 'qr-other', signature: 'sig-other' });
    expect(screen.queryByText('认证成功')).not.toBeInTheDocument();

    push({ status: 1, msg: '验证成功', __qrcodeId: 'qr-1', signature: 'sig-1' });
    expect(screen.getByText('认证成功')).toBeInTheDocument();
    await elapse(999);
    expect(onSubmit).not.toHaveBeenCalled();
    await elapse(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledWith({ qrId: 'qr-1', signature: 'sig-1' });

    push({ status: 1, msg: '验证成功', __qrcodeId: 'qr-1', signature: 'sig-1' });
    await elapse(1000);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('shows the failure event’s message and a refresh that fetches a new code', async () => {
    await open();

    push({ status: -1, msg: '已拒绝授权', __qrcodeId: 'qr-1' });
    expect(screen.getByRole('alert')).toHaveTextContent('已拒绝授权');

    fireEvent.click(screen.getByText('刷新二维码'));
    await elapse();
    expect(qrImage()).toHaveAttribute('src', 'data:image/jpeg;base64,IMG2');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when the replay refuses the proof, shows why and refreshes with the next challenge', async () => {
    const onSubmit = vi
      .fn()
      .mockResolvedValue({ done: false, message: '扫码验证无效或已过期', challengeId: NEXT_CHALLENGE });
    await open(onSubmit);

    push({ status: 1, msg: '验证成功', __qrcodeId: 'qr-1', signature: 'sig-1' });
    await elapse(1000);
    expect(screen.getByRole('alert')).toHaveTextContent('扫码验证无效或已过期');

    fireEvent.click(screen.getByText('刷新二维码'));
    await elapse();
    expect(fetchVerificationQr).toHaveBeenLastCalledWith(NEXT_CHALLENGE, expect.any(AbortSignal));
  });

  it('asks for the status every few seconds in case the socket is down', async () => {
    const onSubmit = await open();
    await elapse(QR_POLL_INTERVAL);
    expect(fetchQrStatus).toHaveBeenCalledWith('qr-1', expect.any(AbortSignal));

    vi.mocked(fetchQrStatus).mockResolvedValue({
      status: 1,
      msg: '验证成功',
      __qrcodeId: 'qr-1',
      signature: 'sig-poll',
    });
    await elapse(QR_POLL_INTERVAL);
    expect(screen.getByText('认证成功')).toBeInTheDocument();
    await elapse(1000);
    expect(onSubmit).toHaveBeenCalledWith({ qrId: 'qr-1', signature: 'sig-poll' });
  });

  it('asks for the status at once when events may have been missed', async () => {
    const onSubmit = await open();
    vi.mocked(fetchQrStatus).mockResolvedValue({
      status: 1,
      msg: '验证成功',
      __qrcodeId: 'qr-1',
      signature: 'sig-resync',
    });
    act(() => handlers.get('REALTIME_RESYNC')?.forEach((handler) => handler({})));
    await elapse();
    expect(fetchQrStatus).toHaveBeenCalledTimes(1);
    expect(screen.getByText('认证成功')).toBeInTheDocument();
    await elapse(1000);
    expect(onSubmit).toHaveBeenCalledWith({ qrId: 'qr-1', signature: 'sig-resync' });
  });

  it('has no code to show without a challenge', async () => {
    render(<QrVerifyDialog open challengeId={undefined} onSubmit={vi.fn()} onCancel={vi.fn()} />);
    await elapse();
    expect(screen.getByText('二维码获取失败')).toBeInTheDocument();
    expect(fetchVerificationQr).not.toHaveBeenCalled();
  });
});
