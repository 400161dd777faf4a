import { useEffect, useState, type ReactNode } from 'react';
import { appMessages } from '@/locales/zh-CN-app';
import { isLocalHost } from '@/features/org-channel/model/local-host';
import styles from './org-channel.module.css';

const text = appMessages.channel;

/** The 404 page of a platform whose default channel configuration cannot be loaded (spec section 2). */
export function ChannelNotFoundPage() {
  return (
    <main className={styles.notFound} role="alert">
      <p className={styles.code}>{text.notFoundCode}</p>
      <h1 className={styles.title}>{text.notFoundTitle}</h1>
      <p className={styles.hint}>{text.notFoundHint}</p>
      <button type="button" className={styles.retry} onClick={() => window.location.reload()}>
        {text.retry}
      </button>
    </main>
  );
}

export interface ChannelConfigGateProps {
  /** Loads the default channel configuration (`GET /api/channel/config/default`); rejects when it cannot. */
  load: () => Promise<unknown>;
  /** Where the app runs; on local hosts the gate never closes. */
  hostname?: string;
  children: ReactNode;
}

/**
 * Shows the app, or the 404 page once the default channel configuration failed to load, except on
 * local hosts (localhost, 127.0.0.1, ::1), where a developer's server may lack it.
 */
export function ChannelConfigGate({
  load,
  hostname = window.location.hostname,
  children,
}: ChannelConfigGateProps) {
  const [failed, setFailed] = useState(false);
  const local = isLocalHost(hostname);

  useEffect(() => {
    if (local) return;
    let current = true;
    load().then(
      () => undefined,
      () => {
        if (current) setFailed(true);
      },
    );
    return () => {
      current = false;
    };
  }, [load, local]);

  return failed ? <ChannelNotFoundPage /> : children;
}
