import { useEffect, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import type { ThemeConfig } from 'antd';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import { bindNotifier } from '@/lib/notify';
import type { AppStore } from '@/lib/store';

const theme: ThemeConfig = {
  token: { colorPrimary: '#1456c8', borderRadius: 6 },
};

/** Hands the mounted App's message/notification/modal to code outside components (lib/notify.ts). */
function NotifierBinding() {
  const notifier = App.useApp();
  useEffect(() => {
    bindNotifier(notifier);
    return () => bindNotifier(null);
  }, [notifier]);
  return null;
}

/** Redux, antd in Chinese (zh_CN) and antd's App context for every screen. */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <ConfigProvider locale={zhCN} theme={theme} button={{ autoInsertSpace: false }}>
        <App>
          <NotifierBinding />
          {children}
        </App>
      </ConfigProvider>
    </ReduxProvider>
  );
}
