import { render, screen } from '@testing-library/react';
import { AppProvider } from './provider';
import { createStore } from './store';
import { getNotifier, withNotifier } from '@/lib/notify';

describe('notices from outside components', () => {
  it('show on a public screen, where antd App loads only for them', async () => {
    render(
      <AppProvider store={createStore()}>
        <p>登录页</p>
      </AppProvider>,
    );
    expect(getNotifier()).toBeNull();

    withNotifier(({ notification }) =>
      notification.error({ title: '提示', description: '网络异常，请稍后重试' }),
    );

    expect(await screen.findByText('网络异常，请稍后重试')).toBeInTheDocument();
    expect(getNotifier()).not.toBeNull();
  });
});
