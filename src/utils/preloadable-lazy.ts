import { lazy, type ComponentType } from 'react';

type Module<P> = { default: ComponentType<P> };

/**
 * React.lazy whose chunk can be loaded ahead with `preload()`. Once it has loaded, the component renders
 * at once instead of suspending: a first screen whose chunks were preloaded is then committed in one go,
 * without the loading placeholder and without React's pause (at least 300 ms) before content replaces a
 * placeholder it has just shown.
 */
export function preloadableLazy<P extends object>(load: () => Promise<Module<P>>) {
  let loaded: Module<P> | undefined;
  let loading: Promise<Module<P>> | undefined;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module;
      return module;
    }));
  const Component = lazy(() => {
    if (!loaded) return preload();
    // React.lazy reads a thenable that settles as it is called without suspending.
    const module = loaded;
    return { then: (resolve: (value: Module<P>) => void) => resolve(module) } as Promise<Module<P>>;
  });
  return Object.assign(Component, { preload });
}
