import { useEffect } from 'react';
import App from 'antd/es/app';
import { bindNotifier } from '@/lib/notify';
import { AntdProvider } from '@/components/antd-provider/antd-provider';
import { AntdApp } from '@/components/antd-provider/antd-app';

/** Hands the mounted App's message/notification/modal to code outside components (lib/notify.ts). */
function NotifierBinding() {
  const notifier = App.useApp();
  useEffect(() => bindNotifier(notifier), [notifier]);
  return null;
}

/** The App the provider loads when the first notice is asked for (see AppProvider), on any route. */
export function NotifierHost() {
  return (
    <AntdProvider>
      <AntdApp>
        <NotifierBinding />
      </AntdApp>
    </AntdProvider>
  );
}
