import type { ReactNode } from 'react';
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
