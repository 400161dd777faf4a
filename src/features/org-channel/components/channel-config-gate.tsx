import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { loadChunk } from '@/utils/lazy-chunk';
import { isLocalHost } from '@/features/org-channel/model/local-host';

// The 404 page and its texts load only when it is shown: the gate also guards the login screen.
const ChannelNotFoundPage = lazy(() =>
  loadChunk(() => import('./channel-not-found-page')).then((module) => ({
    default: module.ChannelNotFoundPage,
  })),
);

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

  if (!failed) return children;
  return (
    <Suspense fallback={null}>
      <ChannelNotFoundPage />
    </Suspense>
  );
}
