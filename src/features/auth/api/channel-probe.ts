import { SHELL_URL } from '@contract/shell';
import { env } from '@/config/env';
import { HEADER } from '@/lib/headers';

let probe: Promise<void> | null = null;

/**
 * Whether the default channel configuration can be loaded, for the 404 gate of the pages shown before
 * signing in (spec section 2). A bare `fetch`, asked once per page load: the login screen draws without
 * the request layer, which loads only once the user turns to the form. Rejects when it cannot.
 */
export function probeChannelConfig(): Promise<void> {
  probe ??= fetch(`${env.apiBaseUrl}${SHELL_URL.channelConfig}`, {
    headers: { Accept: 'application/json', [HEADER.channelId]: env.channelId },
    credentials: 'omit',
  }).then(async (response) => {
    if (!response.ok) throw new Error(`the channel configuration answered ${response.status}`);
    const body = (await response.json()) as { data?: unknown } | null;
    if (typeof body?.data !== 'object' || body.data === null)
      throw new Error('the channel configuration came without data');
  });
  return probe;
}

/** Tests start from an unasked probe. */
export function forgetChannelProbe(): void {
  probe = null;
}
