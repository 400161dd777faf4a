import { useEffect, type ReactNode } from 'react';
import App from 'antd/es/app';
import { bindNotifier } from '@/lib/notify';
import { AntdProvider } from '@/components/antd-provider/antd-provider';

/** Hands the mounted App's message/notification/modal to code outside components (lib/notify.ts). */
function NotifierBinding() {
  const notifier = App.useApp();
  useEffect(() => bindNotifier(notifier), [notifier]);
  return null;
}

/** antd's App around the signed-in app: `App.useApp()` in its screens, notices from the request layer. */
export function NotifierApp({ children }: { children: ReactNode }) {
  return (
    <App>
      <NotifierBinding />
      {children}
    </App>
  );
}

/** The App that the public routes load only when a notice is asked for there (see AppProvider). */
export function NotifierHost() {
  return (
    <AntdProvider>
      <App component={false}>
        <NotifierBinding />
      </App>
    </AntdProvider>
  );
}
