import { matchPath, Navigate, useLocation } from 'react-router';
import { paths } from '@/config/paths';
import { UnderConstructionPage } from '@/features/shell/components/under-construction-page';
import { businessPages, pageText } from '../route-table';
import { CompanyCenterInterim } from './company-center-interim';

/**
 * Every signed-in path but the dashboard: the business area the route table names (a 建设中 page until
 * its own issue lands), or the dashboard for a path it does not know (spec section 2: `/` is the fallback).
 */
export function Component() {
  const { pathname } = useLocation();
  const page = businessPages.find((candidate) => matchPath({ path: candidate.path, end: true }, pathname));
  if (!page) return <Navigate to={paths.dashboard} replace />;
  if (page.key === 'authorize') return <CompanyCenterInterim />;
  const { title, plan } = pageText(page.key);
  return <UnderConstructionPage name={title} plan={plan} />;
}
