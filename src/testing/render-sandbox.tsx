import { useEffect, type ReactNode } from 'react';
import { render } from '@testing-library/react';
import { Provider } from 'react-redux';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import { bindNotifier } from '@/lib/notify';
import { createAppStore } from '@/lib/store';

/**
 * The sandbox is a public route, drawn outside antd's App: its messages go through the App the provider
 * mounts beside it (lib/notify.ts), as here.
 */
function NotifierHost() {
  const notifier = App.useApp();
  useEffect(() => bindNotifier(notifier), [notifier]);
  return null;
}

/** Draws sandbox screens as the public route does: a store of their own, antd, and the notifier beside them. */
export function renderSandbox(children: ReactNode) {
  return render(
    <Provider store={createAppStore()}>
      <ConfigProvider button={{ autoInsertSpace: false }}>
        <App>
          <NotifierHost />
        </App>
        {children}
      </ConfigProvider>
    </Provider>,
  );
}
