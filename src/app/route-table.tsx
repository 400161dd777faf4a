import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Navigate, Route, type RouteObject } from 'react-router';
import { paths } from '@/config/paths';
import { messages } from '@/locales/zh-CN';
import { loadChunk } from '@/utils/lazy-chunk';
import type { MenuGroup, MenuLeaf, RouteHandle } from '@/features/shell/model/route-handle';
import { RouteLoading } from './route-status';

/**
 * The route table of the signed-in app and of the entry link: every path with its title, breadcrumb
 * trail, menu group, permission path and whether it needs an authorized organisation. The router mounts
 * `appRouteObjects` (or `appRouteElements`) under the signed-in root and `publicRouteObjects` beside the
 * login screen; the shell builds the menu from `menuGroups` and the breadcrumb and access check from
 * `routeHandles`.
 *
 * This file is part of the first screen's JavaScript (the router imports it): it holds data and lazy
 * loaders only, never a page's code.
 */

const nav = messages.nav;
const plans = messages.areaPlans;

/** Permission paths of the platform's catalogue (the `/normal` prefix already stripped). */
const permission = (name: string) => `/chain-bill/${name}`;

type GroupKey = 'bill' | 'financing' | 'settlement' | 'company';

const groupTitle: Record<GroupKey, string> = {
  bill: nav.billBusiness,
  financing: nav.financing,
  settlement: nav.settlement,
  company: nav.companyCenter,
};

/** A page of a business area; `plan` marks one that is still 建设中 and says what it will do. */
interface PageSpec {
  key: string;
  path: string;
  title: string;
  group: GroupKey;
  plan?: string;
  permission?: string;
  requiresAuthorized?: boolean;
  /** A page reached from another page or a link only, not from the menu. */
  hiddenFromMenu?: boolean;
  /** The page before this one in the breadcrumb, inside the group. */
  parent?: { title: string; path: string };
}

const pages: PageSpec[] = [
  // 票据业务: every operation on a bill needs an authenticated organisation.
  {
    key: 'issue',
    path: paths.issue,
    title: nav.issue,
    group: 'bill',
    plan: plans.issue,
    permission: permission('issue'),
  },
  {
    key: 'endorse',
    path: paths.endorse,
    title: nav.endorse,
    group: 'bill',
    plan: plans.endorse,
    permission: permission('endorse'),
  },
  {
    key: 'discount',
    path: paths.discount,
    title: nav.discount,
    group: 'bill',
    plan: plans.discount,
    permission: permission('discount'),
  },
  {
    key: 'pledge',
    path: paths.pledge,
    title: nav.pledge,
    group: 'bill',
    plan: plans.pledge,
    permission: permission('pledge'),
  },
  {
    key: 'guarantee',
    path: paths.guarantee,
    title: nav.guarantee,
    group: 'bill',
    plan: plans.guarantee,
    permission: permission('guarantee'),
  },
  {
    key: 'recourse',
    path: paths.recourse,
    title: nav.recourse,
    group: 'bill',
    plan: plans.recourse,
    permission: permission('recourse'),
  },
  { key: 'depository', path: paths.depository, title: nav.depository, group: 'bill', plan: plans.depository },
  { key: 'freeze', path: paths.freeze, title: nav.freeze, group: 'bill', plan: plans.freeze },
  {
    key: 'trustTransfer',
    path: paths.trustTransfer,
    title: nav.trustTransfer,
    group: 'bill',
    plan: plans.trustTransfer,
  },
  {
    key: 'payPrompt',
    path: paths.payPrompt,
    title: nav.payPrompt,
    group: 'bill',
    plan: plans.payPrompt,
    permission: permission('pay-prompt'),
  },
  // 融资服务
  {
    key: 'easeDiscount',
    path: paths.easeDiscount,
    title: nav.easeDiscount,
    group: 'financing',
    plan: plans.easeDiscount,
  },
  {
    key: 'pledgeFinancing',
    path: paths.pledgeFinancing,
    title: nav.pledgeFinancing,
    group: 'financing',
    plan: plans.pledgeFinancing,
    permission: permission('pledge-financing'),
  },
  {
    key: 'pledgeFinancingStart',
    path: paths.pledgeFinancingStart,
    title: nav.pledgeFinancingStart,
    group: 'financing',
    plan: plans.pledgeFinancingStart,
    permission: permission('pledge-financing'),
    hiddenFromMenu: true,
    parent: { title: nav.pledgeFinancing, path: paths.pledgeFinancing },
  },
  {
    key: 'directFinancingApply',
    path: paths.directFinancingApply,
    title: nav.directFinancingApply,
    group: 'financing',
    plan: plans.directFinancingApply,
  },
  {
    key: 'financingPlan',
    path: paths.financingPlan,
    title: nav.financingPlan,
    group: 'financing',
    plan: plans.financingPlan,
  },
  // 支付结算
  { key: 'invoice', path: paths.invoice, title: nav.invoice, group: 'settlement', plan: plans.invoice },
  {
    key: 'orderPayment',
    path: paths.orderPayment,
    title: nav.orderPayment,
    group: 'settlement',
    plan: plans.orderPayment,
  },
  {
    key: 'cashPayment',
    path: paths.cashPayment,
    title: nav.cashPayment,
    group: 'settlement',
    plan: plans.cashPayment,
  },
  // 企业中心: where an organisation gets authorized, so none of it needs the flag.
  {
    key: 'authorize',
    path: paths.companyCenter,
    title: nav.authorize,
    group: 'company',
    plan: plans.authorize,
    permission: permission('company-center'),
  },
  {
    key: 'bankAccounts',
    path: paths.bankAccounts,
    title: nav.bankAccounts,
    group: 'company',
    plan: plans.bankAccounts,
    permission: permission('bank-account'),
  },
  {
    key: 'contractSigning',
    path: paths.contractSigning,
    title: nav.contractSigning,
    group: 'company',
    plan: plans.contractSigning,
    permission: permission('contract-sign'),
  },
  {
    key: 'staff',
    path: paths.staff,
    title: nav.staff,
    group: 'company',
    plan: plans.staff,
    permission: permission('staff'),
  },
];

