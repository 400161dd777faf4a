import { act, fireEvent, render, screen, within } from '@testing-library/react';
import { LicenceQrAuthPanel } from './licence-qr-auth-panel';

const NINE_MINUTES = 540_000;
const QR = 'data:image/jpeg;base64,AAAA';
const EXPIRED = '二维码已过期，请刷新重试';

beforeEach(() => vi.useFakeTimers());
afterEach(() => vi.useRealTimers());

describe('LicenceQrAuthPanel', () => {
  it('shows the title, the instructions link in a new tab, three numbered lines and the LICENSE steps', () => {
    render(<LicenceQrAuthPanel />);
    const left = screen.getByRole('region', { name: '请使用电子营业执照小程序或App扫码认证' });
    const link = within(left).getByRole('link', { name: '电子营业执照使用说明' });
    expect(link).toHaveAttribute('target', '_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(within(left).getAllByRole('listitem')).toHaveLength(3);
    expect(within(left).getByText(/电子商务-互联网认证服务-统一身份认证/)).toBeInTheDocument();
    // No code yet: the placeholder.
    expect(within(left).queryByRole('img')).not.toBeInTheDocument();

    const steps = within(screen.getByRole('region', { name: '操作步骤说明' })).getAllByRole('listitem');
    expect(steps.map((step) => step.textContent)).toEqual([
      '第1步使用电子营业执照小程序或App扫描左侧二维码',
      '第2步选择本企业的电子营业执照，输入执照密码',
      '第3步点击“确认登录”，等待认证成功',
    ]);
  });

  it('shows the code while waiting, with nothing over it', () => {
    render(<LicenceQrAuthPanel qrcode={QR} />);
    expect(screen.getByAltText('电子营业执照认证二维码')).toHaveAttribute('src', QR);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('overlays 认证成功 on success and never expires it', () => {
    render(<LicenceQrAuthPanel status={1} qrcode={QR} />);
    expect(screen.getByText('认证成功')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(NINE_MINUTES));
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
  });

  it('masks a failed code with a refresh and an 错误 alert showing msg', () => {
    const updateQrcode = vi.fn();
    render(
      <LicenceQrAuthPanel
        status={-1}
        qrcode={QR}
        msg="电子营业执照持有人已拒绝授权"
        updateQrcode={updateQrcode}
      />,
    );
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('错误');
    expect(alert).toHaveTextContent('电子营业执照持有人已拒绝授权');
    fireEvent.click(screen.getByRole('button', { name: /刷新二维码/ }));
    expect(updateQrcode).toHaveBeenCalledTimes(1);
  });

  it('expires 540000 ms after mount with its overlay, and a refresh restarts the timer', () => {
    const updateQrcode = vi.fn();
    render(<LicenceQrAuthPanel qrcode={QR} updateQrcode={updateQrcode} />);
    act(() => vi.advanceTimersByTime(NINE_MINUTES - 1));
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(EXPIRED)).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: /刷新二维码/ }));
    expect(updateQrcode).toHaveBeenCalledTimes(1);
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(NINE_MINUTES - 1));
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByText(EXPIRED)).toBeInTheDocument();
  });

  it('treats a status change to failure as expired, and any other status as not', () => {
    const { rerender } = render(<LicenceQrAuthPanel status={0} qrcode={QR} />);
    rerender(<LicenceQrAuthPanel status={-1} qrcode={QR} msg="二维码已过期" />);
    expect(screen.getByRole('button', { name: /刷新二维码/ })).toBeInTheDocument();
    rerender(<LicenceQrAuthPanel status={0} qrcode={QR} />);
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
    rerender(<LicenceQrAuthPanel status={1} qrcode={QR} />);
    expect(screen.getByText('认证成功')).toBeInTheDocument();
  });
});
