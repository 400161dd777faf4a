import type { useAppProps } from 'antd/es/app/context';

/**
 * antd's message, notification and modal of the mounted `<App>` (theme and locale included), for code
 * outside components. The provider binds them once; components keep using `App.useApp()`.
 */
export type Notifier = useAppProps;

let bound: Notifier | null = null;

export function bindNotifier(notifier: Notifier | null): void {
  bound = notifier;
}

/** The bound instances, or null before the app has mounted (tests, early start-up). */
export function getNotifier(): Notifier | null {
  return bound;
}
