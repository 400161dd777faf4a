import type { ReactNode } from 'react';
import { act, renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { NOTICE_THROTTLE } from '@contract/constants';
import { createStore } from '@/app/store';
import { platformServer, servePlatformForEachTest } from '@/testing/platform-server';
import { storeSignedInUser } from '@/testing/render-app';
import { useNoticeFeed } from './use-notice-feed';

type Handler = (payload: unknown) => void;
const handlers = new Map<string, Set<Handler>>();
vi.mock('@/lib/realtime', () => ({
  subscribeRealtime: (type: string, handler: Handler) => {
    const set = handlers.get(type) ?? new Set<Handler>();
    set.add(handler);
    handlers.set(type, set);
    return () => set.delete(handler);
  },
}));

servePlatformForEachTest();

let loads = 0;
beforeEach(() => {
  loads = 0;
  storeSignedInUser();
  platformServer.use(
    http.post('*/api/plat-message/page', () => {
      loads++;
      return HttpResponse.json({
        code: 200,
        msg: '操作成功',
        data: { content: [], totalElements: 0, totalPages: 0, size: 10, number: 0 },
      });
    }),
  );
});
afterEach(() => handlers.clear());

const emit = (type: string) => act(() => handlers.get(type)?.forEach((handler) => handler({})));

describe('the header’s notices', () => {
  it('reload on NOTICE_CHANGED and on REALTIME_RESYNC, when events may have been missed', async () => {
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    renderHook(() => useNoticeFeed(), { wrapper });
    await waitFor(() => expect(loads).toBe(1));

    emit('NOTICE_CHANGED');
    await waitFor(() => expect(loads).toBe(2));

    await new Promise((resolve) => setTimeout(resolve, NOTICE_THROTTLE + 50));
    emit('REALTIME_RESYNC');
    await waitFor(() => expect(loads).toBe(3));
  });
});
