import { createHashRouter, redirect, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { getAuthInfo } from '@/lib/storage';
import { loadChunk } from '@/utils/lazy-chunk';
import { RouteError, RouteLoading } from './route-status';
import { appRouteObjects, publicRouteObjects } from './app-routes';

/** Every app route is reachable only with a stored sign-in; others go to the login screen. */
export function requireSignIn() {
  return getAuthInfo() ? null : redirect(paths.login);
}

const loginRoute = () => loadChunk(() => import('./routes/login-route'));

/**
 * The route table (spec section 2). Pages load lazily: the login screen's JavaScript stays small,
 * and the signed-in app (shell, dashboard) comes in its own chunks.
 */
export const routes: RouteObject[] = [
  {
    id: 'root',
    HydrateFallback: RouteLoading,
    ErrorBoundary: RouteError,
    children: [
      { path: paths.login, lazy: loginRoute },
      { path: paths.loginRegister, lazy: loginRoute },
      { path: paths.helpCenter, lazy: () => loadChunk(() => import('./routes/help-center-route')) },
      ...publicRouteObjects,
      {
        path: paths.root,
        loader: requireSignIn,
        lazy: () => loadChunk(() => import('./routes/app-route')),
        children: appRouteObjects,
      },
    ],
  },
];

export function createAppRouter() {
  return createHashRouter(routes);
}
