import { act, fireEvent, render, screen } from '@testing-library/react';
import { QrAuthPanel } from './qr-auth-panel';

const NINE_MINUTES = 540_000;
const QR = 'data:image/jpeg;base64,AAAA';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('QrAuthPanel', () => {
  it('shows the code while waiting, and a placeholder without one', () => {
    const { rerender } = render(<QrAuthPanel alt="二维码" />);
    expect(screen.queryByAltText('二维码')).not.toBeInTheDocument();

    rerender(<QrAuthPanel qrcode={QR} alt="二维码" />);
    expect(screen.getByAltText('二维码')).toHaveAttribute('src', QR);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('overlays 认证成功 on success', () => {
    render(<QrAuthPanel status={1} qrcode={QR} />);
    expect(screen.getByText('认证成功')).toBeInTheDocument();
  });

  it('shows a refresh mask and an error alert with msg on failure', () => {
    const updateQrcode = vi.fn();
    render(<QrAuthPanel status={-1} qrcode={QR} msg="已拒绝授权" updateQrcode={updateQrcode} />);

    expect(screen.getByRole('alert')).toHaveTextContent('错误');
    expect(screen.getByRole('alert')).toHaveTextContent('已拒绝授权');
    fireEvent.click(screen.getByRole('button', { name: /刷新二维码/ }));
    expect(updateQrcode).toHaveBeenCalledTimes(1);
  });

  it('expires 9 minutes after mount, and a refresh restarts the 9 minutes', () => {
    const updateQrcode = vi.fn();
    render(<QrAuthPanel qrcode={QR} updateQrcode={updateQrcode} />);

    act(() => vi.advanceTimersByTime(NINE_MINUTES - 1));
    expect(screen.queryByText('二维码已过期，请刷新重试')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('二维码已过期，请刷新重试')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /刷新二维码/ }));
    expect(updateQrcode).toHaveBeenCalledTimes(1);
    expect(screen.queryByText('二维码已过期，请刷新重试')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(NINE_MINUTES - 1));
    expect(screen.queryByText('二维码已过期，请刷新重试')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText('二维码已过期，请刷新重试')).toBeInTheDocument();
  });

  it('does not expire a code that succeeded', () => {
    render(<QrAuthPanel status={1} qrcode={QR} />);
    act(() => vi.advanceTimersByTime(NINE_MINUTES));
    expect(screen.queryByText('二维码已过期，请刷新重试')).not.toBeInTheDocument();
    expect(screen.getByText('认证成功')).toBeInTheDocument();
  });

  it('clears the expiry when the status changes to anything but failure', () => {
    const { rerender } = render(<QrAuthPanel status={-1} qrcode={QR} msg="x" />);
    expect(screen.getByRole('alert')).toBeInTheDocument();
    rerender(<QrAuthPanel status={0} qrcode={QR} msg="" />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
