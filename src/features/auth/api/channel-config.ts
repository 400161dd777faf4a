import type { ChannelConfig } from '@contract/auth-schemas';
import { fetchChannelConfig } from '@/features/auth/api/auth-requests';

/** The platform's default channel configuration, fetched once per page load and shared. */
let pending: Promise<ChannelConfig> | null = null;

export function loadChannelConfig(): Promise<ChannelConfig> {
  if (!pending) {
    pending = fetchChannelConfig();
    // A failure is not kept: the next sign-in attempt asks again.
    pending.catch(() => {
      pending = null;
    });
  }
  return pending;
}

/** Tests start from an empty cache. */
export function forgetChannelConfig(): void {
  pending = null;
}
