import type { ReactNode } from 'react';
import { renderHook, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { Provider } from 'react-redux';
import { NOTICE_THROTTLE } from '@contract/constants';
import { createStore } from '@/app/store';
import { platformServer, servePlatformForEachTest } from '@/testing/platform-server';
import { storeSignedInUser } from '@/testing/render-app';
import { useNoticeFeed } from './use-notice-feed';
import { clearRealtime, emitRealtime } from '@/testing/realtime';

vi.mock('@/lib/realtime', () => import('@/testing/realtime'));

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
afterEach(clearRealtime);

describe('the header’s notices', () => {
  it('reload on NOTICE_CHANGED and on REALTIME_RESYNC, when events may have been missed', async () => {
    const store = createStore();
    const wrapper = ({ children }: { children: ReactNode }) => <Provider store={store}>{children}</Provider>;
    renderHook(() => useNoticeFeed(), { wrapper });
    await waitFor(() => expect(loads).toBe(1));

    emitRealtime('NOTICE_CHANGED');
    await waitFor(() => expect(loads).toBe(2));

    await new Promise((resolve) => setTimeout(resolve, NOTICE_THROTTLE + 50));
    emitRealtime('REALTIME_RESYNC');
    await waitFor(() => expect(loads).toBe(3));
  });
});
