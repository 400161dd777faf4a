import type { useAppProps } from 'antd/es/app/context';

/**
 * antd's message, notification and modal of a mounted `<App>` (theme and locale included), for code
 * outside components; components keep using `App.useApp()`.
 *
 * No route carries an `<App>` of its own at first paint, which keeps their JavaScript small: a notice
 * waits while the provider mounts a lazily loaded App host (app/notifier-app.tsx), then shows. The host
 * stays mounted above the routes, so a notice outlives a sign-out's change of screen.
 */
export type Notifier = useAppProps;
export type NotifierUse = (notifier: Notifier) => void;

/** Mounted Apps, the latest last: it is the one that shows notices. */
const bound: Notifier[] = [];
let waiting: NotifierUse[] = [];
const hostRequests = new Set<() => void>();

/** Binds a mounted App's instances until the returned unbind, and shows what waited for one. */
export function bindNotifier(notifier: Notifier): () => void {
  bound.push(notifier);
  const queued = waiting;
  waiting = [];
  for (const show of queued) show(notifier);
  return () => {
    const at = bound.lastIndexOf(notifier);
    if (at >= 0) bound.splice(at, 1);
  };
}

/** The bound instances, or null while no App is mounted (public routes before a notice, tests). */
export function getNotifier(): Notifier | null {
  return bound[bound.length - 1] ?? null;
}

/**
 * Shows something through the mounted App, on every route: at once when one is bound, otherwise as soon
 * as the requested App host has mounted.
 */
export function withNotifier(show: NotifierUse): void {
  const notifier = getNotifier();
  if (notifier) {
    show(notifier);
    return;
  }
  waiting.push(show);
  for (const request of hostRequests) request();
}

/**
 * How the provider learns that a notice waits for an App host (at once, if one already waits);
 * returns the unsubscribe.
 */
export function onNotifierHostRequested(request: () => void): () => void {
  hostRequests.add(request);
  if (waiting.length > 0) request();
  return () => {
    hostRequests.delete(request);
  };
}
