import { useEffect } from 'react';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import AntApp from 'antd/es/app';
import { bindNotifier } from '@/lib/notify';
import { DesktopUpdateListener } from './desktop-update-listener';

/** The mounted App, bound for code outside components as the signed-in app binds its own. */
function NotifierBinding() {
  const notifier = AntApp.useApp();
  useEffect(() => bindNotifier(notifier), [notifier]);
  return null;
}

function post(data: unknown) {
  act(() => {
    window.dispatchEvent(new MessageEvent('message', { data, origin: window.location.origin }));
  });
}

describe('update-application from the desktop client', { timeout: 30_000 }, () => {
  afterEach(() => {
    delete window.chainBillDesktop;
  });

  it('code 5 asks to update now (立即更新) and restarts through the desktop API', async () => {
    const restartApp = vi.fn();
    window.chainBillDesktop = { restartApp };
    render(
      <AntApp>
        <NotifierBinding />
        <DesktopUpdateListener />
      </AntApp>,
    );

    post({ type: 'update-application', code: 5 });

    const update = await screen.findByRole('button', { name: '立即更新' });
    expect(screen.getAllByText('发现新版本').length).toBeGreaterThan(0);
    await userEvent.click(update);
    expect(restartApp).toHaveBeenCalledTimes(1);
  });

  it('code 4 shows an info message and restarts nothing', async () => {
    const restartApp = vi.fn();
    window.chainBillDesktop = { restartApp };
    render(
      <AntApp>
        <NotifierBinding />
        <DesktopUpdateListener />
      </AntApp>,
    );

    post({ type: 'update-application', code: 4, msg: '当前已是最新版本' });

    expect(await screen.findByText('当前已是最新版本')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: '立即更新' })).not.toBeInTheDocument();
    expect(restartApp).not.toHaveBeenCalled();
  });
});
