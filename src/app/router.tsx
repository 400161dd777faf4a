import { Suspense, useEffect, type ComponentType, type ReactNode } from 'react';
import { Navigate, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router';
import { isPublicPath, paths } from '@/config/paths';
import { bindNavigate } from '@/lib/navigation';
import { getAuthInfo } from '@/lib/storage';
import { loadChunk } from '@/utils/lazy-chunk';
import { preloadableLazy } from '@/utils/preloadable-lazy';
import { lazyWithAntd } from '@/components/antd-provider/lazy-with-antd';
import { probeChannelConfig } from '@/features/auth/api/channel-probe';
import { ChannelConfigGate } from '@/features/org-channel/components/channel-config-gate';
import { RouteErrorBoundary, RouteLoading } from './route-status';
import { Component as LoginRoute } from './routes/login-route';
import { appRouteObjects, isDashboardPath, preloadDashboard, publicRouteObjects } from './app-routes';

/*
 * A declarative hash router (`HashRouter` + `useRoutes`) rather than the data router (`createHashRouter`):
 * the routes need no loaders or actions, and the data router's machinery costs about 16 kB gzip on the
 * login screen's first paint, whose budget is 150 kB. Sign-in is checked by an element, errors by a boundary.
 */

type RouteModule = { Component: ComponentType };

/** A page drawn with antd: antd's provider and core load with it, not with the login screen. */
const antdPage = (load: () => Promise<RouteModule>) =>
  lazyWithAntd(() => loadChunk(load).then((module) => module.Component));

const HelpCenterRoute = antdPage(() => import('./routes/help-center-route'));
// The signed-in frame draws without antd, so the dashboard's first screen paints before antd's core loads.
const SignedInApp = preloadableLazy(() => {
  if (isDashboardPath(hashPathname())) preloadDashboard().catch(() => undefined);
  return loadChunk(() => import('./routes/app-route')).then((module) => ({ default: module.Component }));
});

/**
 * A signed-in visit waits for the frame's chunk before its first render, and one that opens on the
 * dashboard for the dashboard's too (both asked for beside the entry chunk, see
 * scripts/signed-in-preload.ts): frame and dashboard are drawn at once, with no loading placeholder first,
 * which React would keep for at least 300 ms once shown. On another page the frame is drawn first and the
 * page follows (app-routes.tsx AfterFrame). Resolves either way: a chunk that failed
 * shows its failure as the page.
 */
export function signedInFirstScreenLoaded(): Promise<void> {
  if (!getAuthInfo() || isPublicPath(hashPathname())) return Promise.resolve();
  const waits: Promise<unknown>[] = [SignedInApp.preload()];
  if (isDashboardPath(hashPathname())) waits.push(preloadDashboard());
  return Promise.all(waits).then(
    () => undefined,
    () => undefined,
  );
}

/** The route's path in the hash address (`#/chain-bill/dashboard?x` → `/chain-bill/dashboard`). */
const hashPathname = () => window.location.hash.replace(/^#/, '').split('?')[0] || paths.root;

const page = (element: ReactNode) => <Suspense fallback={<RouteLoading />}>{element}</Suspense>;

/** The pages before signing in: the 404 page when the default channel configuration cannot be loaded. */
const publicPage = (element: ReactNode) => (
  <ChannelConfigGate load={probeChannelConfig}>{page(element)}</ChannelConfigGate>
);

/**
 * Every app route is reachable only with a stored sign-in; others go to the login screen. The route table's
 * elements are made once, so React would skip this guard on navigations inside the app and only check the
 * sign-in when the frame mounts: reading the location makes it check on every navigation. Otherwise a visit
 * to an app page while logout's transition to the (lazy) login screen is still pending kept the signed-in
 * frame on screen, without a token.
 */
function RequireSignIn({ children }: { children: ReactNode }) {
  useLocation();
  return getAuthInfo() ? children : <Navigate to={paths.login} replace />;
}

/**
 * The route table (spec section 2). The login screen, drawn without antd, comes with the app's entry
 * chunk, so it paints without waiting for a chunk of its own (about 5 kB gzip that every other first
 * visit carries too); the other pages load lazily, and the signed-in app (shell, dashboard) comes in
 * its own chunks.
 */
export const routes: RouteObject[] = [
  { path: paths.login, element: publicPage(<LoginRoute />) },
  { path: paths.loginRegister, element: publicPage(<LoginRoute />) },
  { path: paths.helpCenter, element: publicPage(<HelpCenterRoute />) },
  ...publicRouteObjects,
  {
    path: paths.root,
    element: <RequireSignIn>{page(<SignedInApp />)}</RequireSignIn>,
    children: appRouteObjects,
  },
];

function RouteTable() {
  return useRoutes(routes);
}

/** Lets code outside components (sign-in, logout, the request layer) navigate through the router. */
function NavigateBinding() {
  const navigate = useNavigate();
  useEffect(() => {
    bindNavigate((to, options) => void navigate(to, options));
    return () => bindNavigate(null);
  }, [navigate]);
  return null;
}

/** The app's routes, inside a `HashRouter`: a failed page is shown in place and cleared by navigating away. */
export function AppRoutes() {
  return (
    <>
      <NavigateBinding />
      <RouteErrorBoundary>
        <RouteTable />
      </RouteErrorBoundary>
    </>
  );
}
