import { configure, render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes } from '@/app/router';
import { createStore } from '@/app/store';
import { setAuthInfo, setCompanyList, setUserInfo } from '@/lib/storage';
import { ownerAccount } from './platform-server';
// antd's provider and core load lazily with the routes drawn with antd (the login screen loads none);
// transforming them here, once per test file, keeps that out of each test's time allowance.
import '@/components/antd-provider/antd-provider';

// The first visit of a lazy route transforms its chunk on the fly. The signed-in app is two lazy chunks
// (shell, dashboard): on a loaded 2-core machine that alone can take longer than 5 s.
configure({ asyncUtilTimeout: 15_000 });

/** The whole app (provider, store, the real routes) at `path`, in a memory router the test can read. */
export function renderApp(path: string) {
  const store = createStore();
  const router = createMemoryRouter([{ path: '*', element: <AppRoutes /> }], { initialEntries: [path] });
  const view = render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { store, router, ...view };
}

/** What a finished sign-in leaves in storage, as after a reload. */
export function storeSignedInUser(): void {
  setAuthInfo({
    access_token: 'access-1',
    token_type: 'bearer',
    refresh_token: 'refresh-1',
    expires_in: 7200,
    scope: 'all',
    date: Date.now(),
    systemRole: 2,
    cId: 'CH0001',
    grant_type: 'mobile_password',
    client_id: 'chain-bill-web',
    client_secret: 'chain-bill-web-public',
  });
  setUserInfo({ ...ownerAccount, permissions: { '/chain-bill/dashboard': true } });
  setCompanyList([]);
}
