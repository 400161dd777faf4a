import { lazy, Suspense } from 'react';
import Skeleton from 'antd/es/skeleton';
import { matchPath, Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { useAppSelector } from '@/lib/store';
import { selectUserInfo } from '@/features/auth/model/user-slice';
import { UnderConstructionPage } from '@/features/shell/components/under-construction-page';
import { loadChunk } from '@/utils/lazy-chunk';
import { businessPages, pageText } from '../route-table';

/** Built business screens, each area's chunk loaded when first visited. */
const BillScreen = lazy(() =>
  loadChunk(() => import('@/features/bills/components/bill-screen')).then((m) => ({ default: m.BillScreen })),
);
const BILL_SCREENS: ReadonlySet<string> = new Set(['issue', 'endorse', 'signWorkbench']);

/**
 * Every signed-in path but the dashboard: the business area the route table names (its screen once built, a
 * 建设中 page until then), or the dashboard for a path it does not know (spec section 2: `/` is the fallback).
 */
export function Component() {
  const { pathname } = useLocation();
  const orgId = useAppSelector(selectUserInfo)?.orgId ?? '';
  const page = businessPages.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname));
  if (!page) return <Navigate to={paths.dashboard} replace />;
  if (BILL_SCREENS.has(page.key)) {
    return (
      <Suspense fallback={<Skeleton active />}>
        <BillScreen screen={page.key as 'issue' | 'endorse' | 'signWorkbench'} orgId={orgId} />
      </Suspense>
    );
  }
  const { title, plan } = pageText(page.key);
  return <UnderConstructionPage name={title} plan={plan} />;
}
