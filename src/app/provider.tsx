import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import ConfigProvider from 'antd/es/config-provider';
import zhCN from 'antd/es/locale/zh_CN';
import { onNotifierHostRequested } from '@/lib/notify';
import type { AppStore } from '@/lib/store';
import { loadChunk } from '@/utils/lazy-chunk';
import { appTheme, applyThemeToDocument } from './theme';

applyThemeToDocument();

/**
 * antd's App (message, notification, modal: ~13 kB gzip) is not part of the login screen's first paint.
 * The signed-in app mounts its own (routes/app-route.tsx); on the public routes this slot loads and
 * mounts one the first time the request layer or a screen asks for a notice (lib/notify.ts).
 */
function NotifierHostSlot() {
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => {
    let loading = false;
    return onNotifierHostRequested(() => {
      if (loading) return;
      loading = true;
      loadChunk(() => import('./notifier-app')).then(
        (module) => setHost(() => module.NotifierHost),
        // Offline: the notices keep waiting, and the next one tries again.
        () => {
          loading = false;
        },
      );
    });
  }, []);
  return Host ? <Host /> : null;
}

/** Redux and antd in Chinese (zh_CN) for every screen, with a notice host for the public routes. */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      <ConfigProvider locale={zhCN} theme={appTheme} button={{ autoInsertSpace: false }}>
        {children}
        <NotifierHostSlot />
      </ConfigProvider>
    </ReduxProvider>
  );
}
