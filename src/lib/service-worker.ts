import { SERVICE_WORKER_CHECK_INTERVAL } from '@contract/constants';
import { withNotifier } from '@/lib/notify';
import { appUpdateMessages } from '@/locales/zh-CN/app-update';

/**
 * The service worker of vite-plugin-pwa (prompt mode, `injectRegister: null`): it precaches the built app
 * and never caches `/api`. A new version installs beside the old one and waits; this module notices it,
 * raises the flag and asks the user to reload (spec section 4: a check every 1 s for a waiting update).
 * Loaded by the signed-in shell once the browser is idle, so the login screen's JavaScript does not carry it;
 * the worker, once installed, serves every page of the app, the login screen included.
 */

export const SERVICE_WORKER_URL = '/sw.js';
/** How often the browser asks the server whether a new version exists. */
export const SERVICE_WORKER_NETWORK_CHECK_INTERVAL = 60 * 60 * 1000;

const text = appUpdateMessages.serviceWorker;

type Listener = (waiting: boolean) => void;

let updateWaiting = false;
const listeners = new Set<Listener>();

/** The flag of spec section 4: a new version is installed and waiting. */
export function isUpdateWaiting(): boolean {
  return updateWaiting;
}

export function onUpdateWaiting(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** The part of a registration the checks use (ServiceWorkerRegistration in the browser). */
export interface UpdatableRegistration {
  readonly active: unknown;
  readonly waiting: unknown;
  update: () => Promise<unknown>;
}

export interface UpdateWatch {
  stop: () => void;
}

/**
 * Every 1 s: is a new version waiting? The first time it is, `onWaiting` runs once. Every hour: ask the
 * server for a new version. A waiting worker is a new version only beside an active one: on the very first
 * install the worker passes through `waiting` on its way to active, and that is no update to offer.
 */
export function watchForUpdates(
  registration: UpdatableRegistration,
  onWaiting: () => void,
  { checkMs = SERVICE_WORKER_CHECK_INTERVAL, networkMs = SERVICE_WORKER_NETWORK_CHECK_INTERVAL } = {},
): UpdateWatch {
  const check = setInterval(() => {
    if (!registration.waiting || !registration.active || updateWaiting) return;
    updateWaiting = true;
    listeners.forEach((listener) => listener(true));
    onWaiting();
  }, checkMs);
  const network = setInterval(() => {
    registration.update().catch(() => undefined);
  }, networkMs);
  return {
    stop: () => {
      clearInterval(check);
      clearInterval(network);
    },
  };
}

/** Asks 发现新版本，是否立即刷新？ and applies the waiting version on 立即刷新. */
export function promptForReload(apply: () => void): void {
  withNotifier((notifier) => {
    notifier.modal.confirm({
      title: text.updateTitle,
      content: text.updateContent,
      okText: text.refresh,
      cancelText: text.later,
      onOk: apply,
    });
  });
}

let started = false;

/** Registers the service worker (production builds, browsers that have one); idempotent. */
export async function registerServiceWorker(): Promise<void> {
  if (started || !import.meta.env.PROD || !('serviceWorker' in navigator)) return;
  started = true;
  const { Workbox } = await import('workbox-window');
  const workbox = new Workbox(SERVICE_WORKER_URL, { scope: '/' });
  // The new version took over (after 立即刷新): load the page it serves.
  workbox.addEventListener('controlling', (event) => {
    if (event.isUpdate) window.location.reload();
  });
  const registration = await workbox.register();
  if (!registration) return;
  watchForUpdates(registration, () => promptForReload(() => workbox.messageSkipWaiting()));
}

/** After the first paint, when the browser is idle: the login screen does not wait for this. */
export function registerServiceWorkerWhenIdle(): void {
  const run = () => void registerServiceWorker().catch(() => undefined);
  if ('requestIdleCallback' in window) window.requestIdleCallback(run, { timeout: 10_000 });
  else setTimeout(run, 3000);
}

/** Tests start with no waiting version. */
export function resetServiceWorkerState(): void {
  updateWaiting = false;
  started = false;
  listeners.clear();
}
