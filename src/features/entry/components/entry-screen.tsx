import { useEffect, useSyncExternalStore } from 'react';
import { paths } from '@/config/paths';
import { describeHttpError } from '@/lib/error-messages';
import { toHttpError } from '@/lib/http';
import { withNotifier } from '@/lib/notify';
import { commonMessages } from '@/locales/zh-CN/common';
import { entryMessages } from '@/locales/zh-CN/entry';
import { forgetEntryParams, pendingEntryParams, type EntryParams } from '@/features/entry/model/entry-link';
import { runEntry, type EntryDeps, type EntryPhase } from '@/features/entry/model/entry-strategies';

const text = entryMessages;

/** What the rest of the app provides; the screen adds the phase, the failure modal and the cleanup. */
export type EntryScreenDeps = Omit<EntryDeps, 'onPhase' | 'onFailure' | 'navigate'> & {
  navigate: (to: string, options: { replace: boolean }) => void;
};

/*
 * One run per captured link, whatever React does with effects (StrictMode mounts twice): a crToken is
 * good for one exchange only. The phase lives here so a remounted screen shows the same run.
 */
let phase: EntryPhase = 'signing-in';
let started: EntryParams | null = null;
let running = false;
const listeners = new Set<() => void>();

function setPhase(next: EntryPhase): void {
  phase = next;
  listeners.forEach((listener) => listener());
}

const subscribe = (listener: () => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};
const currentPhase = () => phase;

/** Login failure (spec section 2): an info modal titled 提示 with the message. */
export function showEntryFailure(error: unknown): void {
  const description = describeHttpError(toHttpError(error), text.failed);
  withNotifier(({ modal }) => {
    modal.info({ title: commonMessages.tip, content: description, okText: commonMessages.ok });
  });
}

/** Tests start from a fresh screen. */
export function resetEntryScreen(): void {
  phase = 'signing-in';
  started = null;
  running = false;
  listeners.clear();
}

/**
 * The entry route's screen: signs in with the captured link and shows 登录中, then 页面跳转中, before the
 * destination. Without a captured link (a reload of `#/entry`) it goes to the app's root.
 */
export function EntryScreen({ deps }: { deps: EntryScreenDeps }) {
  const shown = useSyncExternalStore(subscribe, currentPhase, currentPhase);

  useEffect(() => {
    const params = pendingEntryParams();
    if (!params) {
      if (!running) deps.navigate(paths.root, { replace: true });
      return;
    }
    if (started === params) return;
    started = params;
    running = true;
    setPhase('signing-in');
    void runEntry(params, {
      ...deps,
      onPhase: setPhase,
      navigate: (to) => {
        forgetEntryParams();
        running = false;
        deps.navigate(to, { replace: true });
      },
      onFailure: showEntryFailure,
    });
  }, [deps]);

  return (
    <div className="app-boot" role="status" aria-live="polite">
      {shown === 'signing-in' ? text.signingIn : text.redirecting}
    </div>
  );
}
