/**
 * The desktop client's messages to the web app (spec section 2), through one bridge: `window.postMessage`
 * from the client's preload script, and, when the client exposes one, its API object on `window`.
 *
 *   join-company-success            the user joined a company in the client: open the invitation-link modal
 *   update-application, code 5      an update is ready: ask to update now, then restart the client
 *   update-application, code 4      an informational update message (e.g. already up to date)
 */

export const DESKTOP_MESSAGE = {
  joinCompanySuccess: 'join-company-success',
  updateApplication: 'update-application',
} as const;

/** `code` of update-application. */
export const DESKTOP_UPDATE_CODE = { info: 4, ready: 5 } as const;

export type DesktopMessage =
  | { type: typeof DESKTOP_MESSAGE.joinCompanySuccess }
  | { type: typeof DESKTOP_MESSAGE.updateApplication; code: number; msg?: string };

/** What the desktop client may put on `window` (all optional: older clients only post messages). */
export interface DesktopApi {
  /** Subscribes to the client's messages; returns the unsubscribe. */
  onMessage?: (listener: (data: unknown) => void) => (() => void) | void;
  /** Installs the downloaded update and restarts the client. */
  restartApp?: () => void;
}

declare global {
  interface Window {
    chainBillDesktop?: DesktopApi;
  }
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const textField = (record: Record<string, unknown>, ...names: string[]): string | undefined => {
  for (const name of names) if (typeof record[name] === 'string') return record[name];
  return undefined;
};

/**
 * The message in what the client sent: a bare event name, or `{type|event|action, code?, msg|message?}`,
 * possibly as JSON text. Anything else (other windows' traffic, devtools) is null.
 */
export function parseDesktopMessage(data: unknown): DesktopMessage | null {
  let value: unknown = data;
  if (typeof value === 'string') {
    const trimmed = value.trim();
    if (trimmed.startsWith('{')) {
      try {
        value = JSON.parse(trimmed);
      } catch {
        return null;
      }
    } else {
      value = { type: trimmed };
    }
  }
  if (!isRecord(value)) return null;
  const type = textField(value, 'type', 'event', 'action');
  if (type === DESKTOP_MESSAGE.joinCompanySuccess) return { type };
  if (type === DESKTOP_MESSAGE.updateApplication) {
    const code = Number(value.code);
    if (!Number.isInteger(code)) return null;
    const msg = textField(value, 'msg', 'message');
    return msg === undefined ? { type, code } : { type, code, msg };
  }
  return null;
}

/**
 * Listens to the desktop client. Posted messages count only from this page's own origin (the client's
 * preload script posts into the page); other frames and sites cannot drive the app.
 */
export function subscribeDesktopMessages(
  listener: (message: DesktopMessage) => void,
  target: Window = window,
): () => void {
  const deliver = (data: unknown) => {
    const message = parseDesktopMessage(data);
    if (message) listener(message);
  };
  const onMessage = (event: MessageEvent) => {
    if (event.origin !== target.location.origin) return;
    deliver(event.data);
  };
  target.addEventListener('message', onMessage);
  const unsubscribeApi = target.chainBillDesktop?.onMessage?.(deliver);
  return () => {
    target.removeEventListener('message', onMessage);
    if (typeof unsubscribeApi === 'function') unsubscribeApi();
  };
}

/** Restarts the desktop client to install its update; in a plain browser the page reloads instead. */
export function restartDesktopApp(target: Window = window): void {
  const restart = target.chainBillDesktop?.restartApp;
  if (restart) restart();
  else target.location.reload();
}