/** Business operations need an authorized organisation; the company centre is where one gets it. */
const needsAuthorized = (page: PageSpec) => page.group !== 'company';

function handleOf(page: PageSpec): RouteHandle {
  const trail = [{ title: groupTitle[page.group] }, ...(page.parent ? [page.parent] : [])];
  return {
    title: page.title,
    trail,
    permission: page.permission,
    requiresAuthorized: needsAuthorized(page),
  };
}

type RouteModule = { Component: ComponentType };
type PlannedRouteModule = { Component: ComponentType<{ name: string; plan: string }> };

/** A page of its own chunk (spec section 8: failures and the 120 s time-out become a ChunkLoadError). */
function lazyRoute<P extends object>(load: () => Promise<{ Component: ComponentType<P> }>) {
  return lazy(() => loadChunk(load).then((module) => ({ default: module.Component })));
}

const DashboardRoute = lazyRoute(() => import('./routes/dashboard-route') as Promise<RouteModule>);
const UnderConstructionRoute = lazyRoute(
  () => import('./routes/under-construction-route') as Promise<PlannedRouteModule>,
);
const EntryRoute = lazyRoute(() => import('./routes/entry-route') as Promise<RouteModule>);

/** Every page of the signed-in app with what the shell needs to know about it, for `matchPath`. */
export const routeHandles: ReadonlyArray<{ path: string; handle: RouteHandle }> = [
  { path: paths.dashboard, handle: { title: nav.dashboard } },
  ...pages.map((page) => ({ path: page.path, handle: handleOf(page) })),
];

/** A lazy page with its own wait, so the shell stays on screen while the page's chunk loads. */
const suspended = (element: ReactNode) => <Suspense fallback={<RouteLoading />}>{element}</Suspense>;

const toDashboard = <Navigate to={paths.dashboard} replace />;

/**
 * Children of the signed-in root (`/`, behind the sign-in check), as route objects for a data router
 * (`createHashRouter`) or `useRoutes`. `appRouteElements` is the same table for `<Routes>`.
 */
export const appRouteObjects: RouteObject[] = [
  { index: true, element: toDashboard },
  { path: paths.dashboard, element: suspended(<DashboardRoute />) },
  ...pages.map((page): RouteObject => ({
    path: page.path,
    element: suspended(<UnderConstructionRoute name={page.title} plan={page.plan ?? ''} />),
  })),
  { path: '*', element: toDashboard },
];

/** Routes outside the sign-in check, beside the login screen. */
export const publicRouteObjects: RouteObject[] = [{ path: paths.entry, element: suspended(<EntryRoute />) }];

const toElements = (objects: RouteObject[]) =>
  objects.map((route, index) =>
    route.index ? (
      <Route key="index" index element={route.element} />
    ) : (
      <Route key={route.path ?? index} path={route.path} element={route.element} />
    ),
  );

export const appRouteElements = <>{toElements(appRouteObjects)}</>;
export const publicRouteElements = <>{toElements(publicRouteObjects)}</>;

const leaf = (page: PageSpec): MenuLeaf => ({
  key: page.key,
  title: page.title,
  path: page.path,
  permission: page.permission,
  requiresAuthorized: needsAuthorized(page),
});

const groupItems = (group: GroupKey) =>
  pages.filter((page) => page.group === group && !page.hiddenFromMenu).map(leaf);

/** The sidebar: 工作台, the business groups, the company centre, the export centre and the help centre. */
export const menuGroups: MenuGroup[] = [
  {
    key: 'dashboard',
    title: nav.dashboard,
    icon: 'dashboard',
    items: [{ key: 'dashboard', title: nav.dashboard, path: paths.dashboard }],
  },
  { key: 'bill', title: groupTitle.bill, icon: 'bill', items: groupItems('bill') },
  { key: 'financing', title: groupTitle.financing, icon: 'financing', items: groupItems('financing') },
  { key: 'settlement', title: groupTitle.settlement, icon: 'settlement', items: groupItems('settlement') },
  { key: 'company', title: groupTitle.company, icon: 'company', items: groupItems('company') },
  {
    key: 'export',
    title: nav.exportCenter,
    icon: 'export',
    items: [
      {
        key: 'exportCenter',
        title: nav.exportCenter,
        path: paths.dashboard,
        permission: permission('export-center'),
        action: 'export-center',
      },
    ],
  },
  {
    key: 'help',
    title: nav.helpCenter,
    icon: 'help',
    items: [{ key: 'helpCenter', title: nav.helpCenter, path: paths.helpCenter, action: 'help-center' }],
  },
];

/** The export centre's permission path, for the header's entry. */
export const EXPORT_CENTER_PERMISSION = permission('export-center');
