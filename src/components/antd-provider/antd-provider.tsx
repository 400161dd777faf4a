import type { ReactNode } from 'react';
import App from 'antd/es/app';
import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import { appTheme } from './theme';

/**
 * antd in Chinese (zh_CN) with the app's theme, around every screen drawn with antd. Each such screen's
 * lazy route brings it (app/app-routes.tsx), so the login screen, which draws without antd, paints before
 * antd's core loads.
 */
export function AntdProvider({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={zhCN} theme={appTheme} button={{ autoInsertSpace: false }}>
      {children}
    </ConfigProvider>
  );
}

/**
 * The provider with antd's App (`App.useApp()`: message, notification, modal), for a part of the signed-in
 * app drawn with antd inside a frame that draws without it (a page, a dialog, a drop-down).
 */
export function AntdAppProvider({ children }: { children: ReactNode }) {
  return (
    <AntdProvider>
      <App component={false}>{children}</App>
    </AntdProvider>
  );
}
