import { http as mock, HttpResponse } from 'msw';
import { getCompanyList } from '@/lib/storage';
import { createAppStore } from '@/lib/store';
import { platformServer, servePlatformForEachTest } from '@/testing/platform-server';
import { refreshCompanyList } from './company-list';

servePlatformForEachTest();

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
