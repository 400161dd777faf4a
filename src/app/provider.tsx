import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { onNotifierHostRequested } from '@/lib/notify';
import type { AppStore } from '@/lib/store';
import { loadChunk } from '@/utils/lazy-chunk';
import { applyThemeToDocument } from '@/components/antd-provider/theme';

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

/**
 * Redux for every screen, with a notice host for the public routes. antd's provider (zh_CN, the theme)
 * comes with each lazy route drawn with antd (components/antd-provider), not with the login screen.
 */
export function AppProvider({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <ReduxProvider store={store}>
      {children}
      <NotifierHostSlot />
    </ReduxProvider>
  );
}
