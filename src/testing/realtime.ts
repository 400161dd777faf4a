import { act } from '@testing-library/react';

/**
 * The realtime channel of a component test, in place of `@/lib/realtime`:
 * `vi.mock('@/lib/realtime', () => import('@/testing/realtime'))`, then `emitRealtime` delivers an event to
 * whatever subscribed, as the server's would arrive. `afterEach(clearRealtime)` forgets the subscriptions.
 */
type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();

export function subscribeRealtime(type: string, handler: Handler): () => void {
  const set = handlers.get(type) ?? new Set<Handler>();
  set.add(handler);
  handlers.set(type, set);
  return () => set.delete(handler);
}

export function emitRealtime(type: string, payload: unknown = {}): void {
  act(() => handlers.get(type)?.forEach((handler) => handler(payload)));
}

export function clearRealtime(): void {
  handlers.clear();
}
