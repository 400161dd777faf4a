import { startTransition, Suspense, useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { useAppDispatch, type AppDispatch } from '@/lib/store';
import { loadChunk } from '@/utils/lazy-chunk';
import { preloadableLazy } from '@/utils/preloadable-lazy';
import { lazyWithAntd } from '@/components/antd-provider/lazy-with-antd';
import { RouteLoading } from './route-status';

/**
 * The routes the router mounts for the signed-in app and the entry link. Part of the login screen's first
 * paint, so it is only paths and lazy loaders: the dashboard has its own route, and every other path goes
 * to the area route, which finds the page in route-table.tsx (or goes to the dashboard).
 */

type RouteModule = { Component: ComponentType };

/**
 * A page of the signed-in app drawn with antd: the frame draws without it, so the page brings antd's
 * provider and App (`App.useApp()`) in the chunk beside its own.
 */
function lazyAntdRoute(load: () => Promise<RouteModule>) {
  return lazyWithAntd(() => loadChunk(load).then((module) => module.Component), { withApp: true });
}

// The dashboard draws its first screen without antd; its panels further down bring it (dashboard-route.tsx).
// Spec section 8's failures and time-out become a ChunkLoadError (loadChunk), as for every page.
const DashboardRoute = preloadableLazy(() =>
  loadChunk(() => import('./routes/dashboard-route')).then((module) => ({ default: module.Component })),
);

/** The signed-in root opens on the dashboard (main.tsx sends it there before the first render). */
export const isDashboardPath = (pathname: string) => pathname === paths.root || pathname === paths.dashboard;

export const preloadDashboard = () => DashboardRoute.preload();
const loadAreaRoute = () => import('./routes/area-route');
const AreaRoute = lazyAntdRoute(loadAreaRoute);

/**
 * Starts loading the page a visit opens on: the dashboard's chunk, or the area route's, antd's and the
 * screen's side by side (the screen's would otherwise wait for the area route to arrive and render), and
 * the screen's first data as soon as its chunk is there.
 */
export function preloadPageFor(
  { pathname, search }: { pathname: string; search: string },
  dispatch: AppDispatch,
): Promise<void> {
  if (isDashboardPath(pathname)) return preloadDashboard().then(() => undefined);
  if (pathname === paths.accountSecurity) return Promise.resolve();
  return Promise.all([
    AreaRoute.preload(),
    loadChunk(loadAreaRoute).then((module) => module.preloadScreenFor(pathname, search, dispatch)),
  ]).then(() => undefined);
}
const loadAccountRoutes = () => loadChunk(() => import('./routes/account-routes'));
const AccountSecurityRoute = lazyWithAntd(() => loadAccountRoutes().then((m) => m.AccountSecurity), {
  withApp: true,
});
// The public pages outside the signed-in app bring antd's provider (zh_CN, the theme) themselves.
const EntryRoute = lazyWithAntd(() =>
  loadChunk(() => import('./routes/entry-route')).then((m) => m.Component),
);
const ForgotPasswordRoute = lazyWithAntd(() => loadAccountRoutes().then((m) => m.ForgotPassword));
const SandboxRoute = lazyWithAntd(() => loadAccountRoutes().then((m) => m.Sandbox));

/** A lazy page with its own wait, so the shell stays on screen while the page's chunk loads. */
const suspended = (element: ReactNode) => <Suspense fallback={<RouteLoading />}>{element}</Suspense>;

let frameDrawn = false;

/**
 * The first render of a visit runs in a transition (main.tsx), and a transition keeps what is on screen,
 * here the loading screen of index.html, until everything it renders has arrived: a visit that opened on a
 * list waited for the list's chunks before it drew the frame's header and menu. On that first screen the
 * page's chunks are asked for once the frame is drawn, and the page follows; later pages render at once.
 */
export function AfterFrame({ children }: { children: ReactNode }) {
  const [shown, setShown] = useState(frameDrawn);
  const location = useLocation();
  const dispatch = useAppDispatch();
  useEffect(() => {
    frameDrawn = true;
    if (shown) return;
    // The area route's chunk and the screen's, side by side rather than one after the other.
    preloadPageFor(location, dispatch).catch(() => undefined);
    startTransition(() => setShown(true));
  }, [shown, location, dispatch]);
  return shown ? children : <RouteLoading />;
}

/**
 * Children of the signed-in root (`/`, behind the sign-in check), as route objects for a data router
 * (`createHashRouter`) or `useRoutes`.
 */
export const appRouteObjects: RouteObject[] = [
  { index: true, element: <Navigate to={paths.dashboard} replace /> },
  { path: paths.dashboard, element: suspended(<DashboardRoute />) },
  { path: paths.accountSecurity, element: suspended(<AccountSecurityRoute />) },
  {
    path: '*',
    element: suspended(
      <AfterFrame>
        <AreaRoute />
      </AfterFrame>,
    ),
  },
];

/** Routes outside the sign-in check, beside the login screen. */
export const publicRouteObjects: RouteObject[] = [
  { path: paths.entry, element: suspended(<EntryRoute />) },
  { path: paths.forgotPassword, element: suspended(<ForgotPasswordRoute />) },
  { path: paths.sandbox, element: suspended(<SandboxRoute />) },
  { path: paths.sandboxQr, element: suspended(<SandboxRoute />) },
];
