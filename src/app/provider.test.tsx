import { render, screen, waitFor } from '@testing-library/react';
import { NotifierApp } from './notifier-app';
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

  it('show through the App around the signed-in app', async () => {
    render(
      <AppProvider store={createStore()}>
        <NotifierApp>
          <p>工作台</p>
        </NotifierApp>
      </AppProvider>,
    );
    await waitFor(() => expect(getNotifier()).not.toBeNull());

    withNotifier(({ message }) => void message.info('已复制'));

    expect(await screen.findByText('已复制')).toBeInTheDocument();
  });
});
