import { render, screen } from '@testing-library/react';
import { isLocalHost } from '@/features/org-channel/model/local-host';
import { ChannelConfigGate } from './channel-config-gate';

const failing = () => Promise.reject(new Error('no channel configuration'));

describe('the default channel configuration gate (spec section 2)', () => {
  it('shows the 404 page when the configuration cannot be loaded', async () => {
    render(
      <ChannelConfigGate load={failing} hostname="bill.example.com">
        <p>应用</p>
      </ChannelConfigGate>,
    );
    expect(await screen.findByText('404')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: '页面不存在' })).toBeInTheDocument();
    expect(screen.queryByText('应用')).not.toBeInTheDocument();
  });

  it.each(['localhost', '127.0.0.1', '::1', '[::1]'])(
    'never closes on the local host %s',
    async (hostname) => {
      const load = vi.fn(failing);
      render(
        <ChannelConfigGate load={load} hostname={hostname}>
          <p>应用</p>
        </ChannelConfigGate>,
      );
      await Promise.resolve();
      expect(screen.getByText('应用')).toBeInTheDocument();
      expect(load).not.toHaveBeenCalled();
      expect(isLocalHost(hostname)).toBe(true);
    },
  );

  it('shows the app when the configuration loads', async () => {
    const load = vi.fn(() => Promise.resolve({ channelId: 'CH0001' }));
    render(
      <ChannelConfigGate load={load} hostname="bill.example.com">
        <p>应用</p>
      </ChannelConfigGate>,
    );
    await Promise.resolve();
    expect(screen.getByText('应用')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });
});
