import { render, screen, waitFor } from '@testing-library/react';
import { listenFailingUnhandled } from '@/testing/signed-in-landing';
import userEvent from '@testing-library/user-event';
import { captchaRequests, captchaServer, resetCaptchaServer } from '@/testing/captcha-server';
import { SliderCaptchaModal } from './slider-captcha-modal';

listenFailingUnhandled(captchaServer);
afterEach(() => resetCaptchaServer());
afterAll(() => captchaServer.close());

describe('SliderCaptchaModal', () => {
  it('shows the puzzle in a dialog titled 请完成安全验证', async () => {
    render(<SliderCaptchaModal open scene="sms" onSuccess={() => {}} onCancel={() => {}} />);

    expect(await screen.findByRole('dialog', { name: '请完成安全验证' })).toBeInTheDocument();
    expect(await screen.findByAltText('拼图背景')).toBeInTheDocument();
    expect(screen.getByRole('slider', { name: /拼图滑块/ })).toBeInTheDocument();
    expect(captchaRequests.gets[0]!.get('scene')).toBe('sms');
  });

  it('renders nothing and fetches nothing while closed', () => {
    render(<SliderCaptchaModal open={false} onSuccess={() => {}} onCancel={() => {}} />);

    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(captchaRequests.gets).toHaveLength(0);
  });

  it('closes through onCancel on Esc', async () => {
    const user = userEvent.setup();
    const onCancel = vi.fn();
    render(<SliderCaptchaModal open onSuccess={() => {}} onCancel={onCancel} />);
    await screen.findByAltText('拼图背景');

    await user.keyboard('{Escape}');

    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('fetches a fresh puzzle each time it opens', async () => {
    const props = { onSuccess: () => {}, onCancel: () => {} };
    const { rerender } = render(<SliderCaptchaModal open {...props} />);
    await screen.findByAltText('拼图背景');

    rerender(<SliderCaptchaModal open={false} {...props} />);
    await waitFor(() => expect(screen.queryByAltText('拼图背景')).not.toBeInTheDocument());
    rerender(<SliderCaptchaModal open {...props} />);

    await waitFor(() => expect(captchaRequests.gets).toHaveLength(2));
    expect((await screen.findByAltText('拼图块')).getAttribute('src')).toContain('piece-2');
  });
});
