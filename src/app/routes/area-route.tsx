import { Suspense } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { UnderConstructionPage } from '@/features/shell/components/under-construction-page';
import { loadChunk } from '@/utils/lazy-chunk';
import { preloadableLazy } from '@/utils/preloadable-lazy';
import type { AppDispatch } from '@/lib/store';
import { businessPages, pageText, type BusinessPageKey } from '../route-table';
import { RouteLoading } from '../route-status';

const loadCompanyCenter = () => loadChunk(() => import('./company-center-screens'));
const loadBills = () => loadChunk(() => import('./bill-screens'));
const loadDiscount = () => loadChunk(() => import('./discount-screens'));
const loadPledgeFin = () => loadChunk(() => import('./pledge-fin-screens'));
const loadEaseDiscount = () => loadChunk(() => import('./ease-discount-screens'));
const loadGuarantee = () => loadChunk(() => import('./guarantee-screens'));
const loadFreeze = () => loadChunk(() => import('./freeze-screens'));
const loadPledge = () => loadChunk(() => import('./pledge-screens'));
const loadRecourse = () => loadChunk(() => import('./recourse-screens'));
const loadPayment = () => loadChunk(() => import('./payment-screens'));

/** The areas built so far, each its own chunk; every other area shows its 建设中 page. */
const SCREENS: Partial<Record<BusinessPageKey, ReturnType<typeof preloadableLazy>>> = {
  authorize: preloadableLazy(() => loadCompanyCenter().then((m) => ({ default: m.CompanyCenterScreen }))),
  bankAccounts: preloadableLazy(() => loadCompanyCenter().then((m) => ({ default: m.BankAccountsScreen }))),
  staff: preloadableLazy(() => loadCompanyCenter().then((m) => ({ default: m.StaffScreen }))),
  joinCompany: preloadableLazy(() => loadCompanyCenter().then((m) => ({ default: m.JoinCompanyScreen }))),
  issue: preloadableLazy(() => loadBills().then((m) => ({ default: m.IssueScreen }))),
  endorse: preloadableLazy(() => loadBills().then((m) => ({ default: m.EndorseScreen }))),
  signWorkbench: preloadableLazy(() => loadBills().then((m) => ({ default: m.SignWorkbenchScreen }))),
  discount: preloadableLazy(() => loadDiscount().then((m) => ({ default: m.DiscountScreen }))),
  easeDiscount: preloadableLazy(() => loadEaseDiscount().then((m) => ({ default: m.EaseDiscountScreen }))),
  guarantee: preloadableLazy(() => loadGuarantee().then((m) => ({ default: m.GuaranteeScreen }))),
  freeze: preloadableLazy(() => loadFreeze().then((m) => ({ default: m.FreezeScreen }))),
  pledgeFinancing: preloadableLazy(() => loadPledgeFin().then((m) => ({ default: m.PledgeFinListScreen }))),
  pledgeFinancingStart: preloadableLazy(() =>
    loadPledgeFin().then((m) => ({ default: m.PledgeFinStartScreen })),
  ),
  pledge: preloadableLazy(() => loadPledge().then((m) => ({ default: m.PledgeScreen }))),
  recourse: preloadableLazy(() => loadRecourse().then((m) => ({ default: m.RecourseScreen }))),
  payPrompt: preloadableLazy(() => loadPayment().then((m) => ({ default: m.PaymentScreen }))),
  payable: preloadableLazy(() => loadPayment().then((m) => ({ default: m.PayableScreen }))),
  contractSigning: preloadableLazy(() => loadCompanyCenter().then((m) => ({ default: m.ContractsScreen }))),
};

/**
 * The call a screen's first render makes, made ahead on a first visit: the request goes out as soon as the
 * screen's chunk has arrived instead of after the page has rendered and mounted, the longest wait of a list
 * opened on a phone.
 */
const FIRST_DATA: Partial<
  Record<BusinessPageKey, (dispatch: AppDispatch, params: URLSearchParams) => Promise<void>>
> = {
  signWorkbench: (dispatch, params) => loadBills().then((m) => m.prefetchSignWorkbench(dispatch, params)),
};

const pageOf = (pathname: string) =>
  businessPages.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname));

/**
 * Starts loading the screen a visit opens on beside this route's chunk rather than after it has arrived
 * and rendered (app-routes.tsx, preloadPageFor).
 */
export function preloadScreenFor(pathname: string, search: string, dispatch: AppDispatch): Promise<void> {
  const page = pageOf(pathname);
  const screen = page && SCREENS[page.key];
  if (!screen) return Promise.resolve();
  const firstData = FIRST_DATA[page.key];
  return Promise.all([screen.preload(), firstData?.(dispatch, new URLSearchParams(search))]).then(
    () => undefined,
  );
}

/**
 * Every signed-in path but the dashboard: the business area the route table names (its screen, or a 建设中
 * page until it is built), or the dashboard for a path it does not know (spec section 2: `/` is the fallback).
 */
export function Component() {
  const { pathname } = useLocation();
  const page = pageOf(pathname);
  if (!page) return <Navigate to={paths.dashboard} replace />;
  const Screen = SCREENS[page.key];
  if (Screen) {
    return (
      <Suspense fallback={<RouteLoading />}>
        <Screen />
      </Suspense>
    );
  }
  const { title, plan } = pageText(page.key);
  return <UnderConstructionPage name={title} plan={plan} />;
}
