import type { ComponentType } from 'react';
import { loadChunk } from '@/utils/lazy-chunk';
import { preloadableLazy } from '@/utils/preloadable-lazy';

const loadAntdProvider = () => loadChunk(() => import('./antd-provider'));

/** Starts loading antd's provider and core ahead of a component that will need them (a failure waits for it). */
export function preloadAntd(): void {
  loadAntdProvider().catch(() => undefined);
}

/**
 * A lazily loaded component drawn with antd, inside antd's provider (zh_CN, the theme), which loads beside
 * it in its own chunk: the login screen draws without antd, and antd's core comes with the first screen or
 * dialog that needs it. A failed or late chunk becomes a ChunkLoadError (spec section 8). `withApp` adds
 * antd's App, for parts of the signed-in app that the frame (drawn without antd) mounts. `preload()` starts
 * both loads ahead; once they have arrived the component renders without suspending.
 */
export function lazyWithAntd<P extends object>(
  load: () => Promise<ComponentType<P>>,
  { withApp = false }: { withApp?: boolean } = {},
) {
  return preloadableLazy(async () => {
    const [Component, { AntdProvider, AntdAppProvider }] = await Promise.all([load(), loadAntdProvider()]);
    const Provider = withApp ? AntdAppProvider : AntdProvider;
    function WithAntd(props: P) {
      return (
        <Provider>
          <Component {...props} />
        </Provider>
      );
    }
    return { default: WithAntd };
  });
}

/**
 * A part of the frame drawn with antd and loaded on first use (the bell's popover, the organisation menu),
 * with `preload` to start loading it and antd when the user points at or focuses what opens it, so a click
 * rarely waits.
 */
export function lazyAntdPart<P extends object>(load: () => Promise<ComponentType<P>>) {
  return {
    Part: lazyWithAntd(load, { withApp: true }),
    preload: () => {
      preloadAntd();
      load().catch(() => undefined);
    },
  };
}
