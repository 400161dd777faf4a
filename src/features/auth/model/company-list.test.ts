import { http as mock, HttpResponse } from 'msw';
import { bindNavigate } from '@/lib/navigation';
import { getCompanyList } from '@/lib/storage';
import { createAppStore } from '@/lib/store';
import { platformServer, resetPlatformServer } from '../../../../tests/support/platform-server';
import { refreshCompanyList } from './company-list';

beforeAll(() => platformServer.listen({ onUnhandledRequest: 'error' }));
beforeEach(() => bindNavigate(vi.fn()));
afterEach(() => {
  resetPlatformServer();
  bindNavigate(null);
});
afterAll(() => platformServer.close());

describe('company list refresh', () => {
  it('stores an empty list when the server has none, and calls the callback', async () => {
    platformServer.use(
      mock.get('*/api/account/orgs/list', () => HttpResponse.json({ code: 200, msg: '', data: null })),
    );
    const store = createAppStore();
    const callback = vi.fn();

    await store.dispatch(refreshCompanyList(callback));

    expect(getCompanyList()).toEqual([]);
    expect(callback).toHaveBeenCalledTimes(1);
  });
});
