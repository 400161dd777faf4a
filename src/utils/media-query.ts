import { useCallback, useSyncExternalStore } from 'react';

/** The user asked the system for less motion (an accessibility setting; browser tests ask for it too). */
export const REDUCED_MOTION_QUERY = '(prefers-reduced-motion: reduce)';

/** A phone: the width under which the frame's sidebar is a drawer (shell-layout.module.css). */
export const SMALL_SCREEN_QUERY = '(max-width: 767.98px)';

/** Whether the CSS media query matches now, following its changes. */
export function useMediaQuery(query: string): boolean {
  const subscribe = useCallback(
    (onChange: () => void) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(query).matches,
    () => false,
  );
}
