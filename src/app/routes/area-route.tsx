import { lazy, Suspense, type ComponentType } from 'react';
import { matchPath, Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { UnderConstructionPage } from '@/features/shell/components/under-construction-page';
import { loadChunk } from '@/utils/lazy-chunk';
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
const SCREENS: Partial<Record<BusinessPageKey, ComponentType>> = {
  authorize: lazy(() => loadCompanyCenter().then((m) => ({ default: m.CompanyCenterScreen }))),
  bankAccounts: lazy(() => loadCompanyCenter().then((m) => ({ default: m.BankAccountsScreen }))),
  staff: lazy(() => loadCompanyCenter().then((m) => ({ default: m.StaffScreen }))),
  joinCompany: lazy(() => loadCompanyCenter().then((m) => ({ default: m.JoinCompanyScreen }))),
  issue: lazy(() => loadBills().then((m) => ({ default: m.IssueScreen }))),
  endorse: lazy(() => loadBills().then((m) => ({ default: m.EndorseScreen }))),
  signWorkbench: lazy(() => loadBills().then((m) => ({ default: m.SignWorkbenchScreen }))),
  discount: lazy(() => loadDiscount().then((m) => ({ default: m.DiscountScreen }))),
  easeDiscount: lazy(() => loadEaseDiscount().then((m) => ({ default: m.EaseDiscountScreen }))),
  guarantee: lazy(() => loadGuarantee().then((m) => ({ default: m.GuaranteeScreen }))),
  freeze: lazy(() => loadFreeze().then((m) => ({ default: m.FreezeScreen }))),
  pledgeFinancing: lazy(() => loadPledgeFin().then((m) => ({ default: m.PledgeFinListScreen }))),
  pledgeFinancingStart: lazy(() => loadPledgeFin().then((m) => ({ default: m.PledgeFinStartScreen }))),
  pledge: lazy(() => loadPledge().then((m) => ({ default: m.PledgeScreen }))),
  recourse: lazy(() => loadRecourse().then((m) => ({ default: m.RecourseScreen }))),
  payPrompt: lazy(() => loadPayment().then((m) => ({ default: m.PaymentScreen }))),
  payable: lazy(() => loadPayment().then((m) => ({ default: m.PayableScreen }))),
  contractSigning: lazy(() => loadCompanyCenter().then((m) => ({ default: m.ContractsScreen }))),
};

/**
 * Every signed-in path but the dashboard: the business area the route table names (its screen, or a 建设中
 * page until it is built), or the dashboard for a path it does not know (spec section 2: `/` is the fallback).
 */
export function Component() {
  const { pathname } = useLocation();
  const page = businessPages.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname));
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
