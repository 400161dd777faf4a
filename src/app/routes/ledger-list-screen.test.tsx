import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router';
import { PERMISSION } from '@contract/permissions';
import { createAppStore } from '@/lib/store';
import { userInfoPublished } from '@/features/auth/model/user-slice';
import { useCanExport, useReloadOn, useSideParam } from './ledger-list-screen';
import { clearRealtime, emitRealtime } from '@/testing/realtime';

vi.mock('@/lib/realtime', () => import('@/testing/realtime'));
afterEach(clearRealtime);

function wrapperAt(url: string, store = createAppStore()) {
  return ({ children }: { children: ReactNode }) => (
    <Provider store={store}>
      <MemoryRouter initialEntries={[url]}>{children}</MemoryRouter>
    </Provider>
  );
}

describe('a ledger list screen', () => {
  it('reloads its lists when a bill changes or events were missed, and no more once it is left', () => {
    const invalidate = vi.fn(() => ({ type: 'lists/stale' }));
    const view = renderHook(() => useReloadOn(invalidate), { wrapper: wrapperAt('/') });
    expect(invalidate).not.toHaveBeenCalled();

    emitRealtime('BILL_CHANGED');
    emitRealtime('REALTIME_RESYNC');
    emitRealtime('NOTICE_CHANGED');
    expect(invalidate).toHaveBeenCalledTimes(2);

    view.unmount();
    emitRealtime('BILL_CHANGED');
    expect(invalidate).toHaveBeenCalledTimes(2);
  });

  it('reloads on the events it names instead', () => {
    const invalidate = vi.fn(() => ({ type: 'lists/stale' }));
    const events = ['NOTICE_CHANGED'] as const;
    renderHook(() => useReloadOn(invalidate, events), { wrapper: wrapperAt('/') });
    emitRealtime('BILL_CHANGED');
    emitRealtime('NOTICE_CHANGED');
    expect(invalidate).toHaveBeenCalledTimes(1);
  });

  it('offers 导出 only to a member who can open the export centre', () => {
    const store = createAppStore();
    const { result } = renderHook(() => useCanExport(), { wrapper: wrapperAt('/', store) });
    expect(result.current).toBe(false);
    act(
      () => void store.dispatch(userInfoPublished({ permissions: { [PERMISSION.exportCenter.path]: true } })),
    );
    expect(result.current).toBe(true);
  });

  it('opens on the side the link asks for when it is the other one, else on the first', () => {
    const side = (url: string) =>
      renderHook(() => useSideParam('applied', 'received'), { wrapper: wrapperAt(url) }).result.current;
    expect(side('/g?side=received')).toEqual({ key: 'received', initialSide: 'received' });
    expect(side('/g?side=applied')).toEqual({ key: 'applied', initialSide: 'applied' });
    expect(side('/g?side=other')).toEqual({ key: 'other', initialSide: 'applied' });
    expect(side('/g')).toEqual({ key: '', initialSide: 'applied' });
  });
});
